/**
 * The bench: asset sizes, server cold start, requests per second against nginx, Lighthouse.
 * Run through scripts/bench.sh (`npm run bench`), which builds first. Prints tables, writes
 * bench-results/latest.json. A missed target is a MISS in the table, never a failure: the exit
 * code is 1 only when a measurement itself could not be made (ERROR).
 *
 * Env: BENCH_ONLY=sizes,coldstart,throughput,paint,interaction,lighthouse,signin,leads,graphics,workers,scale,insights,content,cards,webhooks,search (default all),
 *      BENCH_LH_RUNS (5), BENCH_INTERACTION_RUNS (5 a time point), BENCH_SWIPE_RUNS (5 a point after the first swipe; 3 for the
 *      visitor who swipes at once), BENCH_START_EPOCH_MS (set by bench.sh: time limits count from the script's start).
 * The scale phase (scripts/bench/scale.ts) seeds PostgreSQL at three sizes (up to 100k leads and 1M
 * audit entries) and PGlite at the largest, and times the admin and public pages and the CSV exports
 * on each (10-20 minutes); BENCH_SCALE_SIZES=S1,S2 and BENCH_SCALE_PGLITE=0 shorten it.
 * The insights phase (scripts/bench/insights.ts) measures POST /api/events on PostgreSQL and PGlite,
 * then times the Insights dashboard with 1M events on PGlite and 5M on PostgreSQL (about 10-15
 * minutes); BENCH_INSIGHTS_PGLITE_EVENTS and BENCH_INSIGHTS_PG_EVENTS shorten it.
 * The content phase (scripts/bench/content.ts) runs two processes on one PostgreSQL behind nginx:
 * publication to served by both, the CPU of each re-render, and /admin/content with 1,000 items of
 * 100 versions each (about 5 minutes); BENCH_CONTENT_PUBLICATIONS, BENCH_CONTENT_ITEMS,
 * BENCH_CONTENT_VERSIONS and BENCH_CONTENT_LIST_RUNS change its sizes.
 * The cards phase (scripts/bench/cards.ts) times the social cards: each public page's made at its
 * first request, then served from memory (under a minute); BENCH_CARDS_ROUNDS, BENCH_CARDS_CACHED.
 * The webhooks phase (scripts/bench/webhooks.ts): a contact request to its signed delivery through the
 * built server on PGlite and PostgreSQL, and 1,000 events through a receiver outage (about 3
 * minutes); BENCH_WEBHOOKS_LEADS, BENCH_WEBHOOKS_EVENTS and BENCH_WEBHOOKS_OUTAGE_S change it.
 * The search phase (scripts/bench/search.ts) times /search and /search.json with 5,000 published
 * posts on PostgreSQL and PGlite, the index's update after a publication, the keystroke to the
 * first live results at 4x CPU, and the field's JavaScript (about 4 minutes); BENCH_SEARCH_POSTS,
 * BENCH_SEARCH_RUNS and BENCH_SEARCH_KEYS change its sizes.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { CHROMIUM_PATH } from "../../tests/chromium.ts";
import { BUDGETS } from "./budgets.ts";
import { cardsFigures, cardsReport, measureCards } from "./cards.ts";
import { measureColdStart, type ColdStartResult } from "./coldstart.ts";
import { contentFigures, contentReport, measureContent } from "./content.ts";
import { measureGraphics } from "./graphics.ts";
import { insightsFigures, insightsReport, measureInsights } from "./insights.ts";
import {
  INTERACTION_TARGET_MS,
  measureInteraction,
  measureTimedControls,
  type InteractionFigure,
  type TimedControlFigure,
} from "./interaction.ts";
import { measureLeads } from "./leads.ts";
import { BUILD_DIR, installExitHandlers, log, PAGES, ROOT, startServer, table, type Figure } from "./lib.ts";
import { runLighthouse, type LighthousePage } from "./lighthouse.ts";
import { measurePaint, PAINT_TARGETS, type PaintResult } from "./paint.ts";
import { measureScale, scaleFigures, scaleReport } from "./scale.ts";
import { measureSearch, searchFigures, searchReport } from "./search.ts";
import { measureSignIn, signInFigures, type SignInDatabaseResult } from "./signin.ts";
import { measureSizes, type PageSizes } from "./sizes.ts";
import { measureSwipeTap, SWIPE_TAP_TARGETS, swipeTapTable, type SwipeTapFigure } from "./swipe-tap.ts";
import { findBinary, measureThroughput, type ThroughputResult } from "./throughput.ts";
import { measureWebhooks, webhooksFigures, webhooksReport } from "./webhooks.ts";
import { measureWorkers, SCALING_TARGET, workersFigures } from "./workers.ts";

installExitHandlers();

const startedAt = Number(process.env.BENCH_START_EPOCH_MS) || Date.now();
const PHASES = [
  "sizes",
  "coldstart",
  "throughput",
  "paint",
  "interaction",
  "lighthouse",
  "signin",
  "leads",
  "graphics",
  "workers",
  "scale",
  "insights",
  "content",
  "cards",
  "webhooks",
  "search",
] as const;
type Phase = (typeof PHASES)[number];
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only.filter((p) => !(PHASES as readonly string[]).includes(p));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown phase(s) ${unknown.join(", ")}; known: ${PHASES.join(", ")}`);
  process.exit(2);
}
const enabled = (phase: Phase) => only.length === 0 || only.includes(phase);
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));

// Limits keep the whole script near 6 minutes on a busy 2-core machine.
const RETRY_UNTIL = startedAt + 5 * 60_000;
/**
 * The no-JS copy runs no script: a median TBT over this means the machine itself was busy during
 * the runs (another process, a noisy neighbour), and the site's figures of that page are not to
 * be quoted.
 */
const BUSY_NO_JS_TBT_MS = 100;
const STOP_LH_AT = startedAt + 8 * 60_000;

type Status = "PASS" | "MISS" | "INFO" | "SKIP" | "ERROR";
interface Check {
  group: string;
  figure: string;
  value: number | null;
  unit: string;
  display: string;
  target: string;
  status: Status;
  note?: string;
}

const checks: Check[] = [];
const errors: { phase: Phase; message: string }[] = [];
const durations: Partial<Record<Phase, number>> = {};

function fmt(value: number | null, unit: string, digits: number): string {
  if (value === null) return "n/a";
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ""}`;
}

function check(
  group: string,
  figure: string,
  value: number | null | undefined,
  unit: string,
  target?: { op: "<=" | ">=" | "="; limit: number },
  opts: { digits?: number; note?: string } = {},
) {
  const v = value === undefined || value === null || !Number.isFinite(value) ? null : value;
  let status: Status = "INFO";
  let targetText = "-";
  if (target) {
    targetText = `${target.op === "=" ? "=" : target.op} ${target.limit}${unit ? ` ${unit}` : ""}`;
    if (v === null) status = "ERROR";
    else {
      const ok = target.op === "<=" ? v <= target.limit : target.op === ">=" ? v >= target.limit : v === target.limit;
      status = ok ? "PASS" : "MISS";
    }
  } else if (v === null) status = "ERROR";
  checks.push({ group, figure, value: v, unit, display: fmt(v, unit, opts.digits ?? 1), target: targetText, status, note: opts.note });
}

function skip(group: string, figure: string, target: string, note: string) {
  checks.push({ group, figure, value: null, unit: "", display: "n/a", target, status: "SKIP", note });
}

async function phase<T>(name: Phase, fn: () => Promise<T> | T): Promise<T | undefined> {
  if (!enabled(name)) return undefined;
  const t0 = Date.now();
  log(`${name}: start`);
  try {
    return await fn();
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    errors.push({ phase: name, message });
    log(`${name}: FAILED ${message}`);
    return undefined;
  } finally {
    durations[name] = Math.round((durations[name] ?? 0) * 10 + (Date.now() - t0) / 100) / 10;
    log(`${name}: done in ${durations[name]} s`);
  }
}

function versionOf(cmd: string, args: string[]): string | null {
  const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 10000 });
  const text = `${r.stdout ?? ""}\n${r.stderr ?? ""}`;
  const line = text.split("\n").find((l) => /\d+\.\d+/.test(l) && !/unexpected operator/.test(l));
  return line ? line.trim() : null;
}

function packageVersion(name: string): string | null {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
}

const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);

// 1. Sizes ---------------------------------------------------------------------------------
// Every page with a budget (the Lighthouse pages and the sign-in page).
const SIZE_PAGES = Object.keys(BUDGETS);
const sizes = await phase("sizes", () => measureSizes(SIZE_PAGES));
if (enabled("sizes")) {
  for (const page of SIZE_PAGES) {
    const s = sizes?.find((p) => p.page === page);
    const note = s?.missing.length ? `missing files: ${s.missing.join(", ")}` : undefined;
    const budget = BUDGETS[page];
    check("Size gzip -9", `JS ${page}`, s?.jsKb, "KB", budget ? { op: "<=", limit: budget.jsKb } : undefined, { note });
  }
  for (const page of SIZE_PAGES) {
    const s = sizes?.find((p) => p.page === page);
    const budget = BUDGETS[page];
    check("Size gzip -9", `CSS ${page}`, s?.cssKb, "KB", budget ? { op: "<=", limit: budget.cssKb } : undefined);
  }
}

// 2. Cold start ------------------------------------------------------------------------------
const coldStart: ColdStartResult | undefined = await phase("coldstart", () => measureColdStart(5));
if (enabled("coldstart")) {
  check("Server", "cold start to /healthz 200 (median of 5)", coldStart?.medianMs, "ms", undefined, { digits: 0 });
}

// 3. Throughput ------------------------------------------------------------------------------
const throughput: ThroughputResult | undefined = await phase("throughput", () => measureThroughput());
if (enabled("throughput")) {
  const g = "Req/s home (wrk)";
  if (throughput && !findBinary("wrk")) {
    skip(g, "server", "-", throughput.skipped ?? "wrk unavailable");
    skip(g, "ratio server/nginx", ">= 0.5", throughput.skipped ?? "wrk unavailable");
  } else if (throughput) {
    check(g, "server (median)", throughput.server.rpsMedian, "req/s", undefined, { digits: 0 });
    if (throughput.nginx) {
      check(g, "nginx (median)", throughput.nginx.rpsMedian, "req/s", undefined, { digits: 0 });
      check(g, "ratio server/nginx", throughput.ratio, "", { op: ">=", limit: 0.5 }, { digits: 2 });
    } else {
      skip(g, "nginx", "-", throughput.skipped ?? "nginx unavailable");
      skip(g, "ratio server/nginx", ">= 0.5", throughput.skipped ?? "nginx unavailable");
    }
  } else {
    check(g, "ratio server/nginx", null, "", { op: ">=", limit: 0.5 });
  }
  check("Server", "RSS idle", throughput?.rss?.idleMb, "MB");
  if (throughput && !findBinary("wrk")) skip("Server", "RSS after wrk load", "-", "wrk unavailable");
  else
    check("Server", "RSS after wrk load", throughput?.rss?.afterLoadMb, "MB", undefined, {
      note: throughput?.rss ? `peak (VmHWM) ${throughput.rss.peakMb} MB` : undefined,
    });
}

// 4. First paint against the same HTML without scripts (nginx) ---------------------------------
// Its own time limits: ten Lighthouse targets, five runs each, take 10 to 16 minutes.
const paint: PaintResult | undefined = await phase("paint", () => {
  const t0 = Date.now();
  return measurePaint(LH_RUNS, { retryUntil: t0 + 15 * 60_000, stopAt: t0 + 22 * 60_000 });
});
if (enabled("paint")) {
  const T = PAINT_TARGETS;
  for (const p of paint?.pages ?? []) {
    const g = `Paint ${p.page}`;
    const m = p.site.runs.length ? p.site.median : undefined;
    check(g, "performance", m?.performance, "", { op: ">=", limit: T.performance }, { digits: 0 });
    check(g, "FCP", m?.fcpMs, "ms", { op: "<=", limit: T.fcpMs }, { digits: 0 });
    check(g, "LCP", m?.lcpMs, "ms", { op: "<=", limit: T.lcpMs }, { digits: 0 });
    check(g, "TBT", m?.tbtMs, "ms", { op: "<=", limit: T.tbtMs }, { digits: 0 });
    check(g, "CLS", m?.cls, "", { op: "<=", limit: T.cls }, { digits: 4 });
    if (p.noJs) {
      const n = p.noJs.runs.length ? p.noJs.median : undefined;
      check(g, "no-JS copy FCP", n?.fcpMs, "ms", undefined, { digits: 0 });
      check(g, "no-JS copy LCP", n?.lcpMs, "ms", undefined, { digits: 0 });
      check(g, "no-JS copy TBT", n?.tbtMs, "ms", undefined, {
        digits: 0,
        note:
          n && n.tbtMs > BUSY_NO_JS_TBT_MS
            ? `over ${BUSY_NO_JS_TBT_MS} ms: the machine was busy, do not quote this page's figures`
            : undefined,
      });
      check(g, "LCP site / no-JS copy", p.lcpRatio, "", { op: "<=", limit: T.lcpRatio }, { digits: 2 });
    } else skip(g, "LCP site / no-JS copy", `<= ${T.lcpRatio}`, paint?.noJsSkipped ?? "no copy");
  }
  if (!paint) check("Paint", "first paint comparison", null, "");
}

// 4b. Interaction on the mobile profile: a tap's answer (scripts/bench/interaction.ts) -------
const interaction: InteractionFigure[] | undefined = await phase("interaction", () => measureInteraction(5));
if (enabled("interaction")) {
  for (const f of interaction ?? [])
    check(
      "Interaction",
      `${f.name} (median of ${f.runsMs.length})`,
      f.medianMs,
      "ms",
      { op: "<=", limit: INTERACTION_TARGET_MS },
      {
        digits: 0,
        note: `runs ${f.runsMs.join(", ")} ms; max ${f.maxMs} ms`,
      },
    );
  if (!interaction) check("Interaction", "tap to answer", null, "ms");
}
// Every control acted on at 0-4000 ms after its paint: the slowest point's median, and whether every input worked.
const timed: TimedControlFigure[] | undefined = await phase("interaction", () =>
  measureTimedControls(Number(process.env.BENCH_INTERACTION_RUNS ?? 5)),
);
if (enabled("interaction")) {
  for (const f of timed ?? []) {
    const medians = f.points.map((p) => p.medianMs);
    const slowest = medians.some((m) => m === null) ? null : Math.max(...(medians as number[]));
    check(
      "Interaction",
      `${f.name}, slowest of ${f.points.map((p) => p.atMs).join("/")} ms after paint`,
      slowest,
      "ms",
      { op: "<=", limit: INTERACTION_TARGET_MS },
      {
        digits: 0,
        note: f.points
          .map((p) => `${p.atMs}: ${p.medianMs ?? "-"} ms${p.worked < p.runsMs.length ? ` (worked ${p.worked}/${p.runsMs.length})` : ""}`)
          .join("; "),
      },
    );
  }
}

// A tap after the first swipe (scripts/bench/swipe-tap.ts): the visitor who reads 1.5 s first (the
// page is idle and has its modules) and the one who swipes at once (the modules come after the
// swipe, and taps meet hydration); each point's Event Timing beside the no-JS copy.
const swipeRuns = Number(process.env.BENCH_SWIPE_RUNS ?? 5);
for (const readMs of [1500, 0]) {
  const figures: SwipeTapFigure[] | undefined = await phase("interaction", () =>
    measureSwipeTap(readMs ? swipeRuns : Math.min(3, swipeRuns), undefined, undefined, readMs),
  );
  if (!enabled("interaction")) continue;
  const group = `Tap after the first swipe, read ${readMs / 1000} s`;
  if (!figures) {
    check(group, "tap to answer", null, "ms");
    continue;
  }
  log(`${group} (median (max) ms of Event Timing; d/a: taps during/after hydration):\n${swipeTapTable(figures)}`);
  for (const f of figures) {
    const site = f.name.startsWith("site ");
    const medians = f.points.map((p) => p.medianMs);
    const slowest = medians.some((m) => m === null) ? null : Math.max(...(medians as number[]));
    const worst = f.points.some((p) => p.maxMs === null) ? null : Math.max(...f.points.map((p) => p.maxMs as number));
    const runs = f.points.reduce((n, p) => n + p.runsMs.length, 0);
    const note =
      f.points.map((p) => `${p.delayMs}: ${p.medianMs ?? "-"}`).join("; ") +
      (site
        ? `; taps ${["before", "during", "after"].map((s) => f.points.reduce((n, p) => n + p.states[s as "before"], 0)).join("/")} before/during/after hydration`
        : "");
    const target = site ? { op: "<=" as const, limit: SWIPE_TAP_TARGETS.medianMs } : undefined;
    check(group, `${f.name}, slowest point's median`, slowest, "ms", target, { digits: 0, note });
    if (!site) continue;
    check(group, `${f.name}, worst tap`, worst, "ms", { op: "<=", limit: SWIPE_TAP_TARGETS.maxMs }, { digits: 0 });
    check(
      group,
      `${f.name}, menu opened`,
      f.points.reduce((n, p) => n + p.opened, 0),
      "",
      { op: "=", limit: runs },
      { digits: 0 },
    );
  }
}

// 5. Lighthouse ------------------------------------------------------------------------------
// The paint phase already ran Lighthouse on the site's pages: its runs are reused.
const lighthouseResults: LighthousePage[] | undefined = await phase("lighthouse", async () => {
  if (paint) return PAGES.map((page) => paint.pages.find((p) => p.page === page)!.site);
  const server = await startServer();
  try {
    return await runLighthouse(server.url, PAGES, { runsPerPage: LH_RUNS, retryUntil: RETRY_UNTIL, stopAt: STOP_LH_AT });
  } finally {
    await server.stop();
  }
});
if (enabled("lighthouse")) {
  for (const page of PAGES) {
    const r = lighthouseResults?.find((p) => p.page === page);
    const m = r && r.runs.length ? r.median : undefined;
    const g = `Lighthouse ${page}`;
    const runsNote =
      r && (r.runs.length < LH_RUNS || r.errors.length)
        ? `median of ${r.runs.length} run(s)${r.errors.length ? `; ${r.errors.length} failed attempt(s), first: ${r.errors[0].split(": Something")[0].slice(0, 100)}` : ""}`
        : undefined;
    check(g, "performance", m?.performance, "", { op: ">=", limit: 98 }, { digits: 0, note: runsNote });
    check(
      g,
      "accessibility",
      m?.accessibility,
      "",
      { op: "=", limit: 100 },
      { digits: 0, note: r?.failedAudits.filter((a) => a.startsWith("accessibility")).join("; ") || undefined },
    );
    check(
      g,
      "best-practices",
      m?.bestPractices,
      "",
      { op: "=", limit: 100 },
      { digits: 0, note: r?.failedAudits.filter((a) => a.startsWith("best-practices")).join("; ") || undefined },
    );
    check(
      g,
      "seo",
      m?.seo,
      "",
      { op: "=", limit: 100 },
      { digits: 0, note: r?.failedAudits.filter((a) => a.startsWith("seo")).join("; ") || undefined },
    );
    check(g, "LCP", m?.lcpMs, "ms", undefined, {
      digits: 0,
      note: r?.runs[0]?.lcpElement ? `element: ${r.runs[0].lcpElement}` : undefined,
    });
    check(g, "TBT", m?.tbtMs, "ms", undefined, { digits: 0 });
    check(g, "CLS", m?.cls, "", { op: "<=", limit: 0.01 }, { digits: 4 });
  }
}

// 6. Sign-in, on PGlite and on PostgreSQL ------------------------------------------------------
const signIn: SignInDatabaseResult[] | undefined = await phase("signin", () => measureSignIn());
if (enabled("signin")) {
  if (signIn)
    for (const f of signInFigures(signIn)) check("Sign-in", f.figure, f.value, f.unit, undefined, { digits: f.unit === "req/s" ? 0 : 1 });
  else check("Sign-in", "sign-in latency", null, "ms");
}

// 7. Contact-form submissions, on PGlite and on PostgreSQL -------------------------------------
const leads: Figure[] | undefined = await phase("leads", () => measureLeads());
if (enabled("leads")) {
  if (leads) for (const f of leads) check("Leads", f.figure, f.value, f.unit, undefined, { digits: f.unit === "ms" ? 0 : 1 });
  else check("Leads", "submissions per second", null, "/s");
}

// 8. Graphics storage: uploads and listing ---------------------------------------------------
const graphics: Figure[] | undefined = await phase("graphics", () => measureGraphics());
if (enabled("graphics")) {
  if (graphics) for (const f of graphics) check("Graphics", f.figure, f.value, f.unit, undefined, { digits: f.unit === "ms" ? 0 : 1 });
  else check("Graphics", "upload throughput", null, "MB/s");
}

// 8. Worker scaling: /auth/login with 1 and 2 workers on PostgreSQL ---------------------------
const workers = await phase("workers", () => measureWorkers());
if (enabled("workers")) {
  const g = "Workers (wrk)";
  if (workers && "skipped" in workers) skip(g, "ratio 2 workers / 1", `>= ${SCALING_TARGET}`, workers.skipped);
  else if (workers) {
    const [one, two, ratio, pinned, perCore] = workersFigures(workers);
    check(g, one.figure, one.value, one.unit, undefined, { digits: 0 });
    check(g, two.figure, two.value, two.unit, undefined, { digits: 0 });
    check(g, ratio.figure, ratio.value, "", { op: ">=", limit: SCALING_TARGET }, { digits: 2, note: workers.note });
    if (pinned && perCore) {
      check(g, pinned.figure, pinned.value, pinned.unit, undefined, { digits: 0 });
      check(g, perCore.figure, perCore.value, "", undefined, { digits: 2, note: "what a second core adds (taskset)" });
    }
  } else check(g, "ratio 2 workers / 1", null, "", { op: ">=", limit: SCALING_TARGET });
}

// 9. Scale: pages and exports with the database at three sizes (scripts/bench/scale.ts) ------------
const scale = await phase("scale", () => measureScale());
if (enabled("scale")) {
  if (scale)
    for (const f of scaleFigures(scale))
      check(f.group, f.figure, f.value, f.unit, f.target, { digits: f.unit === "" ? 2 : 1, note: f.note });
  else check("Scale", "pages at three sizes", null, "ms");
}

// 10. Insights: events taken in per second, and the dashboard with millions of events (scripts/bench/insights.ts)
const insights = await phase("insights", () => measureInsights());
if (enabled("insights")) {
  if (insights)
    for (const f of insightsFigures(insights))
      check(f.group, f.figure, f.value, f.unit, f.target, { digits: f.unit === "ms" ? 1 : 0, note: f.note });
  else check("Insights", "events per second and dashboard", null, "ms");
}

// 11. The content studio: publication to served by two processes, re-render CPU, the studio's list (scripts/bench/content.ts)
const content = await phase("content", () => measureContent());
if (enabled("content")) {
  if (content)
    for (const f of contentFigures(content))
      check(f.group, f.figure, f.value, f.unit, f.target, { digits: f.unit === "ms" ? 1 : 0, note: f.note });
  else check("Content studio", "publish to served, re-render, list", null, "ms");
}

// 12. Social cards: made at the first request, then served from memory (scripts/bench/cards.ts)
const cards = await phase("cards", () => measureCards());
if (enabled("cards")) {
  if (cards) for (const f of cardsFigures(cards)) check(f.group, f.figure, f.value, f.unit, f.target, { digits: 1, note: f.note });
  else check("Social cards", "render and cached serve", null, "ms");
}

// 13. Webhooks: a lead to its delivery, and an outage of the receiver (scripts/bench/webhooks.ts)
const webhooks = await phase("webhooks", () => measureWebhooks());
if (enabled("webhooks")) {
  if (webhooks)
    for (const f of webhooksFigures(webhooks))
      check(f.group, f.figure, f.value, f.unit, f.target, { digits: f.unit === "ms" ? 1 : 0, note: f.note });
  else check("Webhooks", "delivery latency and outage", null, "ms");
}

// 14. Site search: /search with 5,000 posts on both databases, the index's update, the live results (scripts/bench/search.ts)
const search = await phase("search", () => measureSearch());
if (enabled("search")) {
  if (search) for (const f of searchFigures(search)) check(f.group, f.figure, f.value, f.unit, f.target, { digits: 1 });
  else check("Site search", "/search p95, index update, live results", null, "ms");
}

// Report ---------------------------------------------------------------------------------------
// Grouped for reading: sizes, Lighthouse per page, throughput, then the server's own figures.
const rank = (c: Check) =>
  c.group.startsWith("Size")
    ? 0
    : c.group.startsWith("Paint")
      ? 1
      : c.group.startsWith("Lighthouse")
        ? 2
        : c.group.startsWith("Req/s")
          ? 3
          : 4;
checks.sort((a, b) => rank(a) - rank(b));
const loadAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
const out: string[] = [];
out.push("");
out.push(
  `Bench of ${path.relative(ROOT, BUILD_DIR) || "."} on ${os.cpus().length} CPU(s), load average ${loadAtStart.join(" ")} at start, ${loadAtEnd.join(" ")} at end`,
);

if (sizes) {
  out.push("", "Gzipped JS and CSS per page (script src, modulepreload, stylesheet under /assets/; zlib level 9)");
  out.push(
    table(
      ["page", "JS KB", "JS files", "CSS KB", "CSS files"],
      sizes.map((s: PageSizes) => [s.page, s.jsKb.toFixed(1), String(s.jsFiles.length), s.cssKb.toFixed(1), String(s.cssFiles.length)]),
      ["l", "r", "r", "r", "r"],
    ),
  );
}
if (lighthouseResults) {
  out.push(
    "",
    `Lighthouse ${packageVersion("lighthouse") ?? ""} mobile (default config, simulated throttling), median of ${LH_RUNS} runs per page`,
  );
  out.push(
    table(
      ["page", "runs", "perf", "a11y", "best-pr", "seo", "LCP ms", "TBT ms", "CLS", "perf per run"],
      lighthouseResults.map((r) => [
        r.page,
        String(r.runs.length),
        ...[r.median.performance, r.median.accessibility, r.median.bestPractices, r.median.seo, r.median.lcpMs, r.median.tbtMs].map((v) =>
          Number.isFinite(v) ? String(v) : "n/a",
        ),
        Number.isFinite(r.median.cls) ? r.median.cls.toFixed(4) : "n/a",
        r.runs.map((x) => x.performance).join(" "),
      ]),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "l"],
    ),
  );
}
if (paint) {
  const T = PAINT_TARGETS;
  out.push(
    "",
    `First paint: the site (production server) against the same HTML without <script> and modulepreload (nginx); ` +
      `Lighthouse mobile, simulated, median of ${LH_RUNS}. Targets: perf ${T.performance}, FCP <= ${T.fcpMs} ms, LCP <= ${T.lcpMs} ms, ` +
      `TBT <= ${T.tbtMs} ms, CLS <= ${T.cls}, LCP <= ${T.lcpRatio} x the copy's`,
  );
  const num = (v: number | undefined, digits = 0) => (v !== undefined && Number.isFinite(v) ? v.toFixed(digits) : "n/a");
  /** "min-max" of one figure over the runs. */
  const spread = (runs: { performance: number; tbtMs: number }[], key: "performance" | "tbtMs") =>
    runs.length ? `${Math.min(...runs.map((r) => r[key]))}-${Math.max(...runs.map((r) => r[key]))}` : "n/a";
  const busy: string[] = [];
  const rows: string[][] = [];
  for (const p of paint.pages) {
    const s = p.site.median;
    const missed = [
      !(s.performance >= T.performance) && "perf",
      !(s.fcpMs <= T.fcpMs) && "FCP",
      !(s.lcpMs <= T.lcpMs) && "LCP",
      !(s.tbtMs <= T.tbtMs) && "TBT",
      !(s.cls <= T.cls) && "CLS",
      p.noJs && !(p.lcpRatio !== null && p.lcpRatio <= T.lcpRatio) && "ratio",
    ].filter(Boolean);
    rows.push([
      p.page,
      "site",
      String(p.site.runs.length),
      num(s.performance),
      spread(p.site.runs, "performance"),
      num(s.fcpMs),
      num(s.lcpMs),
      num(s.tbtMs),
      spread(p.site.runs, "tbtMs"),
      num(s.cls, 4),
      p.lcpRatio === null ? "n/a" : p.lcpRatio.toFixed(2),
      p.site.runs.length === 0 ? "ERROR" : missed.length ? `missed: ${missed.join(", ")}` : "met",
    ]);
    if (p.noJs) {
      const n = p.noJs.median;
      if (n.tbtMs > BUSY_NO_JS_TBT_MS) busy.push(`${p.page} (no-JS copy TBT ${n.tbtMs} ms)`);
      rows.push([
        "",
        "no-JS copy",
        String(p.noJs.runs.length),
        num(n.performance),
        spread(p.noJs.runs, "performance"),
        num(n.fcpMs),
        num(n.lcpMs),
        num(n.tbtMs),
        spread(p.noJs.runs, "tbtMs"),
        num(n.cls, 4),
        "",
        "",
      ]);
    }
  }
  out.push(
    table(
      ["page", "served", "runs", "perf", "perf range", "FCP ms", "LCP ms", "TBT ms", "TBT range", "CLS", "LCP ratio", "targets"],
      rows,
      ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "l"],
    ),
  );
  if (paint.noJsSkipped) out.push(`no-JS copy: ${paint.noJsSkipped}`);
  if (busy.length)
    out.push(
      `WARNING: the machine was busy during these runs: ${busy.join(", ")}; the no-JS copy runs no script, so its TBT ` +
        `over ${BUSY_NO_JS_TBT_MS} ms is the machine's. Do not quote these figures; run again at rest.`,
    );
}
if (throughput) {
  out.push("", `Requests per second, home page from memory (${throughput.wrk})`);
  const rows = [
    [
      "server",
      String(throughput.server.rpsMedian),
      throughput.server.runs.map((r) => Math.round(r.rps)).join(" "),
      throughput.server.encoding,
      String(throughput.server.bodyBytes),
    ],
  ];
  if (throughput.nginx)
    rows.push([
      "nginx",
      String(throughput.nginx.rpsMedian),
      throughput.nginx.runs.map((r) => Math.round(r.rps)).join(" "),
      throughput.nginx.encoding,
      String(throughput.nginx.bodyBytes),
    ]);
  out.push(table(["target", "median req/s", "runs", "encoding", "body B"], rows, ["l", "r", "l", "l", "r"]));
  const bad = [...throughput.server.runs, ...(throughput.nginx?.runs ?? [])].filter(
    (r) => r.non2xx || (r.socketErrors && !/^connect 0, read 0, write 0, timeout 0$/.test(r.socketErrors)),
  );
  if (bad.length) out.push(`warning: ${bad.length} wrk run(s) had non-2xx responses or socket errors (see JSON)`);
}
if (coldStart) {
  out.push(
    "",
    `Cold start, spawn to first /healthz 200: ${coldStart.runsMs.join(", ")} ms (server's own "ready in": ${coldStart.reportedReadyMs.join(", ")} ms)`,
  );
}

if (scale) out.push(scaleReport(scale));
if (insights) out.push(insightsReport(insights));
if (content) out.push(contentReport(content));
if (cards) out.push(cardsReport(cards));
if (webhooks) out.push(webhooksReport(webhooks));
if (search) out.push(searchReport(search));

out.push("", "SUMMARY");
out.push(
  table(
    ["group", "figure", "value", "target", "result", "note"],
    checks.map((c) => [c.group, c.figure, c.display, c.target, c.status, c.note ?? ""]),
    ["l", "l", "r", "l", "l", "l"],
  ),
);
const count = (s: Status) => checks.filter((c) => c.status === s).length;
out.push("");
out.push(`${count("PASS")} PASS, ${count("MISS")} MISS, ${count("SKIP")} SKIP, ${count("ERROR")} ERROR; ${checks.length} figures`);
for (const e of errors) out.push(`ERROR in ${e.phase}: ${e.message.split("\n")[0]}`);
const totalS = Math.round((Date.now() - startedAt) / 1000);
out.push(
  `phase times: ${Object.entries(durations)
    .map(([k, v]) => `${k} ${v} s`)
    .join(", ")}; total ${totalS} s since bench start`,
);
console.log(out.join("\n"));

const git = (args: string[]) => {
  const r = spawnSync("git", args, { cwd: ROOT, encoding: "utf8", timeout: 10000 });
  return r.status === 0 ? r.stdout.trim() : null;
};
const resultsDir = path.join(ROOT, "bench-results");
mkdirSync(resultsDir, { recursive: true });
const json = {
  generatedAt: new Date().toISOString(),
  totalSeconds: totalS,
  git: { commit: git(["rev-parse", "HEAD"]), uncommittedFiles: (git(["status", "--porcelain"]) ?? "").split("\n").filter(Boolean).length },
  machine: {
    cpus: os.cpus().length,
    loadAverageStart: loadAtStart,
    loadAverageEnd: loadAtEnd,
    node: process.version,
    chromium: versionOf(CHROMIUM_PATH, ["--version"]),
    lighthouse: packageVersion("lighthouse"),
    nginx: (() => {
      const bin = findBinary("nginx");
      return bin ? versionOf(bin, ["-v"]) : null;
    })(),
    wrk: (() => {
      const bin = findBinary("wrk");
      return bin ? versionOf(bin, ["-v"]) : null;
    })(),
  },
  build: path.relative(ROOT, BUILD_DIR),
  phases: only.length ? only : [...PHASES],
  phaseSeconds: durations,
  summary: { pass: count("PASS"), miss: count("MISS"), skip: count("SKIP"), error: count("ERROR") },
  checks,
  sizes: sizes ?? null,
  coldStart: coldStart ?? null,
  throughput: throughput ?? null,
  lighthouse: lighthouseResults ?? null,
  paint: paint ?? null,
  signIn: signIn ?? null,
  leads: leads ?? null,
  graphics: graphics ?? null,
  workers: workers ?? null,
  scale: scale ?? null,
  insights: insights ?? null,
  content: content ?? null,
  cards: cards ?? null,
  webhooks: webhooks ?? null,
  search: search ?? null,
  errors,
};
const jsonPath = path.join(resultsDir, "latest.json");
writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
console.log(`JSON: ${path.relative(ROOT, jsonPath)}`);

process.exitCode = count("ERROR") > 0 || errors.length > 0 ? 1 : 0;
