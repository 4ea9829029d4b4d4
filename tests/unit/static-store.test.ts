/** The in-memory static file server: paths, caching, revalidation, compression, security headers, rendered pages. */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createSecurity, TAG_MANAGER_ORIGIN } from "../../server/security-headers";
import {
  FIRST_ROUND_TRIP_BYTES,
  HTML_BROTLI_LAST_TRY_SHARE,
  HTML_BROTLI_QUALITY,
  HTML_BROTLI_QUALITY_OVER,
  HTML_HEADER_ALLOWANCE,
  StaticStore,
} from "../../server/static-store";

interface Answer {
  handled: boolean;
  status?: number;
  headers: Record<string, string | number>;
  body?: Buffer;
}

function request(store: StaticStore, pathname: string, opts: { method?: string; headers?: Record<string, string> } = {}): Answer {
  const req = { method: opts.method ?? "GET", headers: opts.headers ?? {} } as unknown as IncomingMessage;
  const answer: Answer = { handled: false, headers: {} };
  const res = {
    writeHead(status: number, headers: Record<string, string | number> | string[]) {
      answer.status = status;
      // Node accepts an object or a flat raw list [name, value, ...]; names are case-insensitive.
      const pairs = Array.isArray(headers)
        ? headers.flatMap((v, i) => (i % 2 === 0 ? [[v, headers[i + 1]] as const] : []))
        : Object.entries(headers ?? {});
      for (const [k, v] of pairs) answer.headers[k.toLowerCase()] = v;
      return this;
    },
    end(body?: Buffer) {
      answer.body = body;
      return this;
    },
  } as unknown as ServerResponse;
  answer.handled = store.serve(req, res, pathname);
  return answer;
}

const html = `<!doctype html><html><head><title>Home</title></head><body>${"<p>Managed IT for Indiana businesses.</p>".repeat(40)}</body></html>`;
const aboutHtml = "<!doctype html><title>About</title><p>About us</p>";
const js = `export const x = ${JSON.stringify("abcdefghij".repeat(200))};\nconsole.log(x);\n`;
const favicon = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);

let dir: string;
let store: StaticStore;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "static-store-"));
  mkdirSync(path.join(dir, "about"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), html);
  writeFileSync(path.join(dir, "about", "index.html"), aboutHtml);
  writeFileSync(path.join(dir, "assets", "app-abc.js"), js);
  writeFileSync(path.join(dir, "assets", "app-abc.js.gz"), gzipSync(js)); // precompressed sibling, as the build writes
  writeFileSync(path.join(dir, "favicon.ico"), favicon);
  store = new StaticStore(dir);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("StaticStore paths", () => {
  it("maps index.html to /, about/index.html to /about, and assets by their file path", () => {
    expect(store.has("/")).toBe(true);
    expect(store.has("/about")).toBe(true);
    expect(store.has("/assets/app-abc.js")).toBe(true);
    expect(store.has("/favicon.ico")).toBe(true);
    expect(store.size).toBe(4);
  });

  it("does not expose precompressed siblings as their own paths", () => {
    expect(store.has("/assets/app-abc.js.gz")).toBe(false);
  });

  it("answers with the file's bytes and type", () => {
    const a = request(store, "/about");
    expect(a.handled).toBe(true);
    expect(a.status).toBe(200);
    expect(String(a.headers["content-type"])).toMatch(/^text\/html/);
    expect(a.body?.toString()).toBe(aboutHtml);
    expect(Number(a.headers["content-length"])).toBe(Buffer.byteLength(aboutHtml));
  });
});

describe("StaticStore caching", () => {
  it("HTML is revalidated on every visit (no-cache)", () => {
    expect(request(store, "/").headers["cache-control"]).toBe("no-cache");
    expect(request(store, "/about").headers["cache-control"]).toBe("no-cache");
  });

  it("hashed /assets/ files are cached for a year as immutable", () => {
    const cc = String(request(store, "/assets/app-abc.js").headers["cache-control"]);
    expect(cc).toContain("immutable");
    expect(cc).toMatch(/max-age=31536000/);
  });

  it("other public files are cached but not immutable", () => {
    const cc = String(request(store, "/favicon.ico").headers["cache-control"]);
    expect(cc).toMatch(/max-age=\d+/);
    expect(cc).not.toContain("immutable");
  });

  it("answers 304 with no body when If-None-Match matches the ETag", () => {
    const first = request(store, "/");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const second = request(store, "/", { headers: { "if-none-match": etag } });
    expect(second.status).toBe(304);
    expect(second.body).toBeUndefined();
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    expect(request(store, "/", { headers: { "if-none-match": '"stale"' } }).status).toBe(200);
  });

  it("gives different files different ETags", () => {
    expect(request(store, "/").headers.etag).not.toBe(request(store, "/about").headers.etag);
  });
});

describe("StaticStore compression", () => {
  it("sends brotli when accepted, and the bytes decompress to the file", () => {
    const a = request(store, "/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(a.headers["content-encoding"]).toBe("br");
    expect(a.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(a.body!).toString()).toBe(html);
    expect(Number(a.headers["content-length"])).toBe(a.body!.length);
  });

  it("sends gzip when only gzip is accepted", () => {
    const a = request(store, "/assets/app-abc.js", { headers: { "accept-encoding": "gzip" } });
    expect(a.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(a.body!).toString()).toBe(js);
  });

  it("sends the identity bytes when no encoding is accepted", () => {
    const a = request(store, "/");
    expect(a.headers["content-encoding"]).toBeUndefined();
    expect(a.body!.toString()).toBe(html);
  });

  it("does not compress files of 512 bytes or less", () => {
    for (const p of ["/about", "/favicon.ico"]) {
      const a = request(store, p, { headers: { "accept-encoding": "gzip, br" } });
      expect(a.headers["content-encoding"], p).toBeUndefined();
    }
    expect(request(store, "/favicon.ico").body).toEqual(favicon);
  });
});

describe("StaticStore security headers", () => {
  it.each(["/", "/assets/app-abc.js", "/favicon.ico"])("%s carries the baseline security headers", (p) => {
    const h = request(store, p).headers;
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBeTruthy();
    expect(String(h["content-security-policy"])).toContain("frame-ancestors");
    expect(h["permissions-policy"]).toBeTruthy();
  });
});

describe("StaticStore leaves other requests to the application", () => {
  it("returns false for POST and other non-GET methods, without answering", () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const a = request(store, "/", { method });
      expect(a.handled, method).toBe(false);
      expect(a.status).toBeUndefined();
    }
  });

  it("answers HEAD with headers and no body", () => {
    const a = request(store, "/about", { method: "HEAD" });
    expect(a.handled).toBe(true);
    expect(a.status).toBe(200);
    expect(a.body).toBeUndefined();
    expect(Number(a.headers["content-length"])).toBe(Buffer.byteLength(aboutHtml));
  });

  it("returns false for unknown paths", () => {
    for (const p of ["/missing", "/about/", "/index.html", "/assets/app-def.js", "/contact"]) {
      const a = request(store, p);
      expect(a.handled, p).toBe(false);
      expect(a.status).toBeUndefined();
    }
  });
});

describe("StaticStore.setRendered: the pages the server renders at start and after each publication", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const page = (title: string, script: string) =>
    `<!doctype html><html><head><title>${title}</title><script>${script}</script></head><body>${"<p>Managed IT for Indiana businesses.</p>".repeat(40)}</body></html>`;
  const home = page("Home", "window.a = 1;");
  const services = page("Services", "window.s = 1;");
  const homeData = `[{"_1":2},"routes/home",${JSON.stringify("x".repeat(600))}]`;
  const small = "<!doctype html><title>Error</title><p>Something went wrong</p>";

  let buildDir: string;
  let rendered: StaticStore;
  const security = createSecurity({ siteUrl: "https://www.crossroadsit.example", gtmId: "GTM-ABC123" });
  const pages = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([p, body]) => [p, Buffer.from(body)]));
  const buildFiles = ["/assets/app-abc.js", "/favicon.ico"];

  beforeAll(() => {
    // The build's client files hold no page (npm run build prerenders nothing).
    buildDir = mkdtempSync(path.join(tmpdir(), "static-store-rendered-"));
    mkdirSync(path.join(buildDir, "assets"));
    writeFileSync(path.join(buildDir, "assets", "app-abc.js"), js);
    writeFileSync(path.join(buildDir, "favicon.ico"), favicon);
    rendered = new StaticStore(buildDir, security);
  });

  afterAll(() => {
    rmSync(buildDir, { recursive: true, force: true });
  });

  it("serves each page and its .data answer with an ETag, no-cache, and a policy allowing exactly the page's inline scripts", () => {
    expect(rendered.has("/")).toBe(false);
    rendered.setRendered(pages({ "/": home, "/_root.data": homeData, "/services": services, "/services.data": homeData, "/500": small }));
    expect(rendered.size).toBe(buildFiles.length + 5);

    const a = request(rendered, "/");
    expect(a.status).toBe(200);
    expect(a.body?.toString()).toBe(home);
    expect(String(a.headers["content-type"])).toMatch(/^text\/html/);
    expect(a.headers["cache-control"]).toBe("no-cache");
    expect(String(a.headers.etag)).toMatch(/^".+"$/);
    expect(request(rendered, "/", { headers: { "if-none-match": String(a.headers.etag) } }).status).toBe(304);
    const scriptSrc = (policy: unknown) =>
      String(policy)
        .split("; ")
        .find((d) => d.startsWith("script-src "));
    expect(scriptSrc(a.headers["content-security-policy"])).toBe(`script-src 'self' ${sha("window.a = 1;")} ${TAG_MANAGER_ORIGIN}`);
    expect(scriptSrc(request(rendered, "/services").headers["content-security-policy"])).toBe(
      `script-src 'self' ${sha("window.s = 1;")} ${TAG_MANAGER_ORIGIN}`,
    );
    expect(rendered.policy("/")).toBe(a.headers["content-security-policy"]);
    expect(a.headers["strict-transport-security"]).toBeTruthy();

    const data = request(rendered, "/_root.data");
    expect(data.status).toBe(200);
    expect(data.headers["content-type"]).toBe("text/x-script");
    expect(data.headers["cache-control"]).toBe("no-cache");
    expect(data.headers.etag).toBeTruthy();
    // An answer that is not a page allows no inline script and no tag manager.
    expect(scriptSrc(data.headers["content-security-policy"])).toBe("script-src 'self'");
    // The /500 page the server sends for a failure, read from the rendered set.
    expect(rendered.read("/500")?.toString()).toBe(small);
  });

  it("keeps brotli and gzip versions of each page over 512 bytes, which decompress to the page", () => {
    const br = request(rendered, "/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body!).toString()).toBe(home);
    expect(Number(br.headers["content-length"])).toBe(br.body!.length);
    const gz = request(rendered, "/_root.data", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body!).toString()).toBe(homeData);
    // The same ETag whatever the encoding: it names the page's bytes.
    expect(br.headers.etag).toBe(request(rendered, "/").headers.etag);
    const tiny = request(rendered, "/500", { headers: { "accept-encoding": "gzip, br" } });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body?.toString()).toBe(small);
  });

  it("replaces the whole set on the next call: a page absent from it is no longer served, a changed page has a new ETag", () => {
    const before = Object.fromEntries(["/", "/services", "/_root.data", ...buildFiles].map((p) => [p, request(rendered, p)]));
    const changedHome = page("Home", "window.a = 2;");
    rendered.setRendered(pages({ "/": changedHome, "/_root.data": homeData, "/500": small }));

    for (const gone of ["/services", "/services.data"]) {
      const a = request(rendered, gone);
      expect(a.handled, gone).toBe(false);
      expect(a.status).toBeUndefined();
      expect(rendered.has(gone)).toBe(false);
    }
    const now = request(rendered, "/");
    expect(now.body?.toString()).toBe(changedHome);
    expect(now.headers.etag).not.toBe(before["/"]!.headers.etag);
    // A browser holding the old page revalidates and gets the new one.
    expect(request(rendered, "/", { headers: { "if-none-match": String(before["/"]!.headers.etag) } }).status).toBe(200);
    expect(String(now.headers["content-security-policy"])).toContain(sha("window.a = 2;"));
    expect(String(now.headers["content-security-policy"])).not.toContain(sha("window.a = 1;"));
    expect(brotliDecompressSync(request(rendered, "/", { headers: { "accept-encoding": "br" } }).body!).toString()).toBe(changedHome);
    // An unchanged page keeps its ETag.
    expect(request(rendered, "/_root.data").headers.etag).toBe(before["/_root.data"]!.headers.etag);
    expect(rendered.size).toBe(buildFiles.length + 3);
  });

  it("setRenderedAsync serves the same pages, compressed on the thread pool: the same ETag, and each encoding decodes to the page", async () => {
    const other = new StaticStore(buildDir, security);
    await other.setRenderedAsync(pages({ "/": home, "/_root.data": homeData }));
    const sync = request(rendered, "/_root.data");
    const made = request(other, "/_root.data");
    expect(made.headers.etag).toBe(sync.headers.etag);
    expect(brotliDecompressSync(request(other, "/", { headers: { "accept-encoding": "br" } }).body!).toString()).toBe(home);
    expect(gunzipSync(request(other, "/", { headers: { "accept-encoding": "gzip" } }).body!).toString()).toBe(home);
  });

  it("setRenderedAsync compresses a page's HTML harder only when it would not arrive in the first round trip", async () => {
    // A page of prose whose quick brotli is over the window, and a small one under it.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const vocabulary = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}${"aeiou"[i % 5]}${"lmnrst"[i % 6]}`);
    const prose = Array.from({ length: 18_000 }, () => vocabulary[next() % vocabulary.length]).join(" ");
    const long = page("Long", "window.l = 1;").replace("</body>", `<p>${prose}</p></body>`);
    const short = page("Short", "window.s = 1;");
    const brotliAt = (text: string, quality: number) =>
      brotliCompressSync(Buffer.from(text), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_LGWIN]: 22,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      });
    expect(brotliAt(long, HTML_BROTLI_QUALITY).length + HTML_HEADER_ALLOWANCE).toBeGreaterThan(FIRST_ROUND_TRIP_BYTES);

    const other = new StaticStore(buildDir, security);
    await other.setRenderedAsync(pages({ "/long": long, "/short": short, "/long.data": prose }));
    const sent = (path: string) => request(other, path, { headers: { "accept-encoding": "br" } }).body!;
    expect(sent("/long").equals(brotliAt(long, HTML_BROTLI_QUALITY_OVER))).toBe(true);
    expect(sent("/long").length).toBeLessThan(brotliAt(long, HTML_BROTLI_QUALITY).length);
    expect(brotliDecompressSync(sent("/long")).toString()).toBe(long);
    // What fits is sent as quickly compressed; a client navigation's data is never worked harder.
    expect(sent("/short").equals(brotliAt(short, HTML_BROTLI_QUALITY))).toBe(true);
    expect(sent("/long.data").equals(brotliAt(prose, HTML_BROTLI_QUALITY))).toBe(true);
  });

  it("setRenderedAsync tries brotli 11 for a page just over the first round trip at 10, not for one far over", async () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const vocabulary = Array.from({ length: 3000 }, (_, i) => `v${i.toString(36)}${"aeiou"[i % 5]}${"lmnrst"[i % 6]}`);
    const words = Array.from({ length: 40_000 }, () => vocabulary[next() % vocabulary.length]);
    const at = (text: string, quality: number) =>
      brotliCompressSync(Buffer.from(text), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_LGWIN]: 22,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      });
    const pageOf = (n: number) => page("Near", "window.n = 1;").replace("</body>", `<p>${words.slice(0, n).join(" ")}</p></body>`);
    const over10 = (n: number) => (at(pageOf(n), HTML_BROTLI_QUALITY_OVER).length + HTML_HEADER_ALLOWANCE) / FIRST_ROUND_TRIP_BYTES - 1;
    // The number of words whose page is over at 10 by 1 to 3 %.
    let low = 1000;
    let high = 40_000;
    while (high - low > 10) {
      const mid = Math.floor((low + high) / 2);
      if (over10(mid) < 0.02) low = mid;
      else high = mid;
    }
    const near = pageOf(low);
    expect(over10(low)).toBeGreaterThan(0);
    expect(over10(low)).toBeLessThan(HTML_BROTLI_LAST_TRY_SHARE);
    const far = pageOf(40_000);
    expect(over10(40_000)).toBeGreaterThan(HTML_BROTLI_LAST_TRY_SHARE);

    const other = new StaticStore(buildDir, security);
    await other.setRenderedAsync(pages({ "/near": near, "/far": far }));
    const sent = (path: string) => request(other, path, { headers: { "accept-encoding": "br" } }).body!;
    expect(sent("/near").equals(at(near, 11))).toBe(true);
    expect(sent("/far").equals(at(far, HTML_BROTLI_QUALITY_OVER))).toBe(true);
  });

  it("leaves the build's files alone: served as before, with the same bytes and ETags, through every replacement", () => {
    const before = Object.fromEntries(buildFiles.map((p) => [p, request(rendered, p)]));
    rendered.setRendered(pages({ "/": home }));
    rendered.setRendered(new Map());
    expect(rendered.size).toBe(buildFiles.length);
    expect(request(rendered, "/").handled).toBe(false);
    for (const p of buildFiles) {
      const a = request(rendered, p);
      expect(a.status, p).toBe(200);
      expect(a.headers.etag, p).toBe(before[p]!.headers.etag);
      expect(a.body, p).toEqual(before[p]!.body);
      expect(a.headers["cache-control"], p).toBe(before[p]!.headers["cache-control"]);
    }
    expect(String(request(rendered, "/assets/app-abc.js").headers["cache-control"])).toContain("immutable");
  });
});
