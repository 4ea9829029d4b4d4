/**
 * Worker scaling (ADR 016): requests per second for a server-rendered page (/auth/login) with
 * WEB_CONCURRENCY=1 and WEB_CONCURRENCY=2 on a throwaway PostgreSQL 15, side by side, and their
 * ratio (target: 2 workers >= 1.7 x one).
 *
 * How: both servers run at once (the idle one costs nothing measurable), each warmed up for
 * WARMUP_S, then the rounds alternate between them (1, 2, 2, 1, 1, 2, ...) so that a machine
 * that gets slower or faster during the run (these are shared) moves both figures alike; medians
 * of BENCH_WORKERS_ROUNDS rounds of BENCH_WRK_SECONDS. wrk -t2 -c50 with the throughput phase's
 * Accept-Encoding, so the server compresses as it does for browsers. The servers write their
 * request lines to files (scripts/bench/lib.ts startServer), not through the bench.
 *
 * It also reports the server's CPU time per request (all its processes and threads, from /proc)
 * and how many cores one worker keeps busy: besides its main thread, V8's GC helpers and the
 * compression thread pool, so one worker alone already uses more than a core of a two-core
 * machine, and the ratio cannot reach 2 there even before wrk takes its share. The third
 * figure puts that worker on one core of its own (`taskset -a -c 0`, all its threads; wrk on
 * core 1) against two workers on two: what a second core adds (INFO; skipped without taskset).
 *   npx tsx scripts/bench/workers.ts
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

import { startTestPostgres } from "../pg/test-server.ts";
import { log, median, round, startServer, TMP_ROOT, type Figure, type ServerHandle } from "./lib.ts";
import { findBinary, wrk, type WrkResult } from "./throughput.ts";

const DURATION_S = Number(process.env.BENCH_WRK_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_WORKERS_ROUNDS ?? 5);
const WARMUP_S = 10;
const SECRET = "bench-only-secret-0123456789abcdefghijkl";
export const SCALING_TARGET = 1.7;

export interface WorkersRun {
  rps: number;
  /** CPU time of the server's processes per request (ms), over the round. */
  cpuMsPerRequest: number;
}

interface Series {
  rpsMedian: number;
  cpuMsPerRequest: number;
  /** Cores the server kept busy: requests/s x CPU per request. */
  coresBusy: number;
  runs: WorkersRun[];
}

export interface WorkersResult {
  one: Series;
  two: Series;
  ratio: number;
  /** One worker confined to one core, and two workers / that (null without taskset). */
  onOneCore: Series | null;
  perCoreRatio: number | null;
  cores: number;
  note: string;
}

const CLOCK_TICKS_PER_S = 100; // USER_HZ on Linux

/** The process and its descendants (the cluster's workers), by pid. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/** User + system CPU seconds of the process tree, all threads (from /proc/PID/stat). */
function cpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8");
      const after = fields.slice(fields.lastIndexOf(")") + 2).split(" ");
      ticks += Number(after[11]) + Number(after[12]); // utime, stime
    } catch {
      // exited meanwhile
    }
  }
  return ticks / CLOCK_TICKS_PER_S;
}

async function round1(server: ServerHandle, wrkBin: string, label: string, i: number, wrkCpu?: number): Promise<WorkersRun> {
  const before = cpuSeconds(server.pid);
  const r: WrkResult = await wrk(wrkBin, `${server.url}/auth/login`, DURATION_S, undefined, wrkCpu);
  const cpu = cpuSeconds(server.pid) - before;
  if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers with ${label}`);
  const run = { rps: r.rps, cpuMsPerRequest: round((cpu * 1000) / (r.rps * DURATION_S), 2) };
  log(
    `workers: ${label} round ${i}/${ROUNDS}: ${Math.round(r.rps)} req/s, latency ${r.latencyAvg}, ${run.cpuMsPerRequest} ms CPU per request`,
  );
  return run;
}

/** Confines every thread of the process tree to core 0; false when taskset is missing or fails. */
function pinToOneCore(root: number): boolean {
  const taskset = spawnSync("taskset", ["--version"]);
  if (taskset.error) return false;
  return processTree(root).every((pid) => spawnSync("taskset", ["-a", "-c", "-p", "0", String(pid)], { stdio: "ignore" }).status === 0);
}

export async function measureWorkers(): Promise<WorkersResult | { skipped: string }> {
  const wrkBin = findBinary("wrk");
  if (!wrkBin) return { skipped: "wrk not installed (apt-get install -y wrk)" };
  const postgres = await startTestPostgres();
  const dirs: string[] = [];
  const servers: ServerHandle[] = [];
  try {
    for (const workers of [1, 2, 1]) {
      const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-workers-"));
      dirs.push(dataDir);
      servers.push(
        await startServer(60_000, {
          DATABASE_URL: postgres.url,
          DATA_DIR: dataDir,
          BETTER_AUTH_SECRET: SECRET,
          WEB_CONCURRENCY: String(workers),
        }),
      );
    }
    const [one, two, pinned] = servers;
    const pinnedOk = pinToOneCore(pinned.pid);
    if (!pinnedOk) log("workers: taskset missing or refused: no figure for one worker on one core");
    const measured = pinnedOk ? servers : [one, two];
    for (const server of measured) {
      const probe = await fetch(`${server.url}/auth/login`);
      if (probe.status !== 200) throw new Error(`/auth/login answered ${probe.status}`);
      await wrk(wrkBin, `${server.url}/auth/login`, WARMUP_S);
    }
    const labels = ["1 worker", "2 workers", "1 worker on 1 core"];
    const runs: WorkersRun[][] = measured.map(() => []);
    for (let i = 1; i <= ROUNDS; i++) {
      // 1, 2, 3 | 3, 2, 1 | ...: none always goes first.
      const order = measured.map((_, k) => k);
      if (i % 2 === 0) order.reverse();
      // The worker on core 0 gets that core to itself: wrk runs on core 1.
      for (const k of order) runs[k].push(await round1(measured[k], wrkBin, labels[k], i, k === 2 ? 1 : undefined));
    }
    const summary = (list: WorkersRun[]): Series => {
      const rpsMedian = median(list.map((r) => r.rps));
      const cpuMsPerRequest = median(list.map((r) => r.cpuMsPerRequest));
      return {
        rpsMedian: Math.round(rpsMedian),
        cpuMsPerRequest: round(cpuMsPerRequest, 2),
        coresBusy: round((rpsMedian * cpuMsPerRequest) / 1000, 2),
        runs: list,
      };
    };
    const a = summary(runs[0]);
    const b = summary(runs[1]);
    const c = pinnedOk ? summary(runs[2]) : null;
    const cores = availableParallelism();
    const ratio = round(median(runs[1].map((r) => r.rps)) / median(runs[0].map((r) => r.rps)), 2);
    const perCoreRatio = c ? round(median(runs[1].map((r) => r.rps)) / median(runs[2].map((r) => r.rps)), 2) : null;
    const note =
      `1 worker keeps ${a.coresBusy} cores busy (main thread, GC helpers, compression pool), 2 workers ${b.coresBusy}` +
      ` of ${cores}${cores <= 2 ? ", shared with wrk" : ""}; CPU per request ${a.cpuMsPerRequest} and ${b.cpuMsPerRequest} ms`;
    log(
      `workers: 1 -> ${a.rpsMedian} req/s, 2 -> ${b.rpsMedian} req/s, ratio ${ratio}` +
        (c ? `; 1 on 1 core -> ${c.rpsMedian} req/s, per-core ratio ${perCoreRatio}` : "") +
        ` (${note})`,
    );
    return { one: a, two: b, ratio, onOneCore: c, perCoreRatio, cores, note };
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await postgres.stop();
  }
}

export function workersFigures(result: WorkersResult): Figure[] {
  return [
    { figure: "/auth/login, 1 worker (median)", value: result.one.rpsMedian, unit: "req/s" },
    { figure: "/auth/login, 2 workers (median)", value: result.two.rpsMedian, unit: "req/s" },
    { figure: "ratio 2 workers / 1", value: result.ratio, unit: "" },
    ...(result.onOneCore && result.perCoreRatio !== null
      ? [
          { figure: "/auth/login, 1 worker on 1 core (median)", value: result.onOneCore.rpsMedian, unit: "req/s" },
          { figure: "ratio 2 workers on 2 cores / 1 on 1", value: result.perCoreRatio, unit: "" },
        ]
      : []),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureWorkers();
  if ("skipped" in result) console.log(result.skipped);
  else
    for (const f of workersFigures(result))
      console.log(`${f.figure.padEnd(36)} ${String(f.value).padStart(9)} ${f.unit}  (${result.note})`);
}
