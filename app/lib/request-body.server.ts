/** Reading request bodies with a size limit, for every action and API that takes one. */

export class BodyTooLargeError extends Error {
  constructor() {
    super("The request body is too large.");
    this.name = "BodyTooLargeError";
  }
}

/**
 * The request body, or BodyTooLargeError as soon as it is known to pass `limit` bytes: from
 * Content-Length (nothing read), else by counting while reading; what passes the limit is never
 * kept. With `drainUpTo` above `limit`, the rest of a too-large body is read and dropped up to that
 * many bytes, so the client receives the refusal on a connection that stays usable; past it (or
 * without it) reading stops, and the caller's refusal should close the connection. The stream is
 * never cancelled: that would reset the connection before the refusal is sent.
 */
export async function readBodyLimited(request: Request, limit: number, drainUpTo = limit): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > Math.max(limit, drainUpTo)) throw new BodyTooLargeError();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total <= limit) chunks.push(value);
    else if (total > drainUpTo) {
      reader.releaseLock();
      throw new BodyTooLargeError();
    }
  }
  if (total > limit) throw new BodyTooLargeError();
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** Ordinary forms (sign-in, staff accounts, a lead's status): a few fields, never more than this. */
export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * A too-large body up to this size is read and dropped, so the client receives the 413 on a
 * connection that stays usable; past it the answer closes the connection instead of reading on.
 */
export const DRAIN_LIMIT = 1024 * 1024;

/** What a refused body is answered with: 413 when too large, 400 when it is not a readable form. */
export function bodyRefusal(status: 400 | 413): Response {
  const message = status === 413 ? "That request is too large." : "That form could not be read. Reload the page and try again.";
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...(status === 413 ? { Connection: "close" } : {}),
    },
  });
}

/**
 * The request's form, read within `limit` bytes (a too-large one drained up to `drainUpTo`).
 * Actions read forms through parseForm (app/lib/form.server.ts), which calls this. Throws a 413 Response when the body is too large
 * (before buffering it), and a 400 Response when it is not a form (a broken multipart boundary).
 * The fields' own rules (each form's schema) refuse what PostgreSQL cannot store, such as a NUL
 * character, with a message on the field and the input kept.
 */
export async function readForm(request: Request, limit = FORM_BODY_LIMIT, drainUpTo = DRAIN_LIMIT): Promise<FormData> {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyLimited(request, limit, Math.max(limit, drainUpTo));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyRefusal(413);
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw bodyRefusal(400);
  }
  return form;
}
