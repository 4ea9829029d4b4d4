/**
 * First paint against the no-JavaScript limit (ADR 013, docs/requirements.md#performance-and-accessibility):
 * Lighthouse mobile on each page of the site as served by the production server, and on the same
 * HTML with every <script> and <link rel=modulepreload> removed, served by a throwaway nginx
 * (the rest of the build, CSS, font, images, from the same files). Prerendered pages are read
 * from the build; pages the server renders per request (/contact, /auth/login, /blog) are fetched from
 * the running server first. The ten targets run round-robin in one run (medians of BENCH_LH_RUNS
 * each), with the ratio of the site's LCP to the copy's.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { CLIENT_DIR, log, round, startServer, TMP_ROOT } from "./lib.ts";
import { runLighthouseTargets, type LighthouseOptions, type LighthousePage } from "./lighthouse.ts";
import { htmlFileFor } from "./sizes.ts";
import { findBinary, startNginx, type NginxHandle } from "./throughput.ts";

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
  /** Where the site's HTML came from ("build/client/..." or "GET /contact"). */
  source: string;
}

export interface PaintResult {
  pages: PaintPage[];
  noJsSkipped: string | null;
}

/** The HTML a browser would render with JavaScript off: no script element, no module preload. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>/gi, "");
}

/** A browser's user agent: the server streams to browsers (bots get the whole page at once). */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export async function measurePaint(runsPerPage: number, options: Omit<LighthouseOptions, "runsPerPage"> = {}): Promise<PaintResult> {
  const server = await startServer();
  const dir = mkdtempSync(path.join(TMP_ROOT, "bench-nojs-"));
  let nginx: NginxHandle | undefined;
  try {
    const sources = new Map<string, string>();
    for (const page of PAINT_PAGES) {
      let html: string;
      const file = htmlFileFor(page);
      if (existsSync(file)) {
        html = readFileSync(file, "utf8");
        sources.set(page, path.relative(process.cwd(), file));
      } else {
        const response = await fetch(`${server.url}${page}`, { headers: { "User-Agent": BROWSER_UA } });
        if (!response.ok) throw new Error(`GET ${page}: ${response.status}`);
        html = await response.text();
        sources.set(page, `GET ${page}`);
      }
      const stripped = stripScripts(html);
      if (/<script\b|modulepreload/i.test(stripped)) throw new Error(`${page}: scripts left after stripping`);
      const out = page === "/" ? path.join(dir, "index.html") : path.join(dir, page.slice(1), "index.html");
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, stripped);
      writeFileSync(`${out}.gz`, gzipSync(stripped, { level: 9 }));
    }
    let noJsSkipped: string | null = null;
    const nginxBin = findBinary("nginx");
    if (!nginxBin) noJsSkipped = "nginx not installed (apt-get install -y nginx-light): no no-JavaScript copy";
    else {
      try {
        nginx = await startNginx(nginxBin, { root: dir, fallbackRoot: CLIENT_DIR });
      } catch (error) {
        noJsSkipped = `nginx failed to start: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (noJsSkipped) log(noJsSkipped);
    const targets = PAINT_PAGES.flatMap((page) => [
      { name: `site ${page}`, url: `${server.url}${page}` },
      ...(nginx ? [{ name: `no-JS ${page}`, url: `${nginx.url}${page}` }] : []),
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
        return { page, site, noJs, lcpRatio: ratio, source: sources.get(page)! };
      }),
    };
  } finally {
    if (nginx) {
      await nginx.stop();
      rmSync(nginx.prefix, { recursive: true, force: true });
    }
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
