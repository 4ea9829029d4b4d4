/**
 * Worker scaling (issue #13): requests per second for a server-rendered page (/auth/login) with
 * WEB_CONCURRENCY=1 and WEB_CONCURRENCY=2 on a throwaway PostgreSQL 15, side by side, and their
 * ratio (target: 2 workers >= 1.7 x one). wrk -t2 -c50 with the rounds and seconds of the
 * throughput phase (BENCH_WRK_ROUNDS, BENCH_WRK_SECONDS), 2 s warm-up; medians. On a machine
 * whose cores wrk itself shares, the second worker competes with wrk for a core: the note says so.
 *   npx tsx scripts/bench/workers.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { startTestPostgres } from "../pg/test-server.ts";
import { log, median, round, startServer, TMP_ROOT, type Figure } from "./lib.ts";
import path from "node:path";
import { findBinary, wrk, type WrkResult } from "./throughput.ts";

const DURATION_S = Number(process.env.BENCH_WRK_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_WRK_ROUNDS ?? 3);
const SECRET = "bench-only-secret-0123456789abcdefghijkl";
export const SCALING_TARGET = 1.7;

export interface WorkersResult {
  one: { rpsMedian: number; runs: WrkResult[] };
  two: { rpsMedian: number; runs: WrkResult[] };
  ratio: number;
  cores: number;
  note: string;
}

async function measureWith(workers: number, databaseUrl: string, wrkBin: string): Promise<WrkResult[]> {
  const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-workers-"));
  const server = await startServer(60_000, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    WEB_CONCURRENCY: String(workers),
  });
  try {
    const url = `${server.url}/auth/login`;
    const probe = await fetch(url);
    if (probe.status !== 200) throw new Error(`/auth/login answered ${probe.status}`);
    await wrk(wrkBin, url, 2);
    const runs: WrkResult[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const r = await wrk(wrkBin, url, DURATION_S);
      if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers with ${workers} worker(s)`);
      runs.push(r);
      log(`workers=${workers} round ${i}/${ROUNDS}: ${Math.round(r.rps)} req/s, latency ${r.latencyAvg}`);
    }
    return runs;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureWorkers(): Promise<WorkersResult | { skipped: string }> {
  const wrkBin = findBinary("wrk");
  if (!wrkBin) return { skipped: "wrk not installed (apt-get install -y wrk)" };
  const postgres = await startTestPostgres();
  try {
    const one = await measureWith(1, postgres.url, wrkBin);
    const two = await measureWith(2, postgres.url, wrkBin);
    const oneMedian = median(one.map((r) => r.rps));
    const twoMedian = median(two.map((r) => r.rps));
    const cores = availableParallelism();
    const ratio = round(twoMedian / oneMedian, 2);
    const note =
      cores <= 2
        ? `${cores} cores shared by the workers, wrk and PostgreSQL: the second worker cannot have a core of its own`
        : `${cores} cores`;
    log(`workers: 1 → ${Math.round(oneMedian)} req/s, 2 → ${Math.round(twoMedian)} req/s, ratio ${ratio} (${note})`);
    return {
      one: { rpsMedian: Math.round(oneMedian), runs: one },
      two: { rpsMedian: Math.round(twoMedian), runs: two },
      ratio,
      cores,
      note,
    };
  } finally {
    await postgres.stop();
  }
}

export function workersFigures(result: WorkersResult): Figure[] {
  return [
    { figure: "/auth/login, 1 worker (median)", value: result.one.rpsMedian, unit: "req/s" },
    { figure: "/auth/login, 2 workers (median)", value: result.two.rpsMedian, unit: "req/s" },
    { figure: "ratio 2 workers / 1", value: result.ratio, unit: "" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureWorkers();
  if ("skipped" in result) console.log(result.skipped);
  else
    for (const f of workersFigures(result))
      console.log(`${f.figure.padEnd(36)} ${String(f.value).padStart(9)} ${f.unit}  (${result.note})`);
}
