/**
 * Robustness against bad input and a failing database, on a real server process whose log the tests read:
 * malformed requests, writes to pages without a form, huge bodies, and sign-in while the
 * database is down. Every answer is a 4xx (or 503 for the outage), never a 500, and the log
 * holds one line per unexpected error and nothing for refused requests.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";

import { startTestPostgres, type TestPostgres } from "../../scripts/pg/test-server";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test } from "./fixtures";
import { hydrated, randomClientAddress, submitSignIn } from "./helpers";
import { startServerProcess, type ServerProcess } from "./server-process";

/** Sends bytes exactly as given (no client fixes them up) and returns the status line's code. */
function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      if (match && answer.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`no answer to ${JSON.stringify(request.split("\r\n")[0])}: ${answer.slice(0, 80)}`)));
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

const stackFrames = (logs: string) => logs.split("\n").filter((line) => /^\s+at /.test(line));

test.describe("one server process, its log read", () => {
  let server: ServerProcess;
  test.beforeAll(async () => {
    server = await startServerProcess({ TEST_FAULTS: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("malformed requests get a 4xx, never a 500, and leave no stack trace in the log", async () => {
    const before = server.logs().length;
    const cases: [string, number][] = [
      ["GET /%zz HTTP/1.1\r\nHost: a\r\n\r\n", 400],
      ["GET /services/%FF HTTP/1.1\r\nHost: a\r\n\r\n", 400],
      ["GET http://evil.example/contact HTTP/1.1\r\nHost: a\r\n\r\n", 400],
      ["GET /contact HTTP/1.0\r\n\r\n", 400],
      ["GET /contact HTTP/1.1\r\nHost: [::1\r\n\r\n", 400],
      ["GET /contact HTTP/1.1\r\nHost: a:99999\r\n\r\n", 400],
      ["TRACE / HTTP/1.1\r\nHost: a\r\n\r\n", 405],
      ["GET /admin/leads?q=%00 HTTP/1.1\r\nHost: a\r\n\r\n", 400],
      ["GET /admin/leads.csv?q=%00 HTTP/1.1\r\nHost: a\r\n\r\n", 400],
      ["GET /storage/v1/object/public/graphics/a%00b.png HTTP/1.1\r\nHost: a\r\n\r\n", 400],
      [
        "POST /auth/login.data HTTP/1.1\r\nHost: a\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 10\r\n\r\n--yy\r\nabcd",
        400,
      ],
      // A NUL in a sign-in field: no account matches (and the database is never asked).
      [
        "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 24\r\n\r\nemail=a%00b&password=xyz",
        401,
      ],
      // "//host/path" is one slash away from a page of this site, never another host.
      ["GET //evil.example/x HTTP/1.1\r\nHost: a\r\n\r\n", 301],
    ];
    for (const [request, expected] of cases) {
      expect(await rawStatus(server.port, request), request.split("\r\n")[0]).toBe(expected);
    }
    // An empty Host header is refused too (Node's parser may answer it before the site does).
    const empty = await rawStatus(server.port, "GET /contact HTTP/1.1\r\nHost: \r\n\r\n");
    expect(empty).toBeGreaterThanOrEqual(400);
    expect(empty).toBeLessThan(500);
    expect(server.running()).toBe(true);
    expect(stackFrames(server.logs().slice(before))).toEqual([]);
  });

  test("2,000 fuzzed requests (paths, escapes, methods, bodies) get no 5xx and leave no stack trace", async () => {
    test.setTimeout(120_000);
    const before = server.logs().length;
    // A small seeded generator: the same requests every run, so a failure can be replayed.
    let seed = 20261123;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const PATHS = [
      "/",
      "/about",
      "/contact",
      "/auth/login",
      "/admin/users",
      "/admin/leads",
      "/admin/leads.csv",
      "/admin/docs/new",
      "/admin/graphics",
      "/api/auth/sign-in/email",
      "/api/auth/get-session",
      "/api/session",
      "/mloe/x",
      "/services/managed-it",
      "/storage/v1/object/public/graphics/a.png",
      "/storage/v1/object/list/graphics",
      "/storage/v1/object/sign/graphics/a.png",
      "/sitemap.xml",
    ];
    const NOISE = [
      "%",
      "%zz",
      "%FF",
      "%C0%AF",
      "%2e%2e",
      "..",
      "//",
      "%00",
      "\\",
      "é",
      "%E2%80%AE",
      "x".repeat(3000),
      ";",
      "%25",
      "?",
      "#",
      ".data",
      "_root.data",
    ];
    const TYPES = [
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=zz",
      "multipart/form-data",
      "application/json",
      "text/plain",
      "application/octet-stream",
      "",
    ];
    const BODIES = [
      "",
      "a=1&b=2",
      "intent=reset-password&userId=%00",
      "email=%00&password=x",
      '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz--',
      "--yy\r\nbroken",
      '{"email":"a\\u0000b","password":"x"}',
      "{",
      "null",
      "[]",
      "\u0000\u0000",
      "%",
      "x=" + "%FF".repeat(100),
    ];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (let i = 0; i < 2000; i++) {
      let path = pick(PATHS);
      const cut = Math.floor(random() * (path.length + 1));
      if (random() < 0.7) path = path.slice(0, cut) + pick(NOISE) + path.slice(cut);
      if (random() < 0.3)
        path += `?${pick(["q", "page", "status", "redirectTo", "%zz"])}=${encodeURIComponent(pick(NOISE))}${random() < 0.3 ? "%00" : ""}`;
      const method = pick(["GET", "GET", "POST", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"]);
      const type = pick(TYPES);
      const headers: Record<string, string> = { "x-forwarded-for": randomClientAddress() };
      if (type) headers["content-type"] = type;
      if (random() < 0.2) headers.cookie = `better-auth.session_token=${pick(NOISE)}`;
      let response: Response;
      try {
        response = await fetch(`${server.url}${path.startsWith("/") ? path : `/${path}`}`, {
          method,
          headers,
          body: method === "GET" || method === "HEAD" ? undefined : pick(BODIES),
          redirect: "manual",
        });
        await response.arrayBuffer();
      } catch {
        continue; // the client itself refused to send it (an invalid URL or header)
      }
      sent++;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, `${method} ${path} (${type})`).toBeLessThan(500);
    }
    expect(sent).toBeGreaterThan(1500);
    expect(server.running()).toBe(true);
    expect(stackFrames(server.logs().slice(before))).toEqual([]);
    console.log(`fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  });

  test("a POST to a page without a form is a quiet 405 naming no internal route; an unexpected error is one log line with the request id", async () => {
    const before = server.logs().length;
    for (const path of ["/about", "/about.data", "/", "/_root.data", "/services/managed-it", "/no-such-page"]) {
      const response = await fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams({ x: "1" }) });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow"), path).toBe("GET, HEAD");
      const text = await response.text();
      expect(text, path).not.toMatch(/routes\/|action|route "/);
    }
    // Forms that exist still take writes (a wrong password is a 401, not a 405).
    const login = await fetch(`${server.url}/auth/login`, {
      method: "POST",
      headers: { "x-forwarded-for": randomClientAddress() },
      body: new URLSearchParams({ email: "nobody@crossroadsit.example", password: "Not-The-Password-11" }),
    });
    expect(login.status).toBe(401);
    expect(server.logs().slice(before)).not.toMatch(/Error|at /);

    const fault = await fetch(`${server.url}/__test/fault`);
    expect(fault.status).toBe(500);
    const requestId = fault.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => server.logs().slice(before))
      .toContain(`[request ${requestId}] GET /__test/fault failed: Error: Injected fault`);
    // Two lines carry the id: the error, and the request's own line (ADR 014) with its status.
    await expect.poll(() => server.logs().slice(before)).toContain(`[request ${requestId}] GET /__test/fault 500`);
    const lines = server.logs().slice(before).trim().split("\n");
    expect(lines.filter((l) => l.includes(requestId!))).toHaveLength(2);
    expect(lines.filter((l) => l.includes(requestId!) && l.includes(" ERROR "))).toHaveLength(1);
    expect(stackFrames(server.logs().slice(before))).toEqual([]);
  });

  test("huge bodies to sign-in are refused with 413 while streaming, and memory stays flat", async () => {
    test.setTimeout(60_000);
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) * 1024;
    const before = rss();
    const MiB = 1024 * 1024;
    /**
     * Streams `size` bytes with no Content-Length (chunked), as an attacker would. Resolves the
     * status, or "closed" when the server, having answered, closed the connection on the rest
     * (the client may then fail its write before it reads the 413).
     */
    const stream = (path: string, contentType: string, size: number) =>
      new Promise<number | "closed">((resolve) => {
        const request = http.request(`${server.url}${path}`, {
          method: "POST",
          headers: { "content-type": contentType, "x-forwarded-for": randomClientAddress() },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on("error", (error: NodeJS.ErrnoException) =>
          resolve(error.code === "EPIPE" || error.code === "ECONNRESET" ? "closed" : (error.code as never)),
        );
        const chunk = Buffer.alloc(64 * 1024, "a");
        let sent = 0;
        const pump = () => {
          while (sent < size) {
            sent += chunk.length;
            if (!request.write(chunk)) return void request.once("drain", pump);
          }
          request.end();
        };
        pump();
      });
    const targets: [string, string][] = [
      ["/api/auth/sign-in/email", "application/json"],
      ["/auth/login", "application/x-www-form-urlencoded"],
      ["/auth/login.data", "application/x-www-form-urlencoded"],
      ["/api/auth/sign-in/email", "application/json"],
    ];
    const statuses = await Promise.all(targets.map(([path, type]) => stream(path, type, 100 * MiB)));
    for (const status of statuses) expect([413, "closed"]).toContain(status);
    // Under the drain size the client always reads the 413 on a connection that stays usable.
    expect(await Promise.all(targets.map(([path, type]) => stream(path, type, 512 * 1024)))).toEqual([413, 413, 413, 413]);
    // A declared length over the limit is refused before any of it is read.
    const declared = await rawStatus(
      server.port,
      "POST /auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 419430400\r\n\r\nemail=a",
    );
    expect(declared).toBe(413);
    // 400 MiB were sent in all; the server kept almost none of it.
    expect(rss() - before).toBeLessThan(64 * MiB);
    expect(server.running()).toBe(true);
  });
});

test("sign-in during a database outage answers 503 with a message on the form", async ({ browser }) => {
  test.setTimeout(120_000);
  let pg: TestPostgres | undefined;
  let server: ServerProcess | undefined;
  const user = { email: "outage@crossroadsit.example", password: "Green-Valley-Kettle-17" };
  try {
    pg = await startTestPostgres();
    server = await startServerProcess({ DATABASE_URL: pg.url });
    execFileSync("npx", ["tsx", "scripts/user-create.ts", "--email", user.email, "--password", user.password], {
      env: { ...process.env, DATABASE_URL: pg.url, NODE_ENV: "production" },
      stdio: "pipe",
    });
    // Someone signed in earlier: the browser still holds the session cookie when the database goes.
    const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
    const page = await context.newPage();
    // A private page: this server runs without the build's tag manager, which a public page would load.
    await signIn(page, user, { to: "/account" });
    await pg.stop();
    const before = server.logs().length;

    // The sign-in page still opens, and signing in says to retry, with the e-mail kept.
    await page.goto("/auth/login");
    await hydrated(page);
    await submitSignIn(page, user);
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("We could not sign you in just now. Try again in a minute.");
    await expect(alert).toBeFocused();
    await expect(page.getByLabel("E-mail address")).toHaveValue(user.email);
    await expect(page.locator("body")).not.toContainText("Unexpected Server Error");

    // Without JavaScript: 503 and the form again, with the message.
    const plain = await page.request.post("/auth/login", { form: user, maxRedirects: 0 });
    expect(plain.status()).toBe(503);
    const html = await plain.text();
    expect(html).toContain("We could not sign you in just now. Try again in a minute.");
    expect(html).toContain(`value="${user.email}"`);

    // A protected page says "unavailable" (503), not 500.
    expect((await page.request.get("/admin/users", { maxRedirects: 0 })).status()).toBe(503);
    await context.close();
    expect(stackFrames(server.logs().slice(before))).toEqual([]);
  } finally {
    await server?.stop();
    await pg?.stop();
  }
});

test("admin answers carrying personal data are never cached (private, no-store)", async ({ page, request }) => {
  expect((await request.get("/auth/login")).headers()["cache-control"]).toBe("private, no-store");
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientAddress() });
  await signIn(page, E2E_USERS.admin);
  const paths = [
    "/admin/leads",
    "/admin/leads.data",
    "/admin/leads.csv",
    "/admin/users",
    "/admin/users.data",
    "/admin/docs",
    "/admin/graphics",
  ];
  // A lead's page, when there is one; an unknown lead's 404 page is private too.
  const leadLinks = page.locator('a[href^="/admin/leads/"]');
  const firstLead = (await leadLinks.count()) > 0 ? await leadLinks.first().getAttribute("href") : null;
  paths.push(firstLead ?? "/admin/leads/00000000-0000-4000-8000-000000000000", "/admin/leads/00000000-0000-4000-8000-000000000000");
  for (const path of paths) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  // A write's answer too.
  const write = await page.request.post("/admin/users", { form: { intent: "nothing" }, headers: { origin: E2E_ORIGIN } });
  expect(write.headers()["cache-control"]).toBe("private, no-store");
});
