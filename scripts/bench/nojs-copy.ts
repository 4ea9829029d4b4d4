/**
 * The no-JavaScript copy of some of the site's pages (ADR 013): the same HTML with every <script>
 * and <link rel=modulepreload> removed, served by a throwaway nginx, with the rest of the build
 * (CSS, font, images) from the same files. Prerendered pages are read from the build; pages the
 * server renders per request (/contact, /auth/login, /blog) are fetched from the running server.
 * What the site is measured against: the same page as the browser draws it with no script at all.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { CLIENT_DIR, TMP_ROOT } from "./lib.ts";
import { htmlFileFor } from "./sizes.ts";
import { findBinary, startNginx } from "./throughput.ts";

/** The HTML a browser would render with JavaScript off: no script element, no module preload. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>/gi, "");
}

/** A browser's user agent: the server streams to browsers (bots get the whole page at once). */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export interface NoJsCopy {
  url: string;
  /** Where each page's HTML came from ("build/client/..." or "GET /contact"). */
  sources: Map<string, string>;
  stop: () => Promise<void>;
}

/** Starts nginx with the no-JS copies of `pages` (the server at `serverUrl` renders those not prerendered). */
export async function startNoJsCopy(serverUrl: string, pages: readonly string[]): Promise<NoJsCopy> {
  const nginxBin = findBinary("nginx");
  if (!nginxBin) throw new Error("nginx not installed (apt-get install -y nginx-light): no no-JavaScript copy");
  const dir = mkdtempSync(path.join(TMP_ROOT, "bench-nojs-"));
  try {
    const sources = new Map<string, string>();
    for (const page of pages) {
      let html: string;
      const file = htmlFileFor(page);
      if (existsSync(file)) {
        html = readFileSync(file, "utf8");
        sources.set(page, path.relative(process.cwd(), file));
      } else {
        const response = await fetch(`${serverUrl}${page}`, { headers: { "User-Agent": BROWSER_UA } });
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
    const nginx = await startNginx(nginxBin, { root: dir, fallbackRoot: CLIENT_DIR });
    return {
      url: nginx.url,
      sources,
      stop: async () => {
        await nginx.stop();
        rmSync(nginx.prefix, { recursive: true, force: true });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
