/**
 * Writes a response body (a web ReadableStream) to the Node response, chunk by chunk, at the
 * client's pace: after a write the buffer cannot take, it waits for 'drain' before reading the
 * next chunk, so a slow client pauses the producer (a CSV export reads its next batch from the
 * database only when the previous ones have gone out: docs/requirements/operations.md#request-limits).
 * Each chunk is flushed through the compression stream as it comes (a streamed page shows as it
 * renders). A client that goes away cancels the stream, which stops its producer (the export's
 * batches).
 *
 * It replaces @react-router/node's `writeReadableStreamToWritable` (7.18.4; 7.18.5 the same),
 * which awaits every read and every wait for 'drain' in a `Promise.race` against one promise
 * that settles only when the response closes. Each race leaves a reaction on that promise, and
 * the reaction keeps the race's result alive, so every chunk of a body stayed in memory (outside
 * V8's heap, as ArrayBuffers) until the response ended: an export of a million audit entries
 * held its whole file (ADR 018's amendment "the export's stream keeps nothing it has sent"). Here
 * nothing outlives its own wait.
 */
import type { Writable } from "node:stream";

/** The compression middleware's `flush()`, on the responses it may compress. */
type Response = Writable & { flush?: () => void };

export async function writeBody(body: ReadableStream<Uint8Array>, res: Response): Promise<void> {
  const reader = body.getReader();
  let gone = false;
  // The client went away (or the socket failed) before the end: stop the producer. A pending read
  // then answers `done`.
  const onGone = () => {
    if (gone || res.writableFinished) return;
    gone = true;
    reader.cancel().catch(() => {});
  };
  res.once("close", onGone);
  res.once("error", onGone);
  try {
    for (;;) {
      if (gone || res.destroyed) return void onGone();
      const { done, value } = await reader.read();
      if (gone || res.destroyed) return void onGone();
      if (done) {
        res.end();
        return;
      }
      const more = res.write(value);
      res.flush?.();
      if (!more) await drained(res);
    }
  } catch (error) {
    // The body failed (the database, mid-export): the client must not take half a file for a
    // whole one, so the connection is cut rather than the response ended; the caller logs it.
    reader.cancel(error).catch(() => {});
    res.destroy();
    throw error;
  } finally {
    res.off("close", onGone);
    res.off("error", onGone);
    reader.releaseLock();
  }
}

/** Resolves at the response's next 'drain', or when it closes; its listeners go with it. */
function drained(res: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
