/**
 * The no-JavaScript copy of some of the site's pages (ADR 013): the same HTML with every <script>
 * and <link rel=modulepreload> removed, served by a throwaway nginx, with the rest of the build
 * (CSS, font, images) from the same files. Every page's HTML is fetched from the running server:
 * those it rendered at start and serves from memory and those it renders per request (/contact,
 * /auth/login, /blog) alike. What the site is measured against: the same page as the browser draws
 * it with no script at all.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";

import { CLIENT_DIR, TMP_ROOT } from "./lib.ts";
import { fetchPage, findBinary, startNginx, writePageFile } from "./throughput.ts";

/** The HTML a browser would render with JavaScript off: no script element, no module preload. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>/gi, "");
}

/** A browser's user agent: the server streams to browsers (bots get the whole page at once). */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export interface NoJsCopy {
  url: string;
  /** Where each page's HTML came from ("GET /contact"). */
  sources: Map<string, string>;
  stop: () => Promise<void>;
}

/** Starts nginx with the no-JS copies of `pages`, as the server at `serverUrl` sends them to a browser. */
export async function startNoJsCopy(serverUrl: string, pages: readonly string[]): Promise<NoJsCopy> {
  const nginxBin = findBinary("nginx");
  if (!nginxBin) throw new Error("nginx not installed (apt-get install -y nginx-light): no no-JavaScript copy");
  const dir = mkdtempSync(path.join(TMP_ROOT, "bench-nojs-"));
  try {
    const sources = new Map<string, string>();
    for (const page of pages) {
      const html = await fetchPage(serverUrl, page, { "User-Agent": BROWSER_UA });
      sources.set(page, `GET ${page}`);
      const stripped = stripScripts(html);
      if (/<script\b|modulepreload/i.test(stripped)) throw new Error(`${page}: scripts left after stripping`);
      writePageFile(dir, page, stripped);
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
