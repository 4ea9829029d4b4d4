/**
 * The content studio's targets (ADR 029, docs/requirements/content-studio.md): a publication
 * served by every process, the CPU of the re-render that follows it, and the studio's list with a
 * thousand items.
 *
 * Two server processes (WEB_CONCURRENCY=1 each, their own ports) on one throwaway PostgreSQL 15,
 * behind a throwaway nginx (the upstream block of tests/e2e/nginx.ts), as a deployment runs them.
 *
 * 1. Publish to served: BENCH_CONTENT_PUBLICATIONS times (40, after 2 not counted), the bench
 *    changes the support phone of the business facts through the store, as the studio's "publish
 *    now" does (`getItem` for the revision, `publishItem` from its own connection, the bench's
 *    administrator as the author), then asks each process directly (its own port, not nginx) for
 *    `/` (rendered into memory after the change) and `/contact` (rendered per request) every 5 ms
 *    until the new number is in the HTML. The figure is the time from the publication's commit
 *    (`publishItem` resolved) to the new number in all four answers: served by BOTH processes.
 *    Once served, through nginx too (checked). Target: p95 <= 2 s. Meanwhile /healthz is asked
 *    every 10 ms: its slowest answer is the longest the process answered nothing (the reload and
 *    the re-render run on the thread that answers requests).
 * 2. Re-render CPU: each process logs "Rendered N pages in X ms (Y ms of CPU with compression)"
 *    after every render (server/app-server.ts); the bench reads those lines from the processes'
 *    log files: the first (at start, cold) apart, then those that follow the counted publications.
 *    The bench waits for both processes' lines before the next publication, so renders never
 *    overlap a publication of the bench. The logged wall time is React Router's rendering alone;
 *    the CPU includes the compression of the new set (StaticStore.setRendered: SHA-1, gzip 6,
 *    brotli 5, the inline scripts' hashes), which the bench also times on its own, in its process,
 *    on the same pages. Target: <= 1 s of CPU (median).
 * 3. /admin/content with BENCH_CONTENT_ITEMS (1,000) extra items of type "bench" (`bench/000`...,
 *    a service page's JSON of about 5 KB each, one in ten with a draft) and BENCH_CONTENT_VERSIONS
 *    (100) versions each, written by SQL; then GET /admin/content, and searched for a word of a
 *    few items (the whole text of every item read) and for a word of most (a long list), from
 *    process A with the administrator's session (two-factor sign-in, as the scale phase does),
 *    BENCH_CONTENT_LIST_RUNS (30) times each after 3 not counted, gzip accepted: median and p95;
 *    and the loader's query (`listItems`) timed in the bench's process. Target: <= 100 ms
 *    (median). The same list before the bench rows (the site's 33 items) as a baseline.
 * 4. With the bench rows in place: 5 more publications, timed as in 1, and how the processes take
 *    items they do not know (the live content logs each one and shows the rest).
 *
 * BENCH_CONTENT_CPU_PROF=<folder> also profiles process A (scripts/bench/cpu-profile.ts) during
 * the counted publications and during the full list's requests, and reports where its CPU went.
 *
 *   npx tsx scripts/bench/content.ts   (after npm run build; 1-2 minutes)
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

import { prerenderedPaths } from "../../app/content/routes-index.ts";
import { inlineScriptHashes } from "../../server/security-headers.ts";
import { proxyConfig } from "../../tests/e2e/nginx.ts";
import { startTestPostgres, type TestPostgres } from "../pg/test-server.ts";
import { PROFILE_PRELOAD, profileReport, summarizeProfile, type ProfileSummary } from "./cpu-profile.ts";
import {
  freePort,
  httpGet,
  httpRequest,
  log,
  median,
  oneProcessEnv,
  percentile,
  round,
  runPhaseAlone,
  sleep,
  startProcess,
  startServer,
  table,
  TMP_ROOT,
  type Proc,
  type ServerHandle,
} from "./lib.ts";
import { findBinary } from "./throughput.ts";

export const CONTENT_TARGETS = {
  /** Publication's commit to the new content served by every process, p95. */
  publishToServedP95Ms: 2000,
  /** CPU of one re-render of every public page, per process (median). */
  rerenderCpuMs: 1000,
  /** /admin/content with a thousand items, median. */
  listMs: 100,
} as const;

const PUBLICATIONS = Number(process.env.BENCH_CONTENT_PUBLICATIONS ?? 40);
const WARMUP_PUBLICATIONS = 2;
const AFTER_ROWS_PUBLICATIONS = 5;
const BENCH_ITEMS = Number(process.env.BENCH_CONTENT_ITEMS ?? 1000);
const BENCH_VERSIONS = Number(process.env.BENCH_CONTENT_VERSIONS ?? 100);
const LIST_RUNS = Number(process.env.BENCH_CONTENT_LIST_RUNS ?? 30);
const LIST_WARMUPS = 3;
const POLL_MS = 5;
const SERVED_TIMEOUT_MS = 20_000;
const RENDER_LOG_TIMEOUT_MS = 20_000;
/**
 * Words of the studio's search: one in a few of the site's items (the office's city: the facts and
 * some city pages), the whole text of every item read to find it; one in most items, the bench's
 * included (a long list to render).
 */
const RARE_TERM = "Evansville";
const COMMON_TERM = "backup";
const ADMIN = { email: "bench-content@crossroadsit.example", password: "Copper-Kettle-Lantern-73", name: "Bench Editor" };
const SECRET = "bench-only-secret-0123456789abcdef0123456789";
/** The support phone of the seed (app/config/site.ts), dialled form. */
const SEED_SUPPORT_E164 = "+13175550142";
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/xhtml+xml,*/*" };
const UNKNOWN_ITEM_LINE = /does not match its schema/g;
/**
 * A folder: process A is profiled (scripts/bench/cpu-profile-preload.mjs) during the counted
 * publications and during the requests of the full list, and the report says where its CPU went.
 */
const CPU_PROF_DIR = process.env.BENCH_CONTENT_CPU_PROF ? path.resolve(process.env.BENCH_CONTENT_CPU_PROF) : undefined;
const RENDER_LINE = /Rendered (\d+) pages in (\d+) ms \((\d+) ms of CPU with compression\)/g;

export interface Stats {
  n: number;
  median: number;
  p95: number;
  max: number;
}

function stats(values: number[]): Stats {
  const v = values.filter((x) => Number.isFinite(x));
  return {
    n: v.length,
    median: round(median(v), 1),
    p95: round(percentile(v, 95), 1),
    max: v.length ? round(Math.max(...v), 1) : Number.NaN,
  };
}

export interface PublishRun {
  /** Commit to the new number in `/` and `/contact` of both processes. */
  bothMs: number | null;
  /** Per process (A, B): `/` and `/contact`. */
  homeMs: (number | null)[];
  contactMs: (number | null)[];
  /** How long `publishItem` took (lock, compare, version row, notify, commit). */
  publishCallMs: number;
  /** The slowest /healthz answer of each process (A, B) from the commit to the end of its re-render. */
  stallMs: number[];
}

export interface RenderLine {
  pages: number;
  wallMs: number;
  cpuMs: number;
}

export interface ProcessRenders {
  label: string;
  start: RenderLine | null;
  /** The renders that followed the counted publications. */
  after: RenderLine[];
  cpu: Stats;
  wall: Stats;
}

export interface ListTiming {
  label: string;
  path: string;
  items: number;
  bytes: number;
  ms: Stats;
}

export interface ContentResult {
  publications: number;
  publish: {
    both: Stats;
    homePerProcess: Stats[];
    contact: Stats;
    failures: number;
    publishCall: Stats;
    /** The slowest /healthz answer during each publication's reload and re-render, both processes. */
    stall: Stats;
    runs: PublishRun[];
  };
  renders: ProcessRenders[];
  /** Every counted re-render of both processes together. */
  rerenderCpu: Stats;
  rerenderWall: Stats;
  /** The pages' share of StaticStore.setRendered, timed in the bench's process (median of 5). */
  compression: { files: number; identityKb: number; cpuMs: number; gzipMs: number; brotliMs: number; hashMs: number };
  list: {
    seeded: { items: number; versions: number; seconds: number; tableMb: number };
    baseline: ListTiming;
    full: ListTiming;
    search: ListTiming;
    searchCommon: ListTiming;
    query: { full: Stats; search: Stats; searchCommon: Stats; publishedContent: Stats };
  };
  withBenchRows: {
    both: Stats;
    rerenderCpu: Stats;
    failures: number;
    /** Lines "Content item ... does not match its schema" per process, per reload. */
    unknownItemLinesPerReload: number[];
    healthy: boolean;
  };
  nginxChecked: boolean;
  /** With BENCH_CONTENT_CPU_PROF: process A's CPU during the counted publications and during the full list's requests. */
  profiles?: { rerender?: ProfileSummary; list?: ProfileSummary; listRequests: number };
}

// ---------------------------------------------------------------------------------------------
// nginx in front of the two processes

async function startProxy(upstreams: string[]): Promise<{ url: string; proc: Proc; stop: () => Promise<void> } | null> {
  const bin = findBinary("nginx");
  if (!bin) return null;
  const prefix = mkdtempSync(path.join(TMP_ROOT, "bench-content-nginx-"));
  const port = await freePort();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${path.join(prefix, "nginx.pid")};`,
      `error_log ${path.join(prefix, "error.log")} warn;`,
      isRoot ? "user root root;" : "",
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${path.join(prefix, "client_body")};`,
      `  proxy_temp_path ${path.join(prefix, "proxy")};`,
      `  fastcgi_temp_path ${path.join(prefix, "fastcgi")};`,
      `  uwsgi_temp_path ${path.join(prefix, "uwsgi")};`,
      `  scgi_temp_path ${path.join(prefix, "scgi")};`,
      ...proxyConfig(upstreams).map((line) => (line === "  server {" ? `  server {\n    listen 127.0.0.1:${port};` : line)),
      "  }",
      "}",
      "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  const proc = startProcess(bin, ["-e", path.join(prefix, "error.log"), "-p", prefix, "-c", conf], "nginx");
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.hasExited()) throw new Error(`nginx exited at start:\n${proc.output()}`);
    try {
      if ((await httpGet(`${url}/healthz`, {}, 1000)).status === 200) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`nginx did not answer within 10 s:\n${proc.output()}`);
    }
    await sleep(50);
  }
  return {
    url,
    proc,
    stop: async () => {
      await proc.stop();
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the processes' logs

function renderLines(logFile: string): RenderLine[] {
  const text = readFileSync(logFile, "utf8");
  return [...text.matchAll(RENDER_LINE)].map((m) => ({ pages: Number(m[1]), wallMs: Number(m[2]), cpuMs: Number(m[3]) }));
}

const unknownItemLines = (logFile: string) => [...readFileSync(logFile, "utf8").matchAll(UNKNOWN_ITEM_LINE)].length;

/** Waits until each process has logged `count` renders; false when one has not within the limit. */
async function waitForRenders(servers: ServerHandle[], count: number): Promise<boolean> {
  const deadline = performance.now() + RENDER_LOG_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (servers.every((s) => renderLines(s.logFile).length >= count)) return true;
    await sleep(20);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Publishing and polling

type Store = typeof import("../../app/studio/store.server.ts");
type Database = import("../../app/db/client.server.ts").Database;

interface Target {
  server: ServerHandle;
  agent: http.Agent;
}

async function pollUntil(target: Target, pagePath: string, marker: string, since: number, deadline: number): Promise<number | null> {
  for (;;) {
    const res = await httpRequest(`${target.server.url}${pagePath}`, { agent: target.agent });
    const now = performance.now();
    if (res.status === 200 && res.body.includes(marker)) return now - since;
    if (now > deadline) return null;
    await sleep(POLL_MS);
  }
}

/** A support phone the site has not shown yet: (317) 555-2000 + n. */
function supportPhone(n: number): { display: string; e164: string } {
  const last = String(2000 + n).padStart(4, "0");
  return { display: `(317) 555-${last}`, e164: `+1317555${last}` };
}

/**
 * Asks a process for /healthz (answered at once, without the database) every 10 ms until stopped:
 * the slowest answer is how long the process answered nothing (its event loop busy).
 */
function probe(target: Target): { stop: () => Promise<number> } {
  let running = true;
  let slowest = 0;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      await httpRequest(`${target.server.url}/healthz`, { agent: target.agent });
      slowest = Math.max(slowest, performance.now() - t0);
      await sleep(10);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return round(slowest, 1);
    },
  };
}

/** Publishes a new support phone, waits until both processes serve it and have logged their render. */
async function publishOnce(
  store: Store,
  db: Database,
  by: { id: string; name: string },
  n: number,
  targets: Target[],
): Promise<PublishRun> {
  const row = await store.getItem(db, "facts");
  if (!row) throw new Error('no "facts" item in content_items');
  const phone = supportPhone(n);
  const data = structuredClone(row.published) as { phones: { support: { display: string; e164: string } } };
  data.phones.support = phone;
  const t0 = performance.now();
  const result = await store.publishItem(db, "facts", { revision: row.revision, data, title: row.title, by, note: `Bench ${n}` });
  const committed = performance.now();
  if (!result.ok) throw new Error(`publishItem refused publication ${n}: ${JSON.stringify(result)}`);
  const probes = targets.map(probe);
  const deadline = committed + SERVED_TIMEOUT_MS;
  const [home, contact] = await Promise.all(
    ["/", "/contact"].map((page) => Promise.all(targets.map((t) => pollUntil(t, page, phone.e164, committed, deadline)))),
  );
  const rendered = await waitForRenders(
    targets.map((t) => t.server),
    1 + n,
  );
  if (!rendered) log(`content: publication ${n}: a process logged no render within ${RENDER_LOG_TIMEOUT_MS} ms`);
  const stallMs = await Promise.all(probes.map((p) => p.stop()));
  const all = [...home, ...contact];
  return {
    stallMs,
    bothMs: all.some((v) => v === null) ? null : round(Math.max(...(all as number[])), 1),
    homeMs: home.map((v) => (v === null ? null : round(v, 1))),
    contactMs: contact.map((v) => (v === null ? null : round(v, 1))),
    publishCallMs: round(committed - t0, 1),
  };
}

// ---------------------------------------------------------------------------------------------
// The compression part of a re-render, timed in this process on the pages as served

async function timeCompression(server: ServerHandle): Promise<ContentResult["compression"]> {
  const dataPath = (page: string) => (page === "/" ? "/_root.data" : `${page.replace(/\/$/, "")}.data`);
  const files: { html: boolean; body: Buffer }[] = [];
  for (const page of prerenderedPaths()) {
    for (const [p, html] of [
      [dataPath(page), false],
      [page, true],
    ] as const) {
      const res = await httpRequest(`${server.url}${p}`, {});
      files.push({ html, body: Buffer.from(res.body, "utf8") });
    }
  }
  const cpu = (fn: () => void) => {
    const before = process.cpuUsage();
    fn();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const runs = { gzip: [] as number[], brotli: [] as number[], hash: [] as number[] };
  for (let i = 0; i < 6; i++) {
    const gzip = cpu(() => files.forEach((f) => gzipSync(f.body, { level: 6 })));
    const brotli = cpu(() => files.forEach((f) => brotliCompressSync(f.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })));
    const hash = cpu(() =>
      files.forEach((f) => {
        createHash("sha1").update(f.body).digest("base64url");
        if (f.html) inlineScriptHashes(f.body.toString("utf8"));
      }),
    );
    // The first round warms up.
    if (i === 0) continue;
    runs.gzip.push(gzip);
    runs.brotli.push(brotli);
    runs.hash.push(hash);
  }
  const gzipMs = round(median(runs.gzip), 1);
  const brotliMs = round(median(runs.brotli), 1);
  const hashMs = round(median(runs.hash), 1);
  return {
    files: files.length,
    identityKb: round(files.reduce((n, f) => n + f.body.length, 0) / 1024, 0),
    cpuMs: round(gzipMs + brotliMs + hashMs, 1),
    gzipMs,
    brotliMs,
    hashMs,
  };
}

// ---------------------------------------------------------------------------------------------
// The list with a thousand items

/**
 * Writes `items` items of type "bench" (`bench/000`...), each a service page's published JSON with
 * its own slug and a paragraph of its own (about 5 KB), one in ten with a draft, published
 * `versions` times over the last `versions` days, every version a row of content_versions.
 */
async function seedBenchItems(
  db: Database,
  exec: (text: string) => Promise<Record<string, unknown>[]>,
  store: Store,
  admin: { id: string; name: string },
  items: number,
  versions: number,
): Promise<ContentResult["list"]["seeded"]> {
  const t0 = performance.now();
  const services = (await store.allItems(db)).filter((i) => i.type === "service");
  const words = ["network", "firewall", "laptop", "server", "printer", "backup", "office", "cloud", "phone", "camera", "license", "audit"];
  const { contentItems } = await import("../../app/db/schema.server.ts");
  const { sql } = await import("drizzle-orm");
  const rows = Array.from({ length: items }, (_, i) => {
    const id = `bench/${String(i).padStart(3, "0")}`;
    const base = structuredClone(services[i % services.length]!.published) as Record<string, unknown>;
    const paragraph = Array.from({ length: 40 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(" ");
    const data = { ...base, slug: `bench-${i}`, benchNote: `Item ${i}: ${paragraph}.` };
    return {
      id,
      type: "bench",
      title: `Bench item ${String(i).padStart(3, "0")}`,
      published: data,
      publishedVersion: versions,
      publishedAt: new Date(Date.now() - ((i % 30) + 1) * 3600_000),
      draft: i % 10 === 0 ? { ...data, benchNote: `${data.benchNote} Draft.` } : null,
      revision: versions + (i % 10 === 0 ? 1 : 0),
      updatedBy: admin.id,
      updatedByName: admin.name,
      updatedAt: new Date(Date.now() - ((i % 30) + 1) * 3600_000),
    };
  });
  for (let i = 0; i < rows.length; i += 100) await db.insert(contentItems).values(rows.slice(i, i + 100));
  // Every version a row of its own (the store never prunes): the item's data with its version number.
  for (let from = 0; from < items; from += 100) {
    await db.execute(sql`
      insert into content_versions (item_id, version, data, published_at, published_by, published_by_name, note)
      select i.id, v, jsonb_set(i.published, '{benchVersion}', to_jsonb(v)), now() - (${versions} - v) * interval '1 day',
             ${admin.id}::uuid, ${admin.name}, case when v % 5 = 0 then 'Bench version ' || v end
      from content_items i cross join generate_series(1, ${versions}) v
      where i.type = 'bench' and substring(i.id from 7)::int >= ${from} and substring(i.id from 7)::int < ${from + 100}`);
  }
  await exec("vacuum analyze content_items, content_versions");
  const [counts] = await exec(
    `select (select count(*)::int from content_items where type = 'bench') as items,
            (select count(*)::int from content_versions where item_id like 'bench/%') as versions,
            pg_total_relation_size('content_versions')::bigint as bytes`,
  );
  return {
    items: Number(counts!.items),
    versions: Number(counts!.versions),
    seconds: round((performance.now() - t0) / 1000, 1),
    tableMb: round(Number(counts!.bytes) / 1024 / 1024, 0),
  };
}

async function timeList(server: ServerHandle, label: string, pagePath: string, cookie: string, mustShow: string): Promise<ListTiming> {
  const check = await httpRequest(`${server.url}${pagePath}`, { headers: { cookie } });
  if (check.status !== 200 || !check.body.includes(mustShow))
    throw new Error(`${pagePath} answered ${check.status} without "${mustShow}": ${check.body.slice(0, 300)}`);
  const items = Number(/role="status"[^>]*>(\d+) items?/.exec(check.body)?.[1] ?? Number.NaN);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < LIST_WARMUPS + LIST_RUNS; i++) {
    const t0 = performance.now();
    const res = await httpGet(`${server.url}${pagePath}`, { ...BROWSER_HEADERS, cookie }, 60_000);
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`);
    bytes = res.bytes;
    if (i >= LIST_WARMUPS) times.push(ms);
  }
  return { label, path: pagePath, items, bytes, ms: stats(times) };
}

async function timeCall(fn: () => Promise<unknown>, runs = LIST_RUNS): Promise<Stats> {
  for (let i = 0; i < LIST_WARMUPS; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return stats(times);
}

/** Runs `fn` with process A's profiler on (SIGUSR2 to start and stop): the profile's summary, without CPU_PROF_DIR none. */
async function profiled<T>(server: ServerHandle, n: number, fn: () => Promise<T>): Promise<{ result: T; profile?: ProfileSummary }> {
  if (!CPU_PROF_DIR) return { result: await fn() };
  process.kill(server.pid, "SIGUSR2");
  await sleep(50);
  const result = await fn();
  process.kill(server.pid, "SIGUSR2");
  const file = path.join(CPU_PROF_DIR, `${n}.cpuprofile`);
  const deadline = performance.now() + 30_000;
  while (!existsSync(file)) {
    if (performance.now() > deadline) throw new Error(`no profile ${file} within 30 s`);
    await sleep(50);
  }
  log(`content: CPU profile ${file}`);
  return { result, profile: summarizeProfile(file) };
}

// ---------------------------------------------------------------------------------------------

function renderStats(label: string, lines: RenderLine[], skip: number, count: number): ProcessRenders {
  const after = lines.slice(1 + skip, 1 + skip + count);
  return {
    label,
    start: lines[0] ?? null,
    after,
    cpu: stats(after.map((l) => l.cpuMs)),
    wall: stats(after.map((l) => l.wallMs)),
  };
}

export async function measureContent(): Promise<ContentResult> {
  // The bench's own connection signs the administrator in with the servers' secret (as scale does).
  process.env.BETTER_AUTH_SECRET ??= SECRET;
  const [{ auth, authSecret }, { createStaffUser }, { closeDatabase, database, initDatabase }, { env }, twoFactor, store] =
    await Promise.all([
      import("../../app/auth/auth.server.ts"),
      import("../../app/auth/users.server.ts"),
      import("../../app/db/client.server.ts"),
      import("../../app/env.server.ts"),
      import("../../tests/two-factor.ts"),
      import("../../app/studio/store.server.ts"),
    ]);
  const { sql } = await import("drizzle-orm");
  const dirs: string[] = [];
  const servers: ServerHandle[] = [];
  const agents: http.Agent[] = [];
  let pg: TestPostgres | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> = null;
  try {
    if (CPU_PROF_DIR) mkdirSync(CPU_PROF_DIR, { recursive: true });
    pg = await startTestPostgres();
    const scriptDir = mkdtempSync(path.join(TMP_ROOT, "bench-content-script-"));
    dirs.push(scriptDir);
    await initDatabase({ databaseUrl: pg.url, dataDir: scriptDir });
    const db = await database();
    const exec = async (text: string) => (await db.execute(sql.raw(text))).rows as Record<string, unknown>[];
    const instance = await auth();
    const admin = await createStaffUser(
      { db, auth: instance },
      { email: ADMIN.email, password: ADMIN.password, name: ADMIN.name, admin: true },
    );
    const by = { id: admin.id, name: ADMIN.name };
    const { cookie } = await twoFactor.turnOnTwoFactor(
      instance,
      await twoFactor.signInCookie(instance, ADMIN.email, ADMIN.password),
      ADMIN.password,
    );
    const secret = authSecret(env());

    // Two processes, started one after the other (each seeds the content items it lacks, then renders).
    for (const label of ["A", "B"]) {
      const dataDir = mkdtempSync(path.join(TMP_ROOT, `bench-content-${label}-`));
      dirs.push(dataDir);
      const profile: Record<string, string> =
        CPU_PROF_DIR && label === "A" ? { NODE_OPTIONS: `--import=${PROFILE_PRELOAD}`, BENCH_CPU_PROF_DIR: CPU_PROF_DIR } : {};
      servers.push(await startServer(120_000, { ...oneProcessEnv(dataDir, pg.url), BETTER_AUTH_SECRET: secret, ...profile }));
    }
    const targets = servers.map((server) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      agents.push(agent);
      return { server, agent };
    });
    proxy = await startProxy(servers.map((s) => `127.0.0.1:${s.port}`));
    if (!proxy) log("content: nginx not installed: the processes are asked directly only");
    for (const s of servers) {
      const home = await httpRequest(`${s.url}/`, {});
      if (!home.body.includes(SEED_SUPPORT_E164))
        throw new Error(`/ of the process on ${s.port} does not show the support phone ${SEED_SUPPORT_E164}`);
    }
    const session = await httpRequest(`${servers[0]!.url}/api/session`, { headers: { cookie } });
    if (session.status !== 200 || !session.body.includes(ADMIN.email))
      throw new Error(`the bench administrator's session is refused: HTTP ${session.status} ${session.body.slice(0, 200)}`);
    const baseline = await timeList(servers[0]!, "33 items (the site's)", "/admin/content", cookie, "Business facts");

    // 1. Publish to served, 2. re-render CPU.
    let published = 0;
    const runs: PublishRun[] = [];
    let nginxChecked = false;
    const publish = async (counted: boolean) => {
      const run = await publishOnce(store, db, by, ++published, targets);
      if (proxy) {
        for (let k = 0; k < 2; k++) {
          const through = await httpRequest(`${proxy.url}/`, {});
          if (!through.body.includes(supportPhone(published).e164))
            throw new Error(`nginx served / without publication ${published}'s number`);
        }
        nginxChecked = true;
      }
      if (counted) runs.push(run);
      log(
        `content: publication ${published}${counted ? "" : " (warm-up)"}: served by both in ${run.bothMs ?? "n/a"} ms ` +
          `(/ ${run.homeMs.join(" / ")}, /contact ${run.contactMs.join(" / ")} ms; publishItem ${run.publishCallMs} ms; ` +
          `slowest /healthz ${run.stallMs.join(" / ")} ms)`,
      );
      await sleep(300);
    };
    for (let i = 0; i < WARMUP_PUBLICATIONS; i++) await publish(false);
    const { profile: rerenderProfile } = await profiled(servers[0]!, 1, async () => {
      for (let i = 0; i < PUBLICATIONS; i++) await publish(true);
    });
    const renders = servers.map((s, k) => renderStats(k ? "B" : "A", renderLines(s.logFile), WARMUP_PUBLICATIONS, PUBLICATIONS));
    const allAfter = renders.flatMap((r) => r.after);
    const compression = await timeCompression(servers[0]!);
    log(`content: compression of ${compression.files} files (${compression.identityKb} KB) takes ${compression.cpuMs} ms of CPU here`);

    // 3. The list with a thousand items.
    log(`content: writing ${BENCH_ITEMS} items with ${BENCH_VERSIONS} versions each`);
    const seeded = await seedBenchItems(db, exec, store, by, BENCH_ITEMS, BENCH_VERSIONS);
    log(`content: ${JSON.stringify(seeded)}`);
    const last = `bench/${String(BENCH_ITEMS - 1).padStart(3, "0")}`;
    const { result: full, profile: listProfile } = await profiled(servers[0]!, 2, () =>
      timeList(servers[0]!, `${33 + seeded.items} items`, "/admin/content", cookie, last),
    );
    const search = await timeList(servers[0]!, "a word of a few items", `/admin/content?q=${RARE_TERM}`, cookie, "match this search");
    const searchCommon = await timeList(
      servers[0]!,
      "a word of most items",
      `/admin/content?q=${COMMON_TERM}`,
      cookie,
      "match this search",
    );
    const query = {
      full: await timeCall(() => store.listItems(db)),
      search: await timeCall(() => store.listItems(db, RARE_TERM)),
      searchCommon: await timeCall(() => store.listItems(db, COMMON_TERM)),
      publishedContent: await timeCall(() => store.publishedContent(db), 10),
    };
    log(`content: list ${full.ms.median} ms, searched ${search.ms.median} ms; listItems ${query.full.median} / ${query.search.median} ms`);

    // 4. Publications with the bench rows in place: do the processes skip what they do not know?
    const before = servers.map((s) => unknownItemLines(s.logFile));
    const afterRuns: PublishRun[] = [];
    for (let i = 0; i < AFTER_ROWS_PUBLICATIONS; i++) {
      const run = await publishOnce(store, db, by, ++published, targets);
      afterRuns.push(run);
      log(`content: with the bench rows, publication ${published}: served by both in ${run.bothMs ?? "n/a"} ms`);
      await sleep(300);
    }
    const unknownItemLinesPerReload = servers.map((s, k) => round((unknownItemLines(s.logFile) - before[k]!) / AFTER_ROWS_PUBLICATIONS, 1));
    const healthy = (await Promise.all(servers.map((s) => httpGet(`${s.url}/healthz`)))).every((r) => r.status === 200);
    const afterRenders = servers.flatMap((s) => renderLines(s.logFile).slice(-AFTER_ROWS_PUBLICATIONS));

    return {
      publications: PUBLICATIONS,
      publish: {
        both: stats(runs.map((r) => r.bothMs ?? Number.NaN)),
        homePerProcess: [0, 1].map((k) => stats(runs.map((r) => r.homeMs[k] ?? Number.NaN))),
        contact: stats(runs.flatMap((r) => r.contactMs.map((v) => v ?? Number.NaN))),
        failures: runs.filter((r) => r.bothMs === null).length,
        publishCall: stats(runs.map((r) => r.publishCallMs)),
        stall: stats(runs.flatMap((r) => r.stallMs)),
        runs,
      },
      renders,
      rerenderCpu: stats(allAfter.map((l) => l.cpuMs)),
      rerenderWall: stats(allAfter.map((l) => l.wallMs)),
      compression,
      list: { seeded, baseline, full, search, searchCommon, query },
      withBenchRows: {
        both: stats(afterRuns.map((r) => r.bothMs ?? Number.NaN)),
        rerenderCpu: stats(afterRenders.map((l) => l.cpuMs)),
        failures: afterRuns.filter((r) => r.bothMs === null).length,
        unknownItemLinesPerReload,
        healthy,
      },
      nginxChecked,
      profiles: CPU_PROF_DIR ? { rerender: rerenderProfile, list: listProfile, listRequests: 1 + LIST_WARMUPS + LIST_RUNS } : undefined,
    };
  } finally {
    for (const agent of agents) agent.destroy();
    await proxy?.stop();
    for (const server of servers) await server.stop();
    await closeDatabase().catch(() => {});
    await pg?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (s: Stats) => `${s.median} / ${s.p95} / ${s.max}`;

export function contentReport(r: ContentResult): string {
  const out: string[] = [""];
  out.push(
    `Content studio: two processes on one PostgreSQL behind nginx${r.nginxChecked ? "" : " (nginx not checked)"}; ` +
      `${r.publications} publications of the support phone (after ${WARMUP_PUBLICATIONS} not counted)`,
  );
  out.push(
    table(
      ["figure", "n", "median ms", "p95 ms", "max ms"],
      [
        ["commit to served by both (/ and /contact)", r.publish.both],
        ["  / on process A", r.publish.homePerProcess[0]!],
        ["  / on process B", r.publish.homePerProcess[1]!],
        ["  /contact (rendered per request), both", r.publish.contact],
        ["publishItem call (to commit)", r.publish.publishCall],
        ["slowest /healthz during a re-render", r.publish.stall],
        ["re-render CPU, both processes", r.rerenderCpu],
        ["re-render wall (rendering only), both", r.rerenderWall],
        ...r.renders.flatMap((p) => [
          [`  process ${p.label} re-render CPU`, p.cpu] as [string, Stats],
          [`  process ${p.label} re-render wall`, p.wall] as [string, Stats],
        ]),
      ].map(([label, s]) => [
        label as string,
        String((s as Stats).n),
        String((s as Stats).median),
        String((s as Stats).p95),
        String((s as Stats).max),
      ]),
      ["l", "r", "r", "r", "r"],
    ),
  );
  out.push(
    `First render at start (cold): ${r.renders.map((p) => `${p.label} ${p.start ? `${p.start.cpuMs} ms CPU, ${p.start.wallMs} ms wall, ${p.start.pages} pages` : "n/a"}`).join("; ")}. ` +
      `Timeouts: ${r.publish.failures}.`,
  );
  const c = r.compression;
  out.push(
    `Compression of the set (${c.files} files, ${c.identityKb} KB), timed in the bench's process: ${c.cpuMs} ms of CPU ` +
      `(brotli 5 ${c.brotliMs}, gzip 6 ${c.gzipMs}, SHA-1 and script hashes ${c.hashMs}); the rest of a re-render's CPU is React Router's rendering.`,
  );
  const l = r.list;
  out.push(
    "",
    `/admin/content from process A with an administrator's session, gzip accepted, ${LIST_RUNS} requests after ${LIST_WARMUPS}; ` +
      `${l.seeded.items} bench items and ${l.seeded.versions} versions written in ${l.seeded.seconds} s (content_versions ${l.seeded.tableMb} MB)`,
  );
  out.push(
    table(
      ["page", "items shown", "bytes", "median ms", "p95 ms", "max ms"],
      [l.baseline, l.full, l.search, l.searchCommon].map((t) => [
        `${t.path} (${t.label})`,
        String(t.items),
        String(t.bytes),
        String(t.ms.median),
        String(t.ms.p95),
        String(t.ms.max),
      ]),
      ["l", "r", "r", "r", "r", "r"],
    ),
  );
  out.push(
    `The loader's query in the bench's process: listItems ${ms(l.query.full)} ms, listItems("${RARE_TERM}") ${ms(l.query.search)} ms, ` +
      `listItems("${COMMON_TERM}") ${ms(l.query.searchCommon)} ms ` +
      `(median / p95 / max); the live content's publishedContent (every item's JSON) ${ms(l.query.publishedContent)} ms.`,
  );
  const w = r.withBenchRows;
  out.push(
    "",
    `With the bench rows: ${AFTER_ROWS_PUBLICATIONS} publications served by both in ${ms(w.both)} ms (timeouts ${w.failures}), ` +
      `re-render CPU ${w.rerenderCpu.median} ms (median); lines "does not match its schema" per reload: ${w.unknownItemLinesPerReload.join(" / ")}; ` +
      `/healthz ${w.healthy ? "200 on both" : "FAILED"}.`,
  );
  if (r.profiles?.rerender)
    out.push(
      "",
      profileReport(
        `Process A's CPU profile during the ${r.publications} counted publications`,
        r.profiles.rerender,
        r.publications,
        "a publication",
      ),
    );
  if (r.profiles?.list)
    out.push(
      "",
      profileReport(
        `Process A's CPU profile during ${r.profiles.listRequests} requests of the full list`,
        r.profiles.list,
        r.profiles.listRequests,
        "a request",
      ),
    );
  return out.join("\n");
}

export interface ContentFigure {
  group: string;
  figure: string;
  value: number | null;
  unit: string;
  target?: { op: "<=" | ">="; limit: number };
  note?: string;
}

export function contentFigures(r: ContentResult): ContentFigure[] {
  const g = "Content studio";
  const T = CONTENT_TARGETS;
  const l = r.list;
  return [
    {
      group: g,
      figure: "publish to served by both processes, median",
      value: r.publish.both.median,
      unit: "ms",
      note: `max ${r.publish.both.max} ms; ${r.publish.failures} timeouts`,
    },
    {
      group: g,
      figure: "publish to served by both processes, p95",
      value: r.publish.both.p95,
      unit: "ms",
      target: { op: "<=", limit: T.publishToServedP95Ms },
    },
    {
      group: g,
      figure: "re-render CPU per process, median",
      value: r.rerenderCpu.median,
      unit: "ms",
      target: { op: "<=", limit: T.rerenderCpuMs },
      note: `p95 ${r.rerenderCpu.p95} ms; wall ${r.rerenderWall.median} / p95 ${r.rerenderWall.p95} ms`,
    },
    {
      group: g,
      figure: "slowest /healthz during a reload and re-render, median",
      value: r.publish.stall.median,
      unit: "ms",
      note: `p95 ${r.publish.stall.p95} ms, max ${r.publish.stall.max} ms: the longest the process answered nothing`,
    },
    {
      group: g,
      figure: "first render at start (cold), CPU",
      value: r.renders[0]?.start?.cpuMs ?? null,
      unit: "ms",
      note: r.renders.map((p) => `${p.label} ${p.start?.cpuMs ?? "n/a"} ms CPU, ${p.start?.wallMs ?? "n/a"} ms wall`).join("; "),
    },
    {
      group: g,
      figure: "compression of the set (bench process)",
      value: r.compression.cpuMs,
      unit: "ms",
      note: `brotli ${r.compression.brotliMs}, gzip ${r.compression.gzipMs}, hashes ${r.compression.hashMs} ms`,
    },
    {
      group: g,
      figure: `/admin/content, ${l.full.items} items, median`,
      value: l.full.ms.median,
      unit: "ms",
      target: { op: "<=", limit: T.listMs },
      note: `p95 ${l.full.ms.p95} ms; ${l.full.bytes} B; 33 items: ${l.baseline.ms.median} ms`,
    },
    {
      group: g,
      figure: `/admin/content?q=${RARE_TERM}, median`,
      value: l.search.ms.median,
      unit: "ms",
      target: { op: "<=", limit: T.listMs },
      note: `p95 ${l.search.ms.p95} ms; ${l.search.items} items shown`,
    },
    {
      group: g,
      figure: `/admin/content?q=${COMMON_TERM}, median`,
      value: l.searchCommon.ms.median,
      unit: "ms",
      target: { op: "<=", limit: T.listMs },
      note: `p95 ${l.searchCommon.ms.p95} ms; ${l.searchCommon.items} items shown`,
    },
    {
      group: g,
      figure: "listItems query (in-process), median",
      value: l.query.full.median,
      unit: "ms",
      note: `searched ${l.query.search.median} and ${l.query.searchCommon.median} ms`,
    },
    {
      group: g,
      figure: "publish to served with the bench rows, median",
      value: r.withBenchRows.both.median,
      unit: "ms",
      note: `re-render CPU ${r.withBenchRows.rerenderCpu.median} ms; unknown-item log lines per reload ${r.withBenchRows.unknownItemLinesPerReload.join(" / ")}`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) await runPhaseAlone(measureContent, contentReport, contentFigures);
