/**
 * Files of the client build (hashed assets, public files), read once at start, and the public
 * pages the server renders from the published content (their HTML and .data, `setRendered`: at
 * start and after each publication), kept in memory with gzip and brotli versions, then answered
 * without touching Express. Pages are revalidated (ETag, no-cache); hashed assets are immutable.
 * Each HTML page gets its own Content-Security-Policy, allowing exactly its inline scripts by hash
 * (computed here, once per render).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCallback, gzipSync } from "node:zlib";

import { createSecurity, inlineScriptHashes, type Security } from "./security-headers.ts";

const gzipAsync = promisify(gzipCallback);
const brotliAsync = promisify(brotliCompress);

/** One encoding of a stored file, with its response headers prepared once. */
interface Variant {
  body: Buffer;
  /** Raw header list [name, value, name, value, ...] for a 200. */
  headers: string[];
}

interface Entry {
  etag: string;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  /** Raw headers for a 304. */
  notModified: string[];
  /** The Content-Security-Policy sent with the file. */
  policy: string;
  /** An HTML file's inline scripts, as CSP hash sources. */
  scriptSources?: string[];
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".data": "text/x-script",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};
export const COMPRESSIBLE = new Set([".html", ".data", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".webmanifest", ".ico"]);

export const MIN_COMPRESS_BYTES = 512;
/**
 * A rendered page's HTML is compressed at brotli 5 (about 1.5 ms for a 75 KB page) when that fits,
 * with its headers, in TCP's first congestion window (ten segments of 1,460 bytes): the page then
 * arrives in one round trip. One that does not (the home page, the FAQ, the legal pages: 95-110 KB)
 * is compressed again at `HTML_BROTLI_QUALITY_OVER` (about 20 ms on the thread pool, 8-9 % smaller),
 * which brings most of them back under it. At 5 throughout, the pages over it painted their largest
 * text 150 ms (a round trip) later than the same HTML without scripts, on Lighthouse's mobile
 * profile; at 10 throughout, a business-fact change cost each process over a second of CPU
 * (docs/benchmarks.md, "First paint" and "Content studio").
 */
export const FIRST_ROUND_TRIP_BYTES = 14_600;
/** What the response's status line and headers take, the Content-Security-Policy's hashes included (about 1,150 bytes). */
export const HTML_HEADER_ALLOWANCE = 1_300;
export const HTML_BROTLI_QUALITY = 5;
export const HTML_BROTLI_QUALITY_OVER = 10;
/**
 * A page still over at brotli 10 by less than this share is compressed once more at 11 (about
 * 60 ms, 2-3 % smaller: the home page with the search field and its social card's tags); one
 * further over (the FAQ, the privacy policy) would not fit anyway and is left at 10.
 */
export const HTML_BROTLI_LAST_TRY_SHARE = 0.04;
export const HTML_CACHE = "no-cache";
export const ASSET_CACHE = "public, max-age=31536000, immutable";
export const PUBLIC_CACHE = "public, max-age=3600";

export function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** URL path for a file of the client build: /about/index.html → /about, /index.html → /. */
export function urlPathFor(relative: string): string {
  const posix = `/${relative.split(path.sep).join("/")}`;
  if (posix === "/index.html") return "/";
  if (posix.endsWith("/index.html")) return posix.slice(0, -"/index.html".length);
  return posix;
}

export class StaticStore {
  private readonly entries = new Map<string, Entry>();
  private rendered = new Set<string>();

  /** `security`: the site's headers (default: no tag manager, no HSTS). */
  constructor(
    clientDir: string,
    private readonly security: Security = createSecurity({ siteUrl: "http://localhost" }),
  ) {
    for (const file of walk(clientDir)) {
      if (file.endsWith(".br") || file.endsWith(".gz")) continue;
      const relative = path.relative(clientDir, file);
      const ext = path.extname(file).toLowerCase();
      const compressed = (suffix: string) => (existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined);
      // Written by scripts/precompress.ts at build; compressed quickly here if missing.
      this.entries.set(
        urlPathFor(relative),
        this.entry(urlPathFor(relative), ext, readFileSync(file), compressed(".gz"), compressed(".br")),
      );
    }
  }

  private entry(urlPath: string, ext: string, identity: Buffer, gzipped?: Buffer, brotli?: Buffer): Entry {
    const isPage = ext === ".html" || ext === ".data";
    const cacheControl = isPage ? HTML_CACHE : urlPath.startsWith("/assets/") ? ASSET_CACHE : PUBLIC_CACHE;
    const type = TYPES[ext] ?? "application/octet-stream";
    const etag = `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
    const scriptSources = ext === ".html" ? inlineScriptHashes(identity.toString("utf8")) : undefined;
    const policy = scriptSources ? this.security.policy(scriptSources, urlPath) : this.security.headers["Content-Security-Policy"]!;
    const headers = { ...this.security.headers, "Content-Security-Policy": policy };
    const common = [...Object.entries(headers).flat(), "Content-Type", type, "Cache-Control", cacheControl, "ETag", etag];
    let gzip: Buffer | undefined;
    let br: Buffer | undefined;
    if (COMPRESSIBLE.has(ext) && identity.length > MIN_COMPRESS_BYTES) {
      gzip = gzipped ?? gzipSync(identity, { level: 6 });
      br = brotli ?? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      common.push("Vary", "Accept-Encoding");
    }
    const variant = (body: Buffer, encoding?: string): Variant => ({
      body,
      headers: [...common, ...(encoding ? ["Content-Encoding", encoding] : []), "Content-Length", String(body.length)],
    });
    return {
      etag,
      identity: variant(identity),
      gzip: gzip && variant(gzip, "gzip"),
      br: br && variant(br, "br"),
      notModified: common,
      policy,
      scriptSources,
    };
  }

  /**
   * Replaces the pages rendered by the server (server/page-renderer.ts): `pages` maps each page's
   * path to its HTML and its `.data` answer (keyed `/about` and `/about.data`, `/_root.data` for
   * the home page's). Pages rendered before and absent now are dropped. The new entries are all
   * made before any is put in place, so a request gets the old set or the new one.
   */
  setRendered(pages: ReadonlyMap<string, Buffer>, compressed?: ReadonlyMap<string, { gzip: Buffer; br: Buffer }>): void {
    const made = [...pages].map(
      ([urlPath, body]) =>
        [
          urlPath,
          this.entry(
            urlPath,
            urlPath.endsWith(".data") ? ".data" : ".html",
            body,
            compressed?.get(urlPath)?.gzip,
            compressed?.get(urlPath)?.br,
          ),
        ] as const,
    );
    for (const old of this.rendered) if (!pages.has(old)) this.entries.delete(old);
    for (const [urlPath, entry] of made) this.entries.set(urlPath, entry);
    this.rendered = new Set(pages.keys());
  }

  /**
   * setRendered, with the pages compressed first on Node's thread pool, so that the process keeps
   * answering while a new set is made; the swap itself is synchronous. A page's HTML that would
   * not arrive in one round trip is compressed harder (`HTML_BROTLI_QUALITY_OVER`): it is what a
   * phone waits for first.
   */
  async setRenderedAsync(pages: ReadonlyMap<string, Buffer>): Promise<void> {
    const compressed = new Map<string, { gzip: Buffer; br: Buffer }>();
    await Promise.all(
      [...pages].map(async ([urlPath, body]) => {
        if (body.length <= MIN_COMPRESS_BYTES) return;
        const html = !urlPath.endsWith(".data");
        const brotli = (quality: number) =>
          brotliAsync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: quality,
              [constants.BROTLI_PARAM_LGWIN]: 22,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          });
        const [gz, quick] = await Promise.all([gzipAsync(body, { level: 6 }), brotli(HTML_BROTLI_QUALITY)]);
        const sent = (br: Buffer) => br.length + HTML_HEADER_ALLOWANCE;
        let br = quick;
        if (html && sent(br) > FIRST_ROUND_TRIP_BYTES) br = await brotli(HTML_BROTLI_QUALITY_OVER);
        if (html && sent(br) > FIRST_ROUND_TRIP_BYTES && sent(br) <= FIRST_ROUND_TRIP_BYTES * (1 + HTML_BROTLI_LAST_TRY_SHARE))
          br = await brotli(11);
        compressed.set(urlPath, { gzip: gz, br });
      }),
    );
    this.setRendered(pages, compressed);
  }

  get size(): number {
    return this.entries.size;
  }

  has(urlPath: string): boolean {
    return this.entries.has(urlPath);
  }

  /**
   * Answers GET/HEAD for a stored file and returns true, or returns false to let the
   * application handle the request.
   */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const entry = this.entries.get(pathname);
    if (!entry) return false;
    if (req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304, entry.notModified);
      res.end();
      return true;
    }
    let variant = entry.identity;
    if (entry.gzip) {
      const accept = req.headers["accept-encoding"] ?? "";
      if (entry.br && accept.includes("br")) variant = entry.br;
      else if (accept.includes("gzip")) variant = entry.gzip;
    }
    res.writeHead(200, variant.headers);
    res.end(req.method === "HEAD" ? undefined : variant.body);
    return true;
  }

  /**
   * The Content-Security-Policy of a stored file; with `requestPath`, of that file sent as the
   * answer to another address (the /500 fallback page: without the tag manager on a private path).
   */
  policy(urlPath: string, requestPath = urlPath): string | undefined {
    const entry = this.entries.get(urlPath);
    if (!entry?.scriptSources || requestPath === urlPath) return entry?.policy;
    return this.security.policy(entry.scriptSources, requestPath);
  }

  /** The stored bytes of a path, uncompressed (used for the /500 fallback page). */
  read(urlPath: string): Buffer | undefined {
    return this.entries.get(urlPath)?.identity.body;
  }
}
