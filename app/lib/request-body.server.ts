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
