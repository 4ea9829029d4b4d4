/** The in-memory static file server: paths, caching, revalidation, compression, security headers. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { StaticStore } from "../../server/static-store";

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
