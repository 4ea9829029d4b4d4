/**
 * Site search's targets (ADR 032, docs/requirements/search.md), on PostgreSQL and on PGlite, each
 * with BENCH_SEARCH_POSTS (5,000) published posts of about 350 words (from a vocabulary of IT and
 * plain English words, each post with a word of its own), the site's pages, and the content
 * index written at start.
 *
 * 1. /search p95: BENCH_SEARCH_RUNS (30, after 3 not counted) requests of each query of QUERIES,
 *    one after the other (each from its own client address, X-Forwarded-For, as visitors are; the
 *    per-address limit is not what is timed), gzip accepted: a word in most posts, one in a few, a
 *    word of one post, two words, a word form, two typos, a word no page has (the suggestions),
 *    and the second page of the most common word. Targets: p95 <= 30 ms on PostgreSQL, <= 60 ms on
 *    PGlite. /search.json (the live results) the same, with the first queries.
 * 2. Index update (PostgreSQL, where the bench can write beside the server): a post published by
 *    the bench's own connection (the editor's insert), then /search.json asked every 10 ms until
 *    it finds the post's word: commit to found; then unpublished, until gone; and a content
 *    publication (a service page's new word, through `publishItem`, the studio's path), until
 *    found (the notification, the reload and the index's write). Target: <= 2 s each.
 * 3. Keystroke to the first live results, in Chromium at 4x CPU throttling (PostgreSQL's server):
 *    the home page, the header's field focused and the page hydrated, then one key: the time from
 *    the keydown to the listbox's first option in the page (a MutationObserver), BENCH_SEARCH_KEYS
 *    (10) runs. Target: <= 100 ms (median).
 * 4. The field's weight: the first JavaScript of the pages with a budget (as sizes.ts counts it)
 *    and the live results' module, which a page loads only when the field is focused.
 *
 *   npx tsx scripts/bench/search.ts   (after npm run build; 3-5 minutes)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium.ts";
import { startTestPostgres, type TestPostgres } from "../pg/test-server.ts";
import {
  CLIENT_DIR,
  httpGet,
  log,
  median,
  oneProcessEnv,
  percentile,
  round,
  runPhaseAlone,
  sleep,
  startServer,
  table,
  TMP_ROOT,
  type ServerHandle,
} from "./lib.ts";
import { measureHtml } from "./sizes.ts";

export const SEARCH_TARGETS = { postgresP95Ms: 30, pgliteP95Ms: 60, indexUpdateMs: 2000, keystrokeMs: 100 };
const POSTS = Number(process.env.BENCH_SEARCH_POSTS ?? 5_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const WARMUP = 3;
const KEYS = Number(process.env.BENCH_SEARCH_KEYS ?? 10);

/** What is searched: a word of most posts, of a few, of one; two words; a word form; typos; nothing; a second page. */
export const QUERIES = [
  { label: "common word (most posts)", q: "backup" },
  { label: "word of a few posts", q: "quarantine" },
  { label: "word of one post", q: "zqpost1234" },
  { label: "two words", q: "firewall migration" },
  { label: "word form (backups)", q: "backups" },
  { label: "typo (cybersecurty)", q: "cybersecurty" },
  { label: "typo (complaince)", q: "complaince" },
  { label: "nothing found (suggestions)", q: "qqqzzzxx" },
  { label: "second page of the common word", q: "backup", page: 2 },
] as const;

const COMMON = (
  "backup restore server network firewall email phishing password laptop printer router switch cloud migration " +
  "microsoft office security patch update monitoring helpdesk ticket user account license budget vendor contract " +
  "compliance audit policy training staff office desk phone voip wifi internet outage downtime recovery plan drill test"
).split(" ");
const PLAIN = (
  "the a of to and in for on with that this we you your our is are was be can will it as at by from or an not " +
  "every each month week year day small business team client engineer check list step first next last before after " +
  "good bad fast slow new old simple clear cheap costly local remote daily weekly early late right wrong"
).split(" ");
const RARE = "quarantine sandbox hypervisor tokenization kerberos ransomware deduplication failover".split(" ");

/** A deterministic post body: ~350 words, mostly plain, with IT words, a rare word in some, a word of its own. */
function postBody(i: number): string {
  let seed = (i * 2654435761) >>> 0;
  const next = () => (seed = (seed * 1664525 + 1013904223) >>> 0);
  const words: string[] = [];
  for (let w = 0; w < 350; w++) {
    const r = next() % 100;
    words.push(r < 65 ? PLAIN[next() % PLAIN.length] : r < 99 ? COMMON[next() % COMMON.length] : RARE[next() % RARE.length]);
    if (w % 14 === 13) words[words.length - 1] += ".";
  }
  if (i % 50 !== 0) {
    const q = words.indexOf("quarantine");
    if (q >= 0) words[q] = "isolation";
  }
  return `## Part one\n\n${words.slice(0, 175).join(" ")} zqpost${i}.\n\n## Part two\n\n${words.slice(175).join(" ")}`;
}

export async function seedPosts(db: import("../../app/db/client.server.ts").Database) {
  const { blogPosts } = await import("../../app/db/schema.server.ts");
  const now = Date.now();
  for (let from = 0; from < POSTS; from += 250) {
    const rows = [];
    for (let i = from; i < Math.min(POSTS, from + 250); i++)
      rows.push({
        slug: `bench-post-${i}`,
        title: `${COMMON[i % COMMON.length]} notes for small offices, part ${i}`,
        summary: `A practical note for small offices on ${COMMON[(i * 7) % COMMON.length]}, with the checks we run every month.`,
        body: postBody(i),
        authorName: "Dana Reyes",
        tags: [COMMON[i % 11], COMMON[(i + 5) % 13]],
        status: "published" as const,
        publishAt: new Date(now - (i + 1) * 3_600_000),
      });
    await db.insert(blogPosts).values(rows);
  }
}

export interface Stats {
  n: number;
  median: number;
  p95: number;
  max: number;
}
const stats = (values: number[]): Stats => ({
  n: values.length,
  median: round(median(values)),
  p95: round(percentile(values, 95)),
  max: round(Math.max(...values)),
});

let address = 0;
const nextAddress = () => `10.77.${Math.floor(++address / 250) % 250}.${address % 250}`;

async function timeRequests(url: string, path: string): Promise<Stats & { statuses: number[] }> {
  const times: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const t0 = performance.now();
    const res = await httpGet(`${url}${path}`, { "x-forwarded-for": nextAddress(), "accept-encoding": "gzip" }, 5_000);
    const ms = performance.now() - t0;
    statuses.add(res.status);
    if (i >= WARMUP) times.push(ms);
  }
  return { ...stats(times), statuses: [...statuses] };
}

export interface DatabaseSearch {
  database: "PostgreSQL" | "PGlite";
  perQuery: { label: string; page: Stats; json?: Stats; total: number }[];
  page: Stats;
  json: Stats;
  seedMs: number;
}

export interface SearchResult {
  databases: DatabaseSearch[];
  index?: { postFoundMs: number; postGoneMs: number; contentFoundMs: number };
  keystroke?: Stats;
  sizes: { page: string; jsKb: number }[];
  liveModuleKb: number;
}

async function measureOn(kind: "PostgreSQL" | "PGlite", pg: TestPostgres | undefined, after?: (server: ServerHandle) => Promise<void>) {
  const { closeDatabase, database, initDatabase } = await import("../../app/db/client.server.ts");
  const dataDir = mkdtempSync(path.join(TMP_ROOT, `bench-search-${kind}-`));
  let server: ServerHandle | undefined;
  try {
    await initDatabase({ databaseUrl: pg?.url, dataDir });
    const t0 = performance.now();
    await seedPosts(await database());
    const seedMs = performance.now() - t0;
    log(`search: ${POSTS} posts seeded on ${kind} in ${Math.round(seedMs)} ms`);
    if (kind === "PGlite") await closeDatabase();
    server = await startServer(120_000, oneProcessEnv(dataDir, pg?.url ?? ""));
    const perQuery: DatabaseSearch["perQuery"] = [];
    const all: number[] = [];
    const allJson: number[] = [];
    for (const [i, query] of QUERIES.entries()) {
      const qs = `q=${encodeURIComponent(query.q)}${"page" in query ? `&page=${query.page}` : ""}`;
      const page = await timeRequests(server.url, `/search?${qs}`);
      const json = i < 7 && !("page" in query) ? await timeRequests(server.url, `/search.json?${qs}`) : undefined;
      const answer = JSON.parse(
        await (await fetch(`${server.url}/search.json?${qs}`, { headers: { "x-forwarded-for": nextAddress() } })).text(),
      ) as {
        total: number;
      };
      if (page.statuses.some((s) => s !== 200)) throw new Error(`/search?${qs} answered ${page.statuses.join(", ")}`);
      perQuery.push({ label: query.label, page, json, total: answer.total });
    }
    // Pool every request's time for the overall figure: run them again, interleaved.
    for (let r = 0; r < RUNS; r++)
      for (const query of QUERIES) {
        const qs = `q=${encodeURIComponent(query.q)}${"page" in query ? `&page=${query.page}` : ""}`;
        let t0 = performance.now();
        await httpGet(`${server.url}/search?${qs}`, { "x-forwarded-for": nextAddress(), "accept-encoding": "gzip" }, 5_000);
        all.push(performance.now() - t0);
        if (!("page" in query)) {
          t0 = performance.now();
          await httpGet(`${server.url}/search.json?${qs}`, { "x-forwarded-for": nextAddress(), "accept-encoding": "gzip" }, 5_000);
          allJson.push(performance.now() - t0);
        }
      }
    if (after) await after(server);
    return { database: kind, perQuery, page: stats(all), json: stats(allJson), seedMs: round(seedMs, 0) } satisfies DatabaseSearch;
  } finally {
    await server?.stop();
    await closeDatabase().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function until(check: () => Promise<boolean>, limitMs = 10_000): Promise<number> {
  const t0 = performance.now();
  while (!(await check())) {
    if (performance.now() - t0 > limitMs) return Number.POSITIVE_INFINITY;
    await sleep(10);
  }
  return round(performance.now() - t0);
}

async function measureIndex(server: ServerHandle) {
  const { database } = await import("../../app/db/client.server.ts");
  const { blogPosts, user } = await import("../../app/db/schema.server.ts");
  const { eq } = await import("drizzle-orm");
  const store = await import("../../app/studio/store.server.ts");
  const { seedContent } = await import("../../app/content/seed.ts");
  const db = await database();
  const total = async (q: string) =>
    (
      JSON.parse(await (await fetch(`${server.url}/search.json?q=${q}`, { headers: { "x-forwarded-for": nextAddress() } })).text()) as {
        total: number;
      }
    ).total;
  const found = async (q: string, url: string) =>
    (
      JSON.parse(await (await fetch(`${server.url}/search.json?q=${q}`, { headers: { "x-forwarded-for": nextAddress() } })).text()) as {
        hits: { url: string }[];
      }
    ).hits.some((h) => h.url === url);

  const [row] = await db
    .insert(blogPosts)
    .values({
      slug: "bench-fresh",
      title: "Fresh post",
      summary: "A post the bench publishes while the server runs, to time the index.",
      body: "The word benchfreshword is in this post only.",
      authorName: "Bench",
      status: "published",
      publishAt: new Date(),
    })
    .returning({ id: blogPosts.id });
  const postFoundMs = await until(async () => (await total("benchfreshword")) > 0);
  await db.update(blogPosts).set({ status: "draft" }).where(eq(blogPosts.id, row!.id));
  const postGoneMs = await until(async () => !(await found("benchfreshword", "/blog/bench-fresh")));

  const [author] = await db.insert(user).values({ name: "Bench", email: "bench-search@crossroadsit.example" }).returning({ id: user.id });
  const item = (await store.getItem(db, "service/voip"))!;
  const data = structuredClone(seedContent().services.voip);
  data.intro = `${data.intro} Ask about our benchcontentword dial plans.`;
  await store.publishItem(db, "service/voip", { revision: item.revision, data, title: "VoIP", by: { id: author!.id, name: "Bench" } });
  const contentFoundMs = await until(async () => found("benchcontentword", "/services/voip"));
  return { postFoundMs, postGoneMs, contentFoundMs };
}

async function measureKeystroke(server: ServerHandle): Promise<Stats> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    for (let run = 0; run < KEYS + 1; run++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        extraHTTPHeaders: { "x-forwarded-for": nextAddress() },
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
      const field = page.locator("#site-search");
      await field.focus();
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      await page.waitForFunction(() => document.querySelector("#site-search")?.getAttribute("role") === "combobox");
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.evaluate(() => {
        const w = window as unknown as { __keyAt?: number; __shownAt?: Promise<number> };
        w.__shownAt = new Promise((resolve) => {
          new MutationObserver((_, observer) => {
            if (document.querySelector('#site-search-results [role="option"]')) {
              observer.disconnect();
              resolve(performance.now());
            }
          }).observe(document.body, { childList: true, subtree: true });
        });
        window.addEventListener("keydown", () => (w.__keyAt ??= performance.now()), { capture: true, once: true });
      });
      await field.press("c");
      const ms = await page.evaluate(async () => {
        const w = window as unknown as { __keyAt: number; __shownAt: Promise<number> };
        return (await w.__shownAt) - w.__keyAt;
      });
      if (run > 0) times.push(ms);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return stats(times);
}

function fieldSizes(server: ServerHandle) {
  return async () => {
    const sizes = [];
    for (const page of ["/", "/services/managed-it", "/contact", "/search"]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      sizes.push({ page, jsKb: measureHtml(page, html, "search bench").jsKb });
    }
    return sizes;
  };
}

export async function measureSearch(): Promise<SearchResult> {
  let pg: TestPostgres | undefined;
  const result: SearchResult = { databases: [], sizes: [], liveModuleKb: 0 };
  try {
    pg = await startTestPostgres();
    result.databases.push(
      await measureOn("PostgreSQL", pg, async (server) => {
        result.index = await measureIndex(server);
        result.keystroke = await measureKeystroke(server);
        result.sizes = await fieldSizes(server)();
      }),
    );
  } finally {
    await pg?.stop();
  }
  result.databases.push(await measureOn("PGlite", undefined));
  const live = readdirSync(path.join(CLIENT_DIR, "assets")).find((f) => /^live-search-.*\.js$/.test(f));
  if (live) result.liveModuleKb = round(gzipSync(readFileSync(path.join(CLIENT_DIR, "assets", live)), { level: 9 }).length / 1024);
  return result;
}

export function searchReport(r: SearchResult): string {
  const out = [""];
  for (const d of r.databases) {
    out.push(
      `Site search on ${d.database}, ${POSTS} published posts (seeded in ${d.seedMs} ms), ${RUNS} requests a query after ${WARMUP}:`,
    );
    out.push(
      table(
        ["query", "results", "/search median", "p95", "/search.json median", "p95"],
        d.perQuery.map((q) => [
          q.label,
          String(q.total),
          String(q.page.median),
          String(q.page.p95),
          q.json ? String(q.json.median) : "",
          q.json ? String(q.json.p95) : "",
        ]),
        ["l", "r", "r", "r", "r", "r"],
      ),
    );
    out.push(
      `  all queries interleaved: /search median ${d.page.median} ms, p95 ${d.page.p95} ms; /search.json median ${d.json.median}, p95 ${d.json.p95} ms`,
    );
  }
  if (r.index)
    out.push(
      `Index update (PostgreSQL): post published to found ${r.index.postFoundMs} ms, unpublished to gone ${r.index.postGoneMs} ms, content publication to found ${r.index.contentFoundMs} ms`,
    );
  if (r.keystroke)
    out.push(
      `Keystroke to the first live results at 4x CPU: median ${r.keystroke.median} ms, p95 ${r.keystroke.p95} ms (${r.keystroke.n} runs)`,
    );
  out.push(
    `First JavaScript: ${r.sizes.map((s) => `${s.page} ${s.jsKb} KB`).join(", ")}; live results' module (on focus) ${r.liveModuleKb} KB`,
  );
  return out.join("\n");
}

export interface SearchFigure {
  group: string;
  figure: string;
  value: number | null;
  unit: string;
  target?: { op: "<=" | ">="; limit: number };
}

export function searchFigures(r: SearchResult): SearchFigure[] {
  const g = "Site search";
  const pg = r.databases.find((d) => d.database === "PostgreSQL");
  const lite = r.databases.find((d) => d.database === "PGlite");
  return [
    {
      group: g,
      figure: "/search p95, PostgreSQL, 5,000 posts",
      value: pg?.page.p95 ?? null,
      unit: "ms",
      target: { op: "<=", limit: SEARCH_TARGETS.postgresP95Ms },
    },
    {
      group: g,
      figure: "/search p95, PGlite, 5,000 posts",
      value: lite?.page.p95 ?? null,
      unit: "ms",
      target: { op: "<=", limit: SEARCH_TARGETS.pgliteP95Ms },
    },
    { group: g, figure: "/search.json p95, PostgreSQL", value: pg?.json.p95 ?? null, unit: "ms" },
    { group: g, figure: "/search.json p95, PGlite", value: lite?.json.p95 ?? null, unit: "ms" },
    {
      group: g,
      figure: "post published to searchable",
      value: r.index?.postFoundMs ?? null,
      unit: "ms",
      target: { op: "<=", limit: SEARCH_TARGETS.indexUpdateMs },
    },
    {
      group: g,
      figure: "post unpublished to gone",
      value: r.index?.postGoneMs ?? null,
      unit: "ms",
      target: { op: "<=", limit: SEARCH_TARGETS.indexUpdateMs },
    },
    {
      group: g,
      figure: "content publication to searchable",
      value: r.index?.contentFoundMs ?? null,
      unit: "ms",
      target: { op: "<=", limit: SEARCH_TARGETS.indexUpdateMs },
    },
    {
      group: g,
      figure: "keystroke to first live results, 4x CPU, median",
      value: r.keystroke?.median ?? null,
      unit: "ms",
      target: { op: "<=", limit: SEARCH_TARGETS.keystrokeMs },
    },
    { group: g, figure: "live results' module, loaded on focus", value: r.liveModuleKb, unit: "KB" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) await runPhaseAlone(measureSearch, searchReport, searchFigures);
