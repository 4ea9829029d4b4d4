/**
 * Lighthouse, default config (mobile emulation, simulated throttling), through its Node API.
 * Each run gets its own Chromium (Debian's, flags from tests/chromium.ts) with a fresh temp
 * --user-data-dir. Runs go round-robin over the pages so noise spreads evenly; medians per page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium.ts";
import { isAlive, log, median, round, TMP_ROOT, track, untrack } from "./lib.ts";

const RUN_TIMEOUT_MS = 90_000;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/**
 * The figures of a run, and of a page's medians: where Lighthouse reports each, a category's score
 * (0-100) or an audit's value rounded to `digits`. A page's medians keep the same digits (a median
 * score may end in .5).
 */
const FIGURES = {
  performance: { category: "performance" },
  accessibility: { category: "accessibility" },
  bestPractices: { category: "best-practices" },
  seo: { category: "seo" },
  lcpMs: { audit: "largest-contentful-paint", digits: 0 },
  tbtMs: { audit: "total-blocking-time", digits: 0 },
  cls: { audit: "cumulative-layout-shift", digits: 4 },
  fcpMs: { audit: "first-contentful-paint", digits: 0 },
} as const satisfies Record<string, { category: (typeof CATEGORIES)[number] } | { audit: string; digits: number }>;

type FigureName = keyof typeof FIGURES;
export type LighthouseFigures = Record<FigureName, number>;

/** Every figure from `value`, each audit's rounded to its digits. */
function figures(value: (name: FigureName) => number): LighthouseFigures {
  const out = {} as LighthouseFigures;
  for (const name of Object.keys(FIGURES) as FigureName[]) {
    const where = FIGURES[name];
    out[name] = "digits" in where ? round(value(name), where.digits) : value(name);
  }
  return out;
}

export interface LighthouseRun extends LighthouseFigures {
  /** HTML snippet of the LCP element, when Lighthouse names one. */
  lcpElement?: string;
  durationMs: number;
  runtimeError?: string;
  warnings: string[];
  /** Audits that kept a non-performance category below 100. */
  failedAudits: string[];
}

export interface LighthousePage {
  page: string;
  runs: LighthouseRun[];
  median: LighthouseFigures;
  failedAudits: string[];
  errors: string[];
}

/** The first node snippet in an audit's details (the LCP element audit nests it in tables). */
function firstSnippet(value: unknown, depth = 0): string | undefined {
  if (!value || typeof value !== "object" || depth > 6) return undefined;
  const obj = value as Record<string, unknown>;
  if (obj.type === "node" && typeof obj.snippet === "string") return obj.snippet.replace(/\s+/g, " ").slice(0, 120);
  for (const child of Object.values(obj)) {
    const found = firstSnippet(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A short hint of what failed an audit: its first few items (url, source, description). */
function describeItems(audit: { details?: unknown }): string {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const parts = items.slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string } | undefined;
    const location = item.sourceLocation as { url?: string } | undefined;
    const text = [item.description, item.url, location?.url, node?.snippet].filter((v) => typeof v === "string" && v).join(" ");
    return text.replace(/\s+/g, " ").slice(0, 160);
  });
  return parts.length ? ` (${parts.join(" | ")}${items.length > 3 ? ` | +${items.length - 3} more` : ""})` : "";
}

async function runOnce(url: string): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(path.join(TMP_ROOT, "bench-lh-profile-"));
  const started = performance.now();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_ARGS],
      userDataDir,
      logLevel: "silent",
      connectionPollInterval: 100,
      maxConnectionRetries: 100,
    });
    track(chrome.pid, "chromium", true);
    const launched = chrome;
    // Bound a stuck run: killing Chromium makes Lighthouse fail at once.
    timer = setTimeout(() => {
      timedOut = true;
      try {
        launched.kill();
      } catch {
        // already gone
      }
    }, RUN_TIMEOUT_MS);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      // Unscored work that costs seconds per run: none of it changes a score.
      disableFullPageScreenshot: true,
      skipAudits: ["bf-cache", "screenshot-thumbnails", "final-screenshot"],
    });
    if (!result) throw new Error("lighthouse returned no result");
    const lhr = result.lhr;
    const score = (id: string) => {
      const s = lhr.categories[id]?.score;
      return typeof s === "number" ? Math.round(s * 100) : Number.NaN;
    };
    const numeric = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      return typeof v === "number" ? v : Number.NaN;
    };
    const failedAudits: string[] = [];
    for (const id of CATEGORIES) {
      if (id === "performance") continue;
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          failedAudits.push(`${id}: ${ref.id}${describeItems(audit)}`);
      }
    }
    return {
      ...figures((name) => {
        const where = FIGURES[name];
        return "category" in where ? score(where.category) : numeric(where.audit);
      }),
      lcpElement:
        firstSnippet(lhr.audits["lcp-breakdown-insight"]?.details) ?? firstSnippet(lhr.audits["largest-contentful-paint-element"]?.details),
      durationMs: Math.round(performance.now() - started),
      runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
      warnings: lhr.runWarnings ?? [],
      failedAudits,
    };
  } catch (error) {
    if (timedOut) throw new Error(`run took over ${RUN_TIMEOUT_MS / 1000} s, stopped`);
    throw error;
  } finally {
    clearTimeout(timer);
    if (chrome) {
      const pid = chrome.pid;
      try {
        chrome.kill();
      } catch {
        // already gone
      }
      for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      untrack(pid);
    }
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

export interface LighthouseOptions {
  runsPerPage?: number;
  /** A failed run is tried once more only while Date.now() is before this. */
  retryUntil?: number;
  /** No run starts after this (Date.now()); the runs left out are noted as errors. */
  stopAt?: number;
}

export async function runLighthouse(baseUrl: string, pages: readonly string[], options: LighthouseOptions = {}): Promise<LighthousePage[]> {
  return runLighthouseTargets(
    pages.map((page) => ({ name: page, url: baseUrl + page })),
    options,
  );
}

/**
 * Lighthouse on named URLs, round-robin: run 1 of every target, then run 2 of every target...
 * (so that noise spreads evenly over them); one result per target, `page` being its name.
 */
export async function runLighthouseTargets(
  targets: readonly { name: string; url: string }[],
  options: LighthouseOptions = {},
): Promise<LighthousePage[]> {
  const { runsPerPage = 3, retryUntil = Number.POSITIVE_INFINITY, stopAt = Number.POSITIVE_INFINITY } = options;
  const pages = targets.map((t) => t.name);
  const urls = new Map(targets.map((t) => [t.name, t.url]));
  const results = new Map<string, { runs: LighthouseRun[]; errors: string[] }>(pages.map((p) => [p, { runs: [], errors: [] }]));
  for (let run = 1; run <= runsPerPage; run++) {
    for (const page of pages) {
      const entry = results.get(page)!;
      for (let attempt = 1; attempt <= 2; attempt++) {
        if (Date.now() > stopAt) {
          entry.errors.push(`run ${run}: not run, bench time limit reached`);
          log(`lighthouse ${page} run ${run}/${runsPerPage} skipped: bench time limit reached`);
          break;
        }
        let failure: string | undefined;
        try {
          const r = await runOnce(urls.get(page)!);
          if (r.runtimeError) failure = r.runtimeError;
          else entry.runs.push(r);
          log(
            `lighthouse ${page} run ${run}/${runsPerPage}: perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} ` +
              `FCP ${r.fcpMs} ms LCP ${r.lcpMs} ms TBT ${r.tbtMs} ms CLS ${r.cls} (${(r.durationMs / 1000).toFixed(1)} s)${r.runtimeError ? ` ERROR ${r.runtimeError}` : ""}`,
          );
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
          log(`lighthouse ${page} run ${run}/${runsPerPage} failed: ${failure}`);
        }
        if (!failure) break;
        entry.errors.push(`run ${run}${attempt > 1 ? " (retry)" : ""}: ${failure}`);
        if (Date.now() > retryUntil) break;
      }
    }
  }
  return pages.map((page) => {
    const { runs, errors } = results.get(page)!;
    return {
      page,
      runs,
      errors,
      failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
      median: figures((name) => median(runs.map((r) => r[name]))),
    };
  });
}
