/**
 * `npm start` with WEB_CONCURRENCY > 1: a primary process that forks that many workers with
 * node:cluster; each worker is the whole server (server/app-server.ts) and they share one port
 * (the primary accepts connections and hands them out in turn). The primary loads no build and
 * opens no database (ADR 016).
 *
 * - A worker that dies unexpectedly is replaced and the death logged; a worker that dies within
 *   a minute of its start is replaced after a back-off (1 s, doubling to 30 s), so a crash loop
 *   does not spin. Until the first worker listens, a worker that exits with an error stops
 *   everything (exit 1): that is a configuration or database problem, not a crash.
 * - SIGTERM or SIGINT: the primary passes SIGTERM to every worker (each shuts down gracefully,
 *   server/lifecycle.ts), replaces none, and exits when all have: 0 when each exited 0.
 * - Every worker runs the background work (the lead outbox, whose claims are atomic; the hourly
 *   and ten-minute prunes, whose deletes are idempotent), so nothing depends on one worker.
 * - With a worker for every core, the workers collect their garbage on their own thread
 *   (`--single-threaded-gc`): V8's parallel GC helpers would only take time from the other
 *   workers' main threads (measured: 6 to 12% more requests per second with two workers on two
 *   cores; `npm run bench`, phase `workers`). With fewer workers than cores they keep them.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";

/** A worker that lived less than this is a crash loop candidate: its replacement waits. */
const STABLE_AFTER_MS = 60_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;

export interface PrimaryOptions {
  workers: number;
  /** SHUTDOWN_GRACE_SECONDS in ms: how long workers get before the primary kills them. */
  graceMs: number;
  log?: Pick<Console, "log" | "error">;
}

/** The V8 flags of the workers: single-threaded GC when they occupy every core (see above). */
export function workerExecArgv(workers: number, cores = availableParallelism(), execArgv = process.execArgv): string[] {
  return workers >= cores && !execArgv.includes("--single-threaded-gc") ? [...execArgv, "--single-threaded-gc"] : [...execArgv];
}

export function runPrimary({ workers, graceMs, log = console }: PrimaryOptions): void {
  cluster.setupPrimary({ execArgv: workerExecArgv(workers) });
  let stopping = false;
  let anyListened = false;
  let failed = false;
  let backoffMs = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once("listening", () => {
      anyListened = true;
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      // A worker still starting has no handler yet: SIGTERM ends it at once, which is fine.
      if (code !== 0 && signal !== "SIGTERM") failed = true;
      if (startedAt.size === 0) {
        log.log(`All workers stopped; exit ${failed ? 1 : 0}`);
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
    // Exited by itself before any worker listened: a configuration or database problem that a
    // replacement would only repeat. (Killed by a signal, say out of memory: replaced as usual.)
    if (!anyListened && code !== null) {
      log.error(`Worker ${worker.process.pid} ${how} before any worker was listening: stopping (see its messages above)`);
      stop("startup failure", 1);
      return;
    }
    backoffMs = lived < STABLE_AFTER_MS ? Math.min(MAX_BACKOFF_MS, Math.max(FIRST_BACKOFF_MS, backoffMs * 2)) : 0;
    log.error(
      `Worker ${worker.process.pid} ${how} after ${Math.round(lived / 1000)} s; starting a replacement${backoffMs ? ` in ${backoffMs / 1000} s` : ""}`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, backoffMs);
  });

  function stop(reason: string, code = 0) {
    if (stopping) return;
    stopping = true;
    if (code !== 0) failed = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    log.log(`${reason}: stopping ${alive.length} worker(s)`);
    if (alive.length === 0) process.exit(failed ? 1 : 0);
    for (const worker of alive) worker.process.kill("SIGTERM");
    // Workers exit by themselves within their grace period (plus closing the database).
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      log.error("Workers did not stop in time: killed");
      process.exit(1);
    }, graceMs + 15_000).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM received"));
  process.on("SIGINT", () => stop("SIGINT received"));

  log.log(`Starting ${workers} worker processes (WEB_CONCURRENCY)`);
  for (let i = 0; i < workers; i++) fork();
}
