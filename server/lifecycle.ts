/**
 * Readiness and graceful shutdown of one server process (docs/requirements/operations.md#data-and-deployment,
 * ADR 016).
 *
 * `/readyz` answers 200 while the process takes traffic: the database answers and has every
 * migration of this build applied. It answers 503 when the database does not answer (within
 * READY_TIMEOUT_MS), when migrations are pending, and from the moment SIGTERM or SIGINT arrives,
 * so a load balancer stops sending new work before the process goes away. Every check asks the
 * database again (nothing is remembered between checks), so readiness follows the database back
 * after an outage. `/healthz` stays the liveness check: the process runs.
 *
 * On SIGTERM (or SIGINT) the process (after SHUTDOWN_DELAY_SECONDS, default 0, for a load
 * balancer that polls /readyz) stops accepting connections, closes its idle keep-alive
 * connections and answers every further response with `Connection: close` (a proxy sends the next
 * request elsewhere), lets the requests in flight finish for up to SHUTDOWN_GRACE_SECONDS, then
 * stops its background work (the lead outbox hands back the leads it claimed and did not send),
 * closes the database and exits 0; with requests cut off at the end of the grace period, 1.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

import { MIGRATIONS_PENDING } from "../app/db/client.server.ts";

/** How long /readyz waits for the database before answering 503. */
export const READY_TIMEOUT_MS = 2_000;
/** After the grace period: how long closing the database may take before the process exits anyway. */
const CLOSE_TIMEOUT_MS = 10_000;

export interface LifecycleOptions {
  server: Server;
  /** SHUTDOWN_GRACE_SECONDS, in ms. */
  graceMs: number;
  /** SHUTDOWN_DELAY_SECONDS, in ms: how long to keep serving (with /readyz at 503) before closing. */
  delayMs?: number;
  /** Resolves when the process can take traffic; rejects with the reason otherwise. Given the time limit of a check. */
  ready: (timeoutMs: number) => Promise<void>;
  /** Before the server stops accepting (development: Vite's hot-reload sockets). */
  beforeClose?: () => Promise<void>;
  /** After the requests: stops the background work and closes the database. */
  close: () => Promise<void>;
  log?: Pick<Console, "log" | "error">;
  exit?: (code: number) => void;
}

export interface Lifecycle {
  /** SIGTERM or SIGINT has arrived. */
  readonly stopping: boolean;
  /** Call first for every request: counts it, and asks for `Connection: close` once stopping. */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** Answers GET /readyz. */
  answerReadiness(res: ServerResponse, headers: Record<string, string>): Promise<void>;
  /** Starts the graceful shutdown (what SIGTERM and SIGINT do); resolves when the process may exit. */
  shutdown(signal: string): Promise<number>;
}

export function createLifecycle({
  server,
  graceMs,
  delayMs = 0,
  ready,
  beforeClose,
  close,
  log = console,
  exit = (code) => process.exit(code),
}: LifecycleOptions): Lifecycle {
  let stopping = false;
  let shuttingDown: Promise<number> | undefined;
  const active = new Set<ServerResponse>();
  let check: Promise<string | null> | undefined;
  let lastReason: string | null = null;

  /** One database check at a time, shared by the probes that arrive meanwhile. */
  function readiness(): Promise<string | null> {
    check ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          ready(READY_TIMEOUT_MS),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`the database did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
          }),
        ]);
        if (lastReason !== null) log.log("Readiness: ready again");
        lastReason = null;
        return null;
      } catch (error) {
        // The visitor-facing reason is generic; the log line (once per change) has the detail.
        const detail = error instanceof Error ? error.message : String(error);
        const reason = detail === MIGRATIONS_PENDING ? "migrations pending" : "database unreachable";
        if (reason !== lastReason) log.error(`Readiness: not ready, ${reason} (${detail.replace(/\s+/g, " ")})`);
        lastReason = reason;
        return reason;
      } finally {
        clearTimeout(timer);
        check = undefined;
      }
    })();
    return check;
  }

  function closeAfterResponse(res: ServerResponse) {
    if (!res.headersSent) res.setHeader("Connection", "close");
    else res.once("finish", () => res.socket?.end());
  }

  async function shutdown(signal: string): Promise<number> {
    stopping = true;
    const inFlight = active.size;
    log.log(
      `${signal} received: /readyz answers 503, no new connections; finishing ${inFlight} request${inFlight === 1 ? "" : "s"} in flight (up to ${Math.round(graceMs / 1000)} s)`,
    );
    for (const res of active) closeAfterResponse(res);
    // A load balancer that polls /readyz needs a moment to see the 503; meanwhile requests are
    // still served (each on a connection that closes after it).
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await beforeClose?.().catch(() => {});
    // Close the listener right after an event-loop turn has accepted what was waiting: a
    // connection still queued in the kernel when it closes is reset, and a proxy cannot tell
    // whether a POST sent on it was processed (so it rightly does not send it elsewhere).
    await new Promise((resolve) => setImmediate(resolve));
    const drained = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), graceMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve(true);
      });
      server.closeIdleConnections();
    });
    const clean = await drained;
    if (!clean) {
      log.error(`Shutdown: ${active.size} request(s) still running after ${Math.round(graceMs / 1000)} s; closing their connections`);
      server.closeAllConnections();
    }
    // The outbox finishes the send under way and hands back the rest; then the database closes.
    let closeTimer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      close().then(
        () => true,
        (error: unknown) => {
          log.error(`Shutdown: closing the database failed: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        },
      ),
      new Promise<boolean>((resolve) => {
        closeTimer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
        closeTimer.unref();
      }),
    ]);
    clearTimeout(closeTimer);
    const code = clean && closed ? 0 : 1;
    log.log(`Stopped (${clean ? "every request finished" : "requests cut off"}; exit ${code})`);
    return code;
  }

  return {
    get stopping() {
      return stopping;
    },
    track(_req, res) {
      if (stopping) {
        res.setHeader("Connection", "close");
        return;
      }
      active.add(res);
      res.once("close", () => active.delete(res));
    },
    async answerReadiness(res, headers) {
      const reason = stopping ? "shutting down" : await readiness();
      const status = reason === null && !stopping ? 200 : 503;
      res.writeHead(status, { ...headers, "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify(status === 200 ? { status: "ready" } : { status: "unavailable", reason: reason ?? "shutting down" }));
    },
    shutdown(signal) {
      // A second signal (SIGINT from the terminal and SIGTERM from the cluster primary) joins the first.
      shuttingDown ??= shutdown(signal).then((code) => {
        exit(code);
        return code;
      });
      return shuttingDown;
    },
  };
}
