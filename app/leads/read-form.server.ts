/**
 * Reads a form body of at most `limit` bytes. A bigger one is refused (null) without being kept in
 * memory: its rest is read and dropped, up to `drainLimit`, so that the client still receives the
 * refusal (a server that stops reading mid-upload makes the client see a reset connection
 * instead). A body that is not a form reads as an empty form.
 */
export async function readFormLimited(request: Request, limit: number, drainLimit = 8 * 1024 * 1024): Promise<FormData | null> {
  const declared = Number(request.headers.get("content-length"));
  if (!request.body) return new FormData();
  if (Number.isFinite(declared) && declared > drainLimit) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > drainLimit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    if (total <= limit) chunks.push(value);
  }
  if (total > limit) return null;
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return new FormData();
  }
}
