/**
 * Readiness and graceful shutdown of one server process (server/lifecycle.ts) on a real HTTP
 * server: /readyz follows the database check and turns 503 on shutdown; a request in flight
 * finishes (exit 0), one that outlives the grace period is cut off (exit 1); the background work
 * and the database close only after the requests.
 */
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

import { createLifecycle, type LifecycleOptions } from "../../server/lifecycle";

const quiet = { log: () => {}, error: () => {} };
let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server whose /slow answers after `slowMs`, and everything else at once. */
async function serve(options: Partial<LifecycleOptions> & { slowMs?: number }) {
  const events: string[] = [];
  const exits: number[] = [];
  server = createServer();
  const lifecycle = createLifecycle({
    server,
    graceMs: 1_000,
    ready: async () => {},
    close: async () => {
      events.push("closed");
    },
    log: quiet,
    exit: (code) => exits.push(code),
    ...options,
  });
  server.on("request", (req, res) => {
    lifecycle.track(req, res);
    if (req.url === "/readyz") return void lifecycle.answerReadiness(res, { "X-Content-Type-Options": "nosniff" });
    const delay = req.url === "/slow" ? (options.slowMs ?? 300) : 0;
    setTimeout(() => {
      events.push(`answered ${req.url}`);
      res.end("ok");
    }, delay);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { lifecycle, events, exits, port };
}

function get(port: number, path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    })
      .on("error", reject)
      .end();
  });
}

describe("/readyz", () => {
  it("answers 200 when the database is ready, 503 naming the reason otherwise, never cached", async () => {
    let failure: Error | undefined;
    const { port } = await serve({
      ready: async () => {
        if (failure) throw failure;
      },
    });
    const ok = await get(port, "/readyz");
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ status: "ready" });
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect(ok.headers["x-content-type-options"]).toBe("nosniff");

    failure = new Error("connect ECONNREFUSED 10.0.0.5:5432");
    const down = await get(port, "/readyz");
    expect(down.status).toBe(503);
    // The detail (an internal address) is for the log, not for whoever asks.
    expect(JSON.parse(down.body)).toEqual({ status: "unavailable", reason: "database unreachable" });

    failure = new Error("migrations pending");
    expect(JSON.parse((await get(port, "/readyz")).body)).toEqual({ status: "unavailable", reason: "migrations pending" });
  });

  it("answers 503 when the database does not answer within 2 s", async () => {
    const { port } = await serve({ ready: () => new Promise(() => {}) });
    const started = Date.now();
    const response = await get(port, "/readyz");
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});

describe("shutdown", () => {
  it("lets a request in flight finish with Connection: close, refuses new connections, then closes and exits 0", async () => {
    const { lifecycle, events, exits, port } = await serve({ slowMs: 300 });
    const slow = get(port, "/slow");
    await new Promise((r) => setTimeout(r, 50));
    const stopped = lifecycle.shutdown("SIGTERM");
    expect(lifecycle.stopping).toBe(true);
    await new Promise((r) => setTimeout(r, 50)); // the listener closes after one event-loop turn
    await expect(get(port, "/")).rejects.toThrow(/ECONNREFUSED/);
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe("close");
    expect(await stopped).toBe(0);
    expect(exits).toEqual([0]);
    expect(events).toEqual(["answered /slow", "closed"]);
  });

  it("answers a request that arrives on a connection accepted just before the shutdown (a proxy's POST is not reset)", async () => {
    const { lifecycle, port } = await serve({});
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    await new Promise((r) => setTimeout(r, 50)); // accepted by the server, no request yet
    const stopped = lifecycle.shutdown("SIGTERM");
    await new Promise((r) => setTimeout(r, 100));
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString()));
    const ended = new Promise((resolve) => socket.once("close", resolve));
    socket.write("POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\nok");
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(await stopped).toBe(0);
  });

  it("with a delay, keeps serving with /readyz at 503 before it stops accepting", async () => {
    const { lifecycle, port } = await serve({ delayMs: 400 });
    const stopped = lifecycle.shutdown("SIGTERM");
    const ready = await get(port, "/readyz");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: "unavailable", reason: "shutting down" });
    const page = await get(port, "/");
    expect(page.status).toBe(200);
    expect(page.headers.connection).toBe("close");
    expect(await stopped).toBe(0);
  });

  it("cuts off a request that outlives the grace period and exits 1; a second signal changes nothing", async () => {
    const { lifecycle, events, exits, port } = await serve({ graceMs: 200, slowMs: 5_000 });
    const slow = get(port, "/slow").catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 50));
    const first = lifecycle.shutdown("SIGTERM");
    const second = lifecycle.shutdown("SIGINT");
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(await slow).toBeInstanceOf(Error);
    expect(exits).toEqual([1]);
    expect(events).toEqual(["closed"]);
  });
});
