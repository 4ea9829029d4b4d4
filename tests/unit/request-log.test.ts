/**
 * The request log (ADR 014): one line per request with its fields, the id from a trusted proxy
 * only when it looks like an id, query values never written, and the request id on every line
 * logged while the request is handled, however deep in asynchronous code.
 */
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";

import { parseEnv } from "~/env.server";
import { configureLog, log, toText } from "~/lib/log.server";

import { loggedPath, requestIdFor, withRequestLog } from "../../server/request-log";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdFor", () => {
  it("keeps a trusted proxy's sane id and makes a UUID otherwise", () => {
    expect(requestIdFor("0123456789abcdef0123456789abcdef", true)).toBe("0123456789abcdef0123456789abcdef");
    expect(requestIdFor("0123456789abcdef0123456789abcdef", false)).toMatch(UUID);
    for (const bad of ["short", "x".repeat(129), "id with spaces 123", "abc\ndef-12345", "a,b,c,d,e,f,g,h", "<script>alert(1)</script>"]) {
      expect(requestIdFor(bad, true), bad).toMatch(UUID);
    }
    expect(requestIdFor(["0123456789abcdef", "0123456789abcdef"], true)).toMatch(UUID);
    expect(requestIdFor(undefined, true)).toMatch(UUID);
  });
});

describe("loggedPath", () => {
  it("keeps the path and the query keys, never a value", () => {
    expect(loggedPath("/about")).toBe("/about");
    expect(loggedPath("/auth/reset-password?token=SECRET-TOKEN-123")).toBe("/auth/reset-password?token");
    expect(loggedPath("/admin/leads?q=jane%40example.com&page=2")).toBe("/admin/leads?q&page");
    // A value standing where a key belongs, or a key that is not a short name, is not written either.
    expect(loggedPath("/?jane@example.com&Bearer%20abc=1")).toBe("/?_&_");
    expect(loggedPath(`/x?${Array.from({ length: 20 }, (_, i) => `k${i}=v`).join("&")}`).split("&")).toHaveLength(11);
    expect(loggedPath("/a\nb")).toBe("/a b");
  });
});

describe("LOG_FORMAT and LOG_LEVEL", () => {
  it("default to text and info, and refuse other values naming the variable", () => {
    expect(parseEnv({})).toMatchObject({ LOG_FORMAT: "text", LOG_LEVEL: "info" });
    expect(parseEnv({ LOG_FORMAT: "json", LOG_LEVEL: "warn" })).toMatchObject({ LOG_FORMAT: "json", LOG_LEVEL: "warn" });
    expect(() => parseEnv({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
    expect(() => parseEnv({ LOG_LEVEL: "debug" })).toThrow(/LOG_LEVEL/);
  });
});

describe("withRequestLog", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    configureLog({ format: "text", level: "info" });
  });

  async function serve(trustProxy: boolean, format: "json" | "text") {
    const lines: string[] = [];
    configureLog({ format, level: "info", write: (line) => lines.push(line) });
    server = createServer(
      withRequestLog(trustProxy, (req, res) => {
        void (async () => {
          await new Promise((r) => setTimeout(r, 5));
          if (req.url?.startsWith("/fail")) log.error("Something failed:", new Error("boom"));
          res.setHeader("Content-Type", "text/plain");
          res.write("hello ");
          res.end("world");
        })();
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return { lines, base };
  }

  it("writes one JSON line per request with its fields and the id it returned, also on error lines", async () => {
    const { lines, base } = await serve(false, "json");
    const response = await fetch(`${base}/fail/here?email=jane%40example.com`, { headers: { "x-request-id": "proxy-id-0123456789" } });
    expect(await response.text()).toBe("hello world");
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(UUID); // no trusted proxy: the client's id is not taken
    await expect.poll(() => lines.length).toBe(2);
    const [error, request] = lines.map((line) => JSON.parse(line));
    expect(error).toMatchObject({ level: "error", requestId: id, msg: "Something failed: Error: boom" });
    expect(request).toMatchObject({ level: "info", requestId: id, method: "GET", path: "/fail/here?email", status: 200, bytes: 11 });
    expect(request.durationMs).toBeGreaterThanOrEqual(4);
    expect(new Date(request.time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(lines.join("")).not.toContain("jane");
  });

  it("takes a trusted proxy's id and writes readable text", async () => {
    const { lines, base } = await serve(true, "text");
    const response = await fetch(`${base}/page?x=1`, { headers: { "x-request-id": "0123456789abcdef0123456789abcdef" } });
    await response.text();
    expect(response.headers.get("x-request-id")).toBe("0123456789abcdef0123456789abcdef");
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO {2}\[request 0123456789abcdef0123456789abcdef\] GET \/page\?x 200 [\d.]+ ms 11 B\n$/,
    );
  });

  it("turns a JSON line into text, and leaves anything else as it is", () => {
    expect(toText('{"level":"warn","time":"2026-01-01T00:00:00.000Z","msg":"careful"}')).toBe("2026-01-01T00:00:00.000Z WARN  careful\n");
    expect(toText("not json\n")).toBe("not json\n");
  });
});
