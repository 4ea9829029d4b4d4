/**
 * Sign-in figures, on the embedded PGlite and on a throwaway PostgreSQL 15:
 *  - sign-in latency: the median (and p90) of sequential e-mail+password sign-ins, each from its
 *    own client address (the server trusts X-Forwarded-For here) so the rate limit stays out of it;
 *    argon2id hashing is most of it, by design;
 *  - the sign-in page rendered by the server at 100 concurrent keep-alive connections for 10 s:
 *    p50, p99 and requests per second;
 *  - the server's RSS: idle after start, and after the load.
 * Runs against the build (bench-results/build inside `npm run bench`, else build/):
 *   npx tsx scripts/bench/signin.ts
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { startTestPostgres, type TestPostgres } from "../pg/test-server.ts";
import {
  httpRequest,
  log,
  median,
  percentile,
  readMemory,
  ROOT,
  round,
  runLoad,
  sleep,
  startServer,
  TMP_ROOT,
  type Figure,
  type LoadResult,
} from "./lib.ts";

const run = promisify(execFile);
const USER = { email: "bench@crossroadsit.example", password: "Swift-Copper-Kestrel-64" };
const SIGN_INS = Number(process.env.BENCH_SIGNIN_COUNT ?? 30);
const PAGE_SECONDS = Number(process.env.BENCH_SIGNIN_PAGE_SECONDS ?? 10);
const SECRET = "bench-only-secret-0123456789abcdefghijkl";

export interface SignInDatabaseResult {
  database: "PGlite" | "PostgreSQL";
  signInMedianMs: number;
  signInP90Ms: number;
  page: LoadResult;
  rssIdleMb: number;
  rssAfterLoadMb: number;
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
};

async function measureOn(database: "PGlite" | "PostgreSQL", postgres?: TestPostgres): Promise<SignInDatabaseResult> {
  const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-signin-"));
  // One process on both databases, comparable with earlier figures (the workers phase scales).
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    TRUST_PROXY: "1",
    SECURE_COOKIES: "0",
    WEB_CONCURRENCY: "1",
  };
  if (postgres) env.DATABASE_URL = postgres.url;
  // The account first (the embedded database allows one process at a time), then the server.
  await run(process.execPath, ["--import", "tsx", "scripts/user-create.ts", "--email", USER.email, "--password", USER.password], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: "production" },
  });
  const server = await startServer(60_000, env);
  try {
    await sleep(1500);
    const idle = readMemory(server.pid);
    const origin = server.url;
    const signIn = async () => {
      const t0 = performance.now();
      const response = await httpRequest(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, "x-forwarded-for": nextAddress() },
        body: JSON.stringify(USER),
      });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${response.body.slice(0, 200)}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await signIn(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) times.push(await signIn());
    log(`${database}: sign-in median ${round(median(times))} ms over ${SIGN_INS}`);

    const pageUrl = `${server.url}/auth/login`;
    const probe = await httpRequest(pageUrl, {});
    if (probe.status !== 200 || !probe.body.includes("Staff sign-in")) throw new Error(`/auth/login answered ${probe.status}`);
    await runLoad({ concurrency: 100, durationMs: 2000, send: async (_c, agent) => (await httpRequest(pageUrl, { agent })).status });
    const page = await runLoad({
      concurrency: 100,
      durationMs: PAGE_SECONDS * 1000,
      send: async (_c, agent) => (await httpRequest(pageUrl, { agent })).status,
    });
    log(
      `${database}: /auth/login at 100 connections: ${page.rps} req/s, p50 ${page.p50Ms} ms, p99 ${page.p99Ms} ms, statuses ${JSON.stringify(page.statuses)}`,
    );
    const after = readMemory(server.pid);
    return {
      database,
      signInMedianMs: round(median(times)),
      signInP90Ms: round(percentile(times, 90)),
      page,
      rssIdleMb: idle.rssMb,
      rssAfterLoadMb: after.rssMb,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureSignIn(): Promise<SignInDatabaseResult[]> {
  const results = [await measureOn("PGlite")];
  const postgres = await startTestPostgres();
  try {
    results.push(await measureOn("PostgreSQL", postgres));
  } finally {
    await postgres.stop();
  }
  return results;
}

export function signInFigures(results: SignInDatabaseResult[]): Figure[] {
  return results.flatMap((r) => [
    { figure: `${r.database}: sign-in latency (median)`, value: r.signInMedianMs, unit: "ms" },
    { figure: `${r.database}: /auth/login at 100 connections, p50`, value: r.page.p50Ms, unit: "ms" },
    { figure: `${r.database}: /auth/login at 100 connections, p99`, value: r.page.p99Ms, unit: "ms" },
    { figure: `${r.database}: /auth/login at 100 connections`, value: r.page.rps, unit: "req/s" },
    { figure: `${r.database}: server RSS idle`, value: r.rssIdleMb, unit: "MB" },
    { figure: `${r.database}: server RSS after load`, value: r.rssAfterLoadMb, unit: "MB" },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measureSignIn();
  for (const f of signInFigures(results)) console.log(`${f.figure.padEnd(48)} ${String(f.value).padStart(9)} ${f.unit}`);
}
