import { BodyTooLargeError, readBodyLimited } from "~/lib/request-body.server";

/**
 * Reads a form body of at most `limit` bytes. A bigger one is refused (null) without being kept in
 * memory: its rest is read and dropped, up to `drainLimit`, so that the client still receives the
 * refusal (a server that stops reading mid-upload makes the client see a reset connection
 * instead). A body that is not a form reads as an empty form.
 */
export async function readFormLimited(request: Request, limit: number, drainLimit = 8 * 1024 * 1024): Promise<FormData | null> {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyLimited(request, limit, drainLimit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
  try {
    return await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return new FormData();
  }
}
