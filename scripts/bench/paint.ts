/**
 * First paint against the no-JavaScript limit (ADR 013, docs/requirements/public-site.md#performance-and-accessibility):
 * Lighthouse mobile on each page of the site as served by the production server, and on the same
 * HTML without scripts (`startNoJsCopy`). The ten targets run round-robin in one run (medians of
 * BENCH_LH_RUNS each), with the ratio of the site's LCP to the copy's.
 */
import { log, round, startServer } from "./lib.ts";
import { runLighthouseTargets, type LighthouseOptions, type LighthousePage } from "./lighthouse.ts";
import { startNoJsCopy, type NoJsCopy } from "./nojs-copy.ts";

export const PAINT_PAGES = ["/", "/services/managed-it", "/indianapolis-it-support", "/contact", "/auth/login", "/blog"] as const;

/** The first-paint targets (ADR 013; Lighthouse mobile, simulated throttling). */
export const PAINT_TARGETS = { performance: 100, fcpMs: 1000, lcpMs: 1200, tbtMs: 50, cls: 0.01, lcpRatio: 1.1 } as const;

export interface PaintPage {
  page: string;
  site: LighthousePage;
  /** The same HTML without scripts and modulepreload links, from nginx. */
  noJs: LighthousePage | null;
  /** site LCP / no-JS LCP (medians). */
  lcpRatio: number | null;
  /** Where the site's HTML came from ("GET /contact"). */
  source: string;
}

export interface PaintResult {
  pages: PaintPage[];
  noJsSkipped: string | null;
}

export async function measurePaint(runsPerPage: number, options: Omit<LighthouseOptions, "runsPerPage"> = {}): Promise<PaintResult> {
  const server = await startServer();
  let copy: NoJsCopy | undefined;
  let noJsSkipped: string | null = null;
  try {
    try {
      copy = await startNoJsCopy(server.url, PAINT_PAGES);
    } catch (error) {
      noJsSkipped = error instanceof Error ? error.message : String(error);
      log(noJsSkipped);
    }
    const targets = PAINT_PAGES.flatMap((page) => [
      { name: `site ${page}`, url: `${server.url}${page}` },
      ...(copy ? [{ name: `no-JS ${page}`, url: `${copy.url}${page}` }] : []),
    ]);
    const results = await runLighthouseTargets(targets, { ...options, runsPerPage });
    const byName = new Map(results.map((r) => [r.page, r]));
    return {
      noJsSkipped,
      pages: PAINT_PAGES.map((page) => {
        const site = { ...byName.get(`site ${page}`)!, page };
        const found = byName.get(`no-JS ${page}`);
        const noJs = found ? { ...found, page } : null;
        const ratio = noJs && noJs.runs.length && site.runs.length ? round(site.median.lcpMs / noJs.median.lcpMs, 2) : null;
        return { page, site, noJs, lcpRatio: ratio, source: copy?.sources.get(page) ?? page };
      }),
    };
  } finally {
    await copy?.stop();
    await server.stop();
  }
}
