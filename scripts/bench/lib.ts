/**
 * Shared helpers of the bench: paths, medians, free ports, and the processes the bench starts
 * (server, nginx, chromium, wrk). Every process started here is tracked by id in a pid file
 * (BENCH_PIDFILE, set by scripts/bench.sh) so the shell's trap can stop what is left if this
 * process dies; normally each phase stops its own processes in `finally`.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import { freePort } from "../lib/free-port.ts";

/** A port that was free on 127.0.0.1 a moment ago (one helper for tests, bench and the PostgreSQL harness). */
export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/**
 * The build measured: scripts/bench.sh copies build/ to bench-results/build right after building so
 * that a rebuild by someone else during the bench cannot swap files under it. It must stay inside the
 * repo, since the server bundle resolves its packages from node_modules.
 */
export const BUILD_DIR = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build");
export const CLIENT_DIR = path.join(BUILD_DIR, "client");
export const SERVER_ENTRY = path.join(BUILD_DIR, "server-runtime", "index.js");
export const PAGES = ["/", "/services/managed-it", "/indianapolis-it-support", "/contact"] as const;

/** Parent of the bench's temp dirs: scripts/bench.sh's own temp dir (removed by its trap) when set. */
export const TMP_ROOT = process.env.BENCH_TMP && existsSync(process.env.BENCH_TMP) ? process.env.BENCH_TMP : os.tmpdir();

/** Node's own promise of a pause, under the name the bench has always used. */
export { sleep };

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
}

/** One GET on loopback without keep-alive; rejects on connection errors or after timeoutMs. */
export function httpGet(url: string, headers: Record<string, string> = {}, timeoutMs = 2000): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: timeoutMs }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.on("error", reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Tracked processes

interface Tracked {
  pid: number;
  label: string;
  /** Whether the process leads its own process group (killed as -pid). */
  group: boolean;
}

const tracked = new Map<number, Tracked>();
const pidFile = process.env.BENCH_PIDFILE;

function writePidFile() {
  if (!pidFile) return;
  const lines = [...tracked.values()].map((t) => `${t.pid} ${t.group ? "group" : "single"} ${t.label}`);
  try {
    writeFileSync(pidFile, lines.length ? `${lines.join("\n")}\n` : "");
  } catch {
    // The pid file is only a safety net for the shell's trap.
  }
}

export function track(pid: number, label: string, group: boolean) {
  tracked.set(pid, { pid, label, group });
  writePidFile();
}

export function untrack(pid: number) {
  if (tracked.delete(pid)) writePidFile();
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(t: Tracked, sig: NodeJS.Signals) {
  try {
    process.kill(t.group ? -t.pid : t.pid, sig);
  } catch {
    // already gone
  }
}

/** Last resort on exit: SIGKILL whatever is still tracked (synchronous, safe in 'exit'). */
export function killAllTracked() {
  for (const t of tracked.values()) {
    if (isAlive(t.pid)) signal(t, "SIGKILL");
  }
  tracked.clear();
  writePidFile();
}

let handlersInstalled = false;
export function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", killAllTracked);
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(sig, () => {
      log(`${sig} received, stopping started processes`);
      killAllTracked();
      process.exit(130);
    });
  }
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  label: string;
  /** Last lines of stdout+stderr, for error messages. */
  output: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited: () => boolean;
  /** SIGTERM (whole group), then SIGKILL after graceMs. Resolves once the process has exited. */
  stop: (graceMs?: number) => Promise<void>;
}

/**
 * Spawns a process in its own process group, tracked until it exits. Its last lines of output are
 * kept for error messages, or with `logFile` it writes straight to that file: a server under load
 * writes a line per request, and reading them here would spend the bench's CPU beside the server's.
 */
export function startProcess(command: string, args: string[], label: string, options: SpawnOptions & { logFile?: string } = {}): Proc {
  const { logFile, ...spawnOptions } = options;
  const logFd = logFile === undefined ? undefined : openSync(logFile, "a");
  const child = spawn(command, args, {
    stdio: logFd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logFd, logFd],
    ...spawnOptions,
    detached: true,
  });
  if (logFd !== undefined) closeSync(logFd);
  if (child.pid === undefined) {
    throw new Error(`could not start ${label} (${command})`);
  }
  const pid = child.pid;
  track(pid, label, true);
  const lines: string[] = [];
  let partial = "";
  const onData = (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      if (lines.length > 60) lines.shift();
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("exit", (code, sig) => {
      done = true;
      // The group may still hold children (nginx workers, chromium helpers): stop them too.
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // group already empty
      }
      untrack(pid);
      resolve({ code, signal: sig });
    });
    child.on("error", () => {
      if (!done && !isAlive(pid)) {
        done = true;
        untrack(pid);
        resolve({ code: null, signal: null });
      }
    });
  });
  const proc: Proc = {
    child,
    pid,
    label,
    output: () =>
      logFile === undefined
        ? [...lines, partial].filter(Boolean).join("\n")
        : readFileSync(logFile, "utf8").split("\n").slice(-60).join("\n"),
    exited,
    hasExited: () => done,
    stop: async (graceMs = 5000) => {
      if (done) return;
      signal({ pid, label, group: true }, "SIGTERM");
      const timer = setTimeout(() => signal({ pid, label, group: true }, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  return proc;
}

/** VmRSS and VmHWM of a process, in MB (from /proc/PID/status). */
export function readMemory(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => {
    const m = new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    return m ? Number(m[1]) : Number.NaN;
  };
  return { rssMb: round(kb("VmRSS") / 1024, 1), hwmMb: round(kb("VmHWM") / 1024, 1) };
}

// ---------------------------------------------------------------------------------------------
// The site's server

export interface ServerHandle extends Proc {
  port: number;
  url: string;
  /** ms from spawn to the first 200 from /healthz. */
  readyMs: number;
  /** The "ready in N ms" the server printed, if seen. */
  reportedReadyMs?: number;
  /** Where its standard output and error go. */
  logFile: string;
}

/**
 * The built server on a free port, once /healthz answers: after it has opened its database (the
 * first start on a new data folder applies the migrations) and rendered the public pages into
 * memory, which on the bench's shared cores can take 20 s or more; hence the default limit. Its output goes to a file in TMP_ROOT
 * (`logFile` on the handle), never through this process: it writes a line per request, and
 * reading them here would spend CPU beside the server's and lower the figures under load.
 */
export async function startServer(timeoutMs = 60_000, env: Record<string, string> = {}): Promise<ServerHandle> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} missing: run npm run build first`);
  const port = await freePort();
  const logFile = path.join(TMP_ROOT, `bench-server-${port}-${Date.now()}.log`);
  const t0 = performance.now();
  const proc = startProcess(process.execPath, [SERVER_ENTRY], "server", {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    logFile,
  });
  const readyIn = () => {
    const m = /ready in (\d+(?:\.\d+)?) ms/.exec(readFileSync(logFile, "utf8"));
    return m ? Number(m[1]) : undefined;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (proc.hasExited()) throw new Error(`server exited before answering /healthz:\n${proc.output()}`);
      if (performance.now() - t0 > timeoutMs) throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${proc.output()}`);
      try {
        const res = await httpGet(`${url}/healthz`, {}, 1000);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(2);
    }
  } catch (error) {
    await proc.stop();
    throw error;
  }
  const readyMs = performance.now() - t0;
  // The "Listening" line is printed in the listen callback, possibly just after the first answer.
  let reportedReadyMs = readyIn();
  for (let i = 0; i < 50 && reportedReadyMs === undefined; i++) {
    await sleep(10);
    reportedReadyMs = readyIn();
  }
  return Object.assign(proc, { port, url, readyMs, reportedReadyMs, logFile });
}

/** The value below which `p` percent of the values lie (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface LoadResult {
  requests: number;
  failures: number;
  /** Status codes seen, with counts. */
  statuses: Record<string, number>;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * A closed-loop load: `concurrency` clients on keep-alive connections, each sending its next
 * request when the previous answer has arrived, for `durationMs` (or until `total` requests).
 * `send` makes one request and resolves to its status.
 */
export async function runLoad(options: {
  concurrency: number;
  durationMs?: number;
  total?: number;
  send: (client: number, agent: http.Agent) => Promise<number>;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  let issued = 0;
  const t0 = performance.now();
  const deadline = options.durationMs ? t0 + options.durationMs : Number.POSITIVE_INFINITY;
  const more = () => performance.now() < deadline && (options.total === undefined || issued < options.total);
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, client) => {
      while (more()) {
        issued++;
        const start = performance.now();
        let status = 0;
        try {
          status = await options.send(client, agent);
        } catch {
          status = 0;
        }
        latencies.push(performance.now() - start);
        statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
        if (status === 0 || status >= 500) failures++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    failures,
    statuses,
    rps: round(latencies.length / seconds, 0),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
  };
}

/** One request on loopback through `agent`: resolves to the status once the body has been read. */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: http.Agent },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** One figure of a bench phase, as the phase modules (signin, graphics, leads) return them. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
}

/** A plain-text table: columns padded to their widest cell, "r" columns right-aligned. */
export function table(headers: string[], rows: string[][], align: ("l" | "r")[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (align[i] === "r" ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * The settings of a server process that the database phases start on a scratch data folder or a
 * throwaway PostgreSQL: client addresses from X-Forwarded-For (each simulated visitor its own),
 * plain-http cookies, no e-mail, and one process on both databases (the workers phase scales).
 */
export function oneProcessEnv(dataDir: string, databaseUrl = ""): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: "1",
    SECURE_COOKIES: "0",
    SMTP_URL: "",
    SALES_EMAIL: "",
    WEB_CONCURRENCY: "1",
  };
}

/** A phase run on its own (`npx tsx scripts/bench/<phase>.ts`): its report, then its figures a line each. */
export async function runPhaseAlone<R>(
  measure: () => Promise<R>,
  report: (result: R) => string,
  figures: (result: R) => { group: string; figure: string; value: number | null; unit: string }[],
) {
  installExitHandlers();
  const result = await measure();
  console.log(report(result));
  for (const f of figures(result)) console.log(`${f.group}: ${f.figure} ${f.value} ${f.unit}`);
  process.exit(0);
}
