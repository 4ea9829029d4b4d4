/**
 * Gzipped JS and CSS per page, from the HTML the built server sends (the pages it rendered at start
 * and serves from memory, and those it renders per request): every <script src>, <link rel=modulepreload>,
 * <link rel=stylesheet> and module named in React Router's module script (its imports, the preloads
 * it adds after the first paint, ADR 013) under /assets/, each file gzipped
 * at level 9, summed.
 * Files under /assets/ that inline scripts import but no tag lists (e.g. the route manifest)
 * are reported apart as `unlistedJs`, not counted in the figure.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { CLIENT_DIR, PAGES, round, startServer } from "./lib.ts";

export interface AssetSize {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageSizes {
  page: string;
  html: string;
  jsKb: number;
  cssKb: number;
  jsFiles: AssetSize[];
  cssFiles: AssetSize[];
  unlistedJs: AssetSize[];
  unlistedJsKb: number;
  missing: string[];
}

const gzipCache = new Map<string, AssetSize>();

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const body = tag.replace(/^<\s*[a-z]+/i, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(re)) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  return attrs;
}

/** The build path of a reference to the site's hashed assets ("/assets/x.js?v" → "/assets/x.js"). */
function assetPath(ref: string): string | undefined {
  const pathname = ref.trim().split(/[?#]/)[0];
  if (!pathname.startsWith("/assets/")) return undefined;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function sizeOf(url: string): AssetSize | undefined {
  const cached = gzipCache.get(url);
  if (cached) return cached;
  const file = path.join(CLIENT_DIR, url);
  if (!file.startsWith(CLIENT_DIR + path.sep) || !existsSync(file)) return undefined;
  const data = readFileSync(file);
  const size = { url, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
  gzipCache.set(url, size);
  return size;
}

/** The sizes of what one page's HTML loads; `source` names where the HTML came from. */
export function measureHtml(page: string, html: string, source: string): PageSizes {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const tag = m[0];
    const attrs = attributes(tag);
    if (m[1].toLowerCase() === "script") {
      const url = attrs.src ? assetPath(attrs.src) : undefined;
      if (url) js.add(url);
    } else {
      const rels = (attrs.rel ?? "").toLowerCase().split(/\s+/);
      const url = attrs.href ? assetPath(attrs.href) : undefined;
      if (!url) continue;
      if (rels.includes("modulepreload")) js.add(url);
      else if (rels.includes("stylesheet")) css.add(url);
    }
  }
  // React Router's module script names the page's modules itself: since ADR 013 it imports them
  // and adds their preloads after the first paint, so they have no tag in the markup.
  // (Its route manifest is left out: it names modules of other pages and one never loaded here.)
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    const code = m[1].replace(/window\.__reactRouterManifest\s*=\s*\{[\s\S]*?\};\s*(?=window\.__reactRouterRouteModules)/, "");
    for (const ref of code.matchAll(/"(\/assets\/[^"\s]+\.m?js)"/g)) js.add(ref[1]);
  }
  // JS under /assets/ that inline scripts import (static or dynamic) without a tag of its own (informational).
  const unlisted = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const imports = /\bimport\s*(?:\(\s*|[\w$*{},\s]*?\bfrom\s*)?["'](\/assets\/[^"'\s]+\.m?js)["']/g;
    for (const ref of m[1].matchAll(imports)) {
      if (!js.has(ref[1])) unlisted.add(ref[1]);
    }
  }
  const missing: string[] = [];
  const collect = (urls: Set<string>) =>
    [...urls].flatMap((url) => {
      const size = sizeOf(url);
      if (!size) missing.push(url);
      return size ? [size] : [];
    });
  const jsFiles = collect(js);
  const cssFiles = collect(css);
  const unlistedJs = collect(unlisted);
  const kb = (files: AssetSize[]) => round(files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024, 1);
  return {
    page,
    html: source,
    jsKb: kb(jsFiles),
    cssKb: kb(cssFiles),
    jsFiles,
    cssFiles,
    unlistedJs,
    unlistedJsKb: kb(unlistedJs),
    missing,
  };
}

/**
 * Every page's sizes, from its HTML as the built server sends it: the server is started once
 * (on the build's default data folder) and asked for each page. The build has no HTML of its own:
 * the server renders the public pages at start (server/page-renderer.ts).
 */
export async function measureSizes(pages: readonly string[] = PAGES): Promise<PageSizes[]> {
  const server = await startServer();
  try {
    const sizes: PageSizes[] = [];
    for (const page of pages) {
      const response = await fetch(`${server.url}${page}`);
      if (!response.ok) throw new Error(`GET ${page}: ${response.status}`);
      sizes.push(measureHtml(page, await response.text(), `GET ${page}`));
    }
    return sizes;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const p of await measureSizes()) {
    console.log(
      `${p.page.padEnd(28)} JS ${p.jsKb} KB (${p.jsFiles.length} files)  CSS ${p.cssKb} KB  unlisted JS ${p.unlistedJsKb} KB${p.missing.length ? `  MISSING ${p.missing.join(", ")}` : ""}`,
    );
  }
}
