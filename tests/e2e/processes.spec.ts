/**
 * Security properties that only show with real server processes: two processes behind one
 * PostgreSQL share the sign-in failure throttle and session revocation; cookies are Secure on a
 * production host that is not loopback; no password or session token reaches the logs.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { ACCOUNT_FAILURE_LIMIT } from "../../app/auth/config";
import { startTestPostgres, type TestPostgres } from "../../scripts/pg/test-server";
import { E2E_SITE_URL } from "./config";
import { expect, test } from "./fixtures";
import { randomClientAddress } from "./helpers";
import { startServerProcess, type ServerProcess } from "./server-process";

const run = promisify(execFile);
const USER = { email: "night-shift@crossroadsit.example", password: "Amber-Lighthouse-Orbit-93" };
const WRONG_PASSWORD = "Not-The-Right-One-2718";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let postgres: TestPostgres;
let first: ServerProcess;
let second: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startTestPostgres();
  // The first process applies the migrations; then the account is created with the project's command.
  first = await startServerProcess({ DATABASE_URL: postgres.url });
  await run(process.execPath, ["--import", "tsx", "scripts/user-create.ts", "--email", USER.email, "--password", USER.password], {
    env: { ...process.env, DATABASE_URL: postgres.url, NODE_ENV: "production" },
  });
  second = await startServerProcess({ DATABASE_URL: postgres.url });
});

test.afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await postgres?.stop();
});

function signIn(server: ServerProcess, password: string, address: string, origin = server.url, email: string = USER.email) {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-for": address },
    body: JSON.stringify({ email, password }),
  });
}

function signOut(server: ServerProcess, cookie: string) {
  return fetch(`${server.url}/api/auth/sign-out`, {
    method: "POST",
    headers: { cookie, origin: server.url, "content-type": "application/json" },
    body: "{}",
  });
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

test("the 11th wrong password for one account is refused with 429 across two server processes, whatever its address", async () => {
  const email = `guessed-${Date.now()}@crossroadsit.example`;
  for (let attempt = 1; attempt <= ACCOUNT_FAILURE_LIMIT; attempt++) {
    const server = attempt % 2 ? first : second;
    const response = await signIn(server, WRONG_PASSWORD, randomClientAddress(), server.url, email);
    expect(response.status, `attempt ${attempt} on ${server.port}`).toBe(401);
  }
  // Both processes now refuse this account, whichever counted the failures.
  for (const server of [first, second]) {
    const response = await signIn(server, WRONG_PASSWORD, randomClientAddress(), server.url, email);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("x-retry-after"))).toBeGreaterThan(0);
  }
  // Another account from any address is not affected.
  expect((await signIn(second, USER.password, randomClientAddress())).status).toBe(200);
});

test("a session signed out on one process is refused by the other at its next request", async () => {
  const response = await signIn(first, USER.password, randomClientAddress());
  expect(response.status).toBe(200);
  const cookie = sessionCookie(response);
  const viewer = async (server: ServerProcess) =>
    (await (await fetch(`${server.url}/api/session`, { headers: { cookie } })).json()) as { user: { email: string } | null };
  expect((await viewer(second)).user?.email).toBe(USER.email);

  const out = await signOut(second, cookie);
  expect(out.status).toBe(200);
  expect((await viewer(first)).user).toBeNull();
  const admin = await fetch(`${first.url}/admin/docs`, { headers: { cookie }, redirect: "manual" });
  expect(admin.status).toBe(302);
});

test("session cookies are httpOnly and SameSite=Lax; Secure on a production host that is not loopback", async () => {
  const loopback = await signIn(first, USER.password, randomClientAddress());
  const [plain] = loopback.headers.getSetCookie().filter((c) => /session_token=/.test(c));
  expect(plain).toMatch(/HttpOnly/i);
  expect(plain).toMatch(/SameSite=Lax/i);
  // A test server on plain http (SECURE_COOKIES=0): the cookie must work without TLS.
  expect(plain).not.toMatch(/;\s*Secure/i);

  // SECURE_COOKIES unset: the server decides, and a production host that is not loopback is Secure.
  const exposed = await startServerProcess({ DATABASE_URL: postgres.url, HOST: "0.0.0.0", SECURE_COOKIES: "" });
  try {
    const response = await signIn(exposed, USER.password, randomClientAddress(), new URL(E2E_SITE_URL).origin);
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie().filter((c) => /session_token=/.test(c));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }
    // Off loopback only SITE_URL's origin may post: the server's own address is not trusted.
    expect((await signIn(exposed, USER.password, randomClientAddress(), exposed.url)).status).toBe(403);
  } finally {
    await exposed.stop();
  }
});

test("no password or session token appears in any log line", async () => {
  const address = randomClientAddress();
  const ok = await signIn(first, USER.password, address);
  const cookie = sessionCookie(ok);
  const token = decodeURIComponent(cookie.split("=")[1] ?? "");
  expect(token.length).toBeGreaterThan(20);
  await signIn(second, WRONG_PASSWORD, address);
  await fetch(`${second.url}/api/session`, { headers: { cookie } });
  await fetch(`${first.url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: first.url, "x-forwarded-for": randomClientAddress() },
    body: new URLSearchParams({ email: USER.email, password: WRONG_PASSWORD }),
    redirect: "manual",
  });
  await signOut(first, cookie);

  const logs = first.logs() + second.logs();
  expect(logs).toContain("Listening on"); // the logs were captured
  for (const secret of [USER.password, WRONG_PASSWORD, token, token.split(".")[0]]) {
    expect(logs).not.toContain(secret);
  }
});
