/**
 * A long compressed download to a slow client (a CSV export of years of audit log): the server
 * waits for the client at each full buffer without piling up listeners (server/drain-listeners.ts).
 * The same middleware chain as the server: compression, then oneDrainListener, and the server's
 * body writer (server/write-body.ts). And a client that goes away stops the reading of the
 * export's batches.
 */
import { createHash, randomBytes } from "node:crypto";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";

import { csvDownload } from "~/lib/csv-download.server";

import { oneDrainListener } from "../../server/drain-listeners";
import { writeBody } from "../../server/write-body";

const CHUNKS = 200;
// Random hex: compresses about 2:1, so the compression stream's buffer fills and the writer waits.
const chunks = Array.from({ length: CHUNKS }, () => randomBytes(32 * 1024).toString("hex"));
const expected = createHash("sha256").update(chunks.join("")).digest("hex");

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function download(withFix: boolean): Promise<{ warnings: string[]; digest: string }> {
  const app = express();
  app.use(compression());
  if (withFix) app.use(oneDrainListener);
  app.get("/export.csv", async (_req, res) => {
    res.setHeader("Content-Type", "text/csv");
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i === CHUNKS) return controller.close();
        controller.enqueue(new TextEncoder().encode(chunks[i++]));
      },
    });
    await writeBody(body, res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as AddressInfo;

  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    const digest = await new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/export.csv", headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const hash = createHash("sha256");
        const gunzip = res.pipe(createGunzip());
        // A slow client: reads a little, then stops for a moment, so the server's buffers fill.
        gunzip.on("data", (data: Buffer) => {
          hash.update(data);
          gunzip.pause();
          setTimeout(() => gunzip.resume(), 1);
        });
        gunzip.on("end", () => resolve(hash.digest("hex")));
        gunzip.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
    await new Promise((resolve) => setImmediate(resolve));
    return { warnings, digest };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("a long compressed download to a slow client", () => {
  it("arrives whole, with no MaxListenersExceededWarning: each wait for the client removes its listener", async () => {
    const { warnings, digest } = await download(true);
    expect(digest).toBe(expected);
    expect(warnings.filter((w) => w.includes("MaxListeners"))).toEqual([]);
  }, 60_000);

  it("without the fix, the compression middleware piles the listeners up (the fault this guards against)", async () => {
    const { warnings, digest } = await download(false);
    expect(digest).toBe(expected);
    expect(warnings.some((w) => w.includes("MaxListenersExceededWarning") && w.includes("drain"))).toBe(true);
  }, 60_000);
});

describe("a CSV export whose client goes away", () => {
  it("stops reading batches from the database soon after, instead of reading to the end", async () => {
    const TOTAL = 2_000;
    let read = 0;
    let stopped = false;
    async function* batches(): AsyncGenerator<{ id: string; text: string }[]> {
      try {
        for (let b = 0; b < TOTAL; b++) {
          read++;
          yield Array.from({ length: 50 }, (_, i) => ({ id: `${b}-${i}`, text: randomBytes(64).toString("hex") }));
        }
      } finally {
        stopped = true;
      }
    }
    const app = express();
    app.use(compression());
    app.use(oneDrainListener);
    app.get("/export.csv", async (_req, res) => {
      const response = await csvDownload(
        "export",
        [
          ["ID", (r: { id: string }) => r.id],
          ["Text", (r: { text: string }) => r.text],
        ],
        batches(),
      );
      res.status(response.status);
      response.headers.forEach((value, key) => res.setHeader(key, value));
      await writeBody(response.body!, res).catch(() => {});
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/export.csv", headers: { "Accept-Encoding": "gzip" } }, (res) => {
        res.once("data", () => {
          req.destroy(); // the administrator closed the tab
          resolve();
        });
      });
      req.on("error", () => {});
      req.on("close", () => resolve());
      req.end();
      setTimeout(() => reject(new Error("no data within 10 s")), 10_000).unref();
    });
    await expect.poll(() => stopped, { timeout: 5_000 }).toBe(true);
    expect(read).toBeLessThan(TOTAL / 4);
  }, 30_000);
});
