/**
 * The server's body writer (server/write-body.ts): a long download (a CSV export of the whole audit
 * log) keeps no chunk in memory once it has gone out, reads its next chunk only when the client
 * has taken the previous ones, stops its producer when the client goes away, and cuts the
 * connection when the body fails (docs/requirements/operations.md#request-limits, ADR 018).
 */
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";

import { writeBody } from "../../server/write-body";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const CHUNK = 64 * 1024;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose one route writes `body()` with writeBody; resolves its port and how the writing ended. */
async function serve(body: () => ReadableStream<Uint8Array>): Promise<{ port: number; outcome: Promise<string> }> {
  let settle: (value: string) => void = () => {};
  const outcome = new Promise<string>((resolve) => (settle = resolve));
  server = createServer((_req, res) => {
    res.setHeader("Content-Type", "text/csv");
    writeBody(body(), res).then(
      () => settle("done"),
      (error: unknown) => settle(`failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port, outcome };
}

function get(port: number, onResponse: (res: IncomingMessage) => void): Promise<void> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/export.csv" }, (res) => {
      onResponse(res);
      res.on("close", () => resolve());
    });
    req.on("error", () => resolve());
    req.end();
  });
}

describe("writeBody", () => {
  it("keeps no chunk it has written: while the download goes on, the chunks the client has are garbage", async () => {
    const TOTAL = 160;
    const GATE = 120; // the producer waits here while the test looks at what is still in memory
    const chunks: WeakRef<Uint8Array>[] = [];
    let atGate: () => void = () => {};
    const reachedGate = new Promise<void>((resolve) => (atGate = resolve));
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let produced = 0;
    const { port, outcome } = await serve(
      () =>
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (produced === GATE) {
              atGate();
              await gate;
            }
            if (produced === TOTAL) return controller.close();
            const chunk = new Uint8Array(CHUNK).fill(48 + (produced++ % 10));
            chunks.push(new WeakRef(chunk));
            controller.enqueue(chunk);
          },
        }),
    );
    let received = 0;
    const download = get(port, (res) => res.on("data", (data: Buffer) => (received += data.length)));
    await reachedGate;
    // The client has read everything but the last few chunks written.
    await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThanOrEqual((GATE - 8) * CHUNK);
    await tick();
    gc();
    await tick();
    gc();
    const alive = chunks.slice(0, GATE - 8).filter((ref) => ref.deref() !== undefined).length;
    openGate();
    await download;
    expect(received).toBe(TOTAL * CHUNK);
    expect(await outcome).toBe("done");
    // @react-router/node's writer kept every one (GATE - 8) until the response ended.
    expect(alive).toBeLessThanOrEqual(2);
  }, 30_000);

  it("reads the next chunk only as the client takes them: a client that stops reading stops the producer", async () => {
    const TOTAL = 4_000; // 256 MB if it were all read
    let pulls = 0;
    let cancelled = false;
    const { port, outcome } = await serve(
      () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (++pulls > TOTAL) return controller.close();
            controller.enqueue(new Uint8Array(CHUNK).fill(49));
          },
          cancel() {
            cancelled = true;
          },
        }),
    );
    let response: IncomingMessage | undefined;
    const download = get(port, (res) => {
      response = res;
      res.pause(); // the client reads nothing more
    });
    await expect.poll(() => response !== undefined, { timeout: 5_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const whilePaused = pulls;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The socket's buffers take a few MB, then the producer waits.
    expect(pulls).toBe(whilePaused);
    expect(pulls).toBeLessThan(TOTAL / 10);
    response!.destroy(); // the client goes away
    await download;
    await expect.poll(() => cancelled, { timeout: 5_000 }).toBe(true);
    expect(await outcome).toBe("done");
    expect(pulls).toBeLessThan(TOTAL / 10);
  }, 30_000);

  it("cuts the connection when the body fails, so half a file never looks whole", async () => {
    let n = 0;
    const { port, outcome } = await serve(
      () =>
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (n++ === 3) {
              await new Promise((resolve) => setTimeout(resolve, 50)); // the first chunks are on their way
              throw new Error("the database went away");
            }
            controller.enqueue(new Uint8Array(1024).fill(50));
          },
        }),
    );
    let complete: boolean | undefined;
    await get(port, (res) => {
      res.resume();
      res.on("close", () => (complete = res.complete));
    });
    expect(complete).toBe(false);
    expect(await outcome).toBe("failed: the database went away");
  });
});
