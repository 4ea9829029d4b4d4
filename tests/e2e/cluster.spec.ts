/**
 * Several hosts (docs/requirements/operations.md#data-and-deployment): two server processes on two ports, one
 * PostgreSQL, nginx in front (round robin, no sticky sessions; tests/e2e/nginx.ts) and a real
 * SMTP listener. A session and a graphic made through one process work through the other; the
 * sign-in and contact limits are shared; 200 leads make 200 rows and 200 e-mails; a process
 * killed mid-run loses no lead it answered as stored; a rolling restart under load fails no
 * request; /readyz turns 503 on SIGTERM and while the database is away.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";
import sharp from "sharp";

import { ACCOUNT_FAILURE_LIMIT } from "../../app/auth/config";
import { startTestPostgres, type TestPostgres } from "../../scripts/pg/test-server";
import { startSmtp } from "../smtp";
import { totp } from "../two-factor";
import { E2E_AUTH_SECRET, E2E_PORT, E2E_USERS } from "./config";
import { expect, test } from "./fixtures";
import { nextAddress, randomClientAddress, runConcurrently } from "./helpers";
import { runMarker, VALID } from "./leads-helpers";
import { childrenOf, startNginx, type Nginx } from "./nginx";
import { startServerProcess, type ServerProcess } from "./server-process";

const run = promisify(execFile);
/** Contact submissions one address may make per window (app/leads/rate-limit.server.ts). */
const CONTACT_MAX_SUBMISSIONS = 5;
const PORTS = { nginx: E2E_PORT + 1, a: E2E_PORT + 2, b: E2E_PORT + 3 } as const;
type Name = "a" | "b";
/** nginx leaves a process that refused a connection alone this long (5 s in the documented example). */
const FAIL_TIMEOUT_SECONDS = 2;

test.describe.configure({ mode: "serial", timeout: 60_000 });

let postgres: TestPostgres;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let nginx: Nginx;
let seedDir: string;
const servers: Partial<Record<Name, ServerProcess>> = {};
const server = (name: Name) => servers[name]!;

function serverEnv(): Record<string, string> {
  return {
    DATABASE_URL: postgres.url,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SALES_EMAIL: "sales@crossroadsit.example",
    SUPER_ADMIN_EMAIL: E2E_USERS.admin.email,
    // A dead process's claimed leads go to the other after 3 s (default 5 minutes).
    OUTBOX_LEASE_SECONDS: "3",
  };
}

const start = async (name: Name) => (servers[name] = await startServerProcess({ ...serverEnv(), PORT: String(PORTS[name]) }));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [postgres, smtp] = await Promise.all([startTestPostgres(), startSmtp()]);
  // The browser tests' accounts (administrators with two-factor sign-in) in this database.
  seedDir = mkdtempSync(path.join(tmpdir(), "crossroads-cluster-seed-"));
  await run(process.execPath, ["--import", "tsx", "tests/e2e/seed.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATABASE_URL: postgres.url,
      DATA_DIR: seedDir,
      BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
    },
  });
  // Both start at once: the migrations run under the advisory lock (already applied by the seed).
  await Promise.all([start("a"), start("b")]);
  nginx = await startNginx(PORTS.nginx, [`127.0.0.1:${PORTS.a}`, `127.0.0.1:${PORTS.b}`], FAIL_TIMEOUT_SECONDS);
});

test.afterAll(async () => {
  await nginx?.stop();
  await Promise.all([servers.a?.stop(), servers.b?.stop()]);
  await postgres?.stop();
  await smtp?.close();
  if (seedDir) rmSync(seedDir, { recursive: true, force: true });
});

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const storedLeads = async (marker: string) =>
  await query<{ id: string; company: string }>("select id, company from leads where company like $1", [`${marker} #%`]);

/** How many sales e-mails each lead id got so far (X-Lead-Id of every message received). */
function mailsPerLead(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of smtp.received) {
    const id = /^X-Lead-Id: (\S+)/im.exec(message)?.[1];
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** One contact-form submission; its status, or 0 when the connection failed. */
async function submitLead(base: string, company: string, address = nextAddress()): Promise<number> {
  try {
    const response = await fetch(`${base}/contact`, {
      method: "POST",
      // A connection of its own, as each visitor has (not one kept alive to an nginx worker that reloads).
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address, connection: "close" },
      body: new URLSearchParams({ ...VALID, company }),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

test("a session made through one process works through the other; a graphic uploaded through one is served by the other", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const address = randomClientAddress();
  const user = E2E_USERS.admin;
  // The password on A, the code on B (cookies are per host, not per port: one jar for both).
  const signIn = await context.request.post(`${server("a").url}/api/auth/sign-in/email`, {
    headers: { "x-forwarded-for": address, origin: server("a").url },
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(200);
  expect(((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  const secret = (JSON.parse(readFileSync(path.join(seedDir, "totp-secrets.json"), "utf8")) as Record<string, string>)[user.email];
  const verify = await context.request.post(`${server("b").url}/api/auth/two-factor/verify-totp`, {
    headers: { "x-forwarded-for": address, origin: server("b").url },
    data: { code: totp(secret) },
  });
  expect(verify.status()).toBe(200);

  const page = await context.newPage();
  await page.goto(`${server("a").url}/admin/leads`);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await page.goto(`${server("b").url}/admin/graphics`);
  await expect(page.getByRole("heading", { level: 1, name: "Graphics" })).toBeVisible();

  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1a3d6e" } })
    .png()
    .toBuffer();
  const name = `${runMarker("cluster")}/logo.png`;
  const upload = await page.request.post(`${server("b").url}/storage/v1/object/graphics/${name}`, {
    headers: { origin: server("b").url },
    data: png,
  });
  expect(upload.status()).toBe(200);
  for (const base of [server("a").url, nginx.url]) {
    const served = await fetch(`${base}/storage/v1/object/public/graphics/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  }
  await context.close();
});

test("the sign-in throttle and the contact-form limit count across both processes", async () => {
  const signIn = (name: Name, email: string) =>
    fetch(`${server(name).url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server(name).url, "x-forwarded-for": randomClientAddress() },
      body: JSON.stringify({ email, password: "Not-The-Right-One-2718" }),
    });
  const email = `guessed-${Date.now()}@crossroadsit.example`;
  for (let attempt = 1; attempt <= ACCOUNT_FAILURE_LIMIT; attempt++) {
    expect((await signIn(attempt % 2 ? "a" : "b", email)).status, `attempt ${attempt}`).toBe(401);
  }
  for (const name of ["a", "b"] as const) expect((await signIn(name, email)).status).toBe(429);

  const address = nextAddress();
  const marker = runMarker("limit");
  for (let i = 0; i < CONTACT_MAX_SUBMISSIONS; i++) {
    expect(await submitLead(server(i % 2 ? "a" : "b").url, `${marker} #${i}`, address), `submission ${i + 1}`).toBe(200);
  }
  for (const name of ["a", "b"] as const) expect(await submitLead(server(name).url, `${marker} #${name}`, address)).toBe(429);
  expect(await storedLeads(marker)).toHaveLength(CONTACT_MAX_SUBMISSIONS);
});

test("200 leads submitted through nginx to both processes make 200 rows and exactly 200 sales e-mails", async () => {
  const marker = runMarker("cluster");
  const statuses = await runConcurrently(200, 10, (i) => submitLead(nginx.url, `${marker} #${i}`));
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const stored = await storedLeads(marker);
  expect(stored).toHaveLength(200);
  const ids = stored.map((l) => l.id);
  await expect.poll(() => ids.filter((id) => mailsPerLead().has(id)).length, { timeout: 30_000 }).toBe(200);
  await sleep(1000); // nothing more arrives
  expect(ids.reduce((sum, id) => sum + (mailsPerLead().get(id) ?? 0), 0)).toBe(200);
  expect(server("a").logs() + server("b").logs()).not.toMatch(/Lead notification .* failed/);
});

test("a process killed mid-run (SIGKILL) loses no lead it answered as stored; the survivor sends its e-mails", async () => {
  const marker = runMarker("killed");
  let answered = 0;
  const killed = (async () => {
    while (answered < 20) await sleep(10);
    return server("b").kill("SIGKILL");
  })();
  const statuses = await runConcurrently(60, 6, async (i) => {
    const status = await submitLead(nginx.url, `${marker} #${i}`);
    answered++;
    return status;
  });
  expect(await killed).toBeNull();
  console.log(`SIGKILL mid-run: ${statuses.filter((st) => st !== 200).length} of ${statuses.length} submissions not answered as stored`);
  const stored = await storedLeads(marker);
  const storedCompanies = new Set(stored.map((l) => l.company));
  const answeredStored = statuses.flatMap((s, i) => (s === 200 ? [`${marker} #${i}`] : []));
  // Only a submission in flight on the killed process can fail (nginx does not resend a POST).
  expect(statuses.filter((s) => s !== 200).length).toBeLessThanOrEqual(6);
  expect(answeredStored.filter((company) => !storedCompanies.has(company))).toEqual([]);
  // Every stored lead gets its e-mail, those the killed process had claimed once their lease ends;
  // only a send under way at the kill may go out twice.
  const ids = stored.map((l) => l.id);
  await expect.poll(() => ids.filter((id) => !mailsPerLead().has(id)).length, { timeout: 30_000 }).toBe(0);
  expect(ids.filter((id) => (mailsPerLead().get(id) ?? 0) > 1).length).toBeLessThanOrEqual(1);
  await server("b").stop();
  await start("b");
});

test("a rolling restart (drain in nginx, SIGTERM, start again, wait for /readyz, back in nginx) under steady load fails no request and loses no lead", async () => {
  test.setTimeout(90_000);
  const marker = runMarker("rolling");
  const failures: string[] = [];
  let requests = 0;
  let stopping = false;
  const leadStatuses: number[] = [];
  const poster = async () => {
    while (!stopping) {
      const i = leadStatuses.length;
      leadStatuses.push(-1);
      const status = await submitLead(nginx.url, `${marker} #${i}`);
      leadStatuses[i] = status;
      requests++;
      if (status !== 200) failures.push(`POST /contact: ${status}`);
      await sleep(20);
    }
  };
  const viewer = async (paths: string[]) => {
    for (let i = 0; !stopping; i++) {
      const to = paths[i % paths.length];
      try {
        const response = await fetch(`${nginx.url}${to}`, { headers: { "x-forwarded-for": nextAddress(), connection: "close" } });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`GET ${to}: ${response.status}`);
      } catch (error) {
        failures.push(`GET ${to}: ${error instanceof Error ? error.message : error}`);
      }
      requests++;
    }
  };
  const load = Promise.all([poster(), poster(), viewer(["/auth/login", "/contact"]), viewer(["/", "/services", "/auth/login"])]);

  await sleep(1000);
  for (const name of ["a", "b"] as const) {
    // Drained at the balancer first (`down`, nginx -s reload): open-source nginx does not poll
    // /readyz, and a connection still queued in the kernel when a process closes its listener
    // is reset, which nginx cannot safely retry for a POST.
    await nginx.setDown([`127.0.0.1:${PORTS[name]}`]);
    const exit = server(name).kill("SIGTERM");
    expect(await exit, `${name} exits 0 after SIGTERM`).toBe(0);
    expect(server(name).logs()).toContain("Stopped (every request finished; exit 0)");
    await server(name).stop();
    await start(name);
    await expect.poll(async () => (await fetch(`${server(name).url}/readyz`)).status).toBe(200);
    await nginx.setDown([]);
  }
  stopping = true;
  await load;

  console.log(`rolling restart: ${requests} requests, ${failures.length} failed, ${leadStatuses.filter((st) => st === 200).length} leads`);
  expect(failures, `nginx's error log:\n${nginx.errorLog()}`).toEqual([]);
  expect(requests).toBeGreaterThan(100);
  const stored = await storedLeads(marker);
  expect(stored).toHaveLength(leadStatuses.filter((s) => s === 200).length);
  const ids = stored.map((l) => l.id);
  await expect.poll(() => ids.filter((id) => !mailsPerLead().has(id)).length, { timeout: 30_000 }).toBe(0);
  expect(ids.filter((id) => (mailsPerLead().get(id) ?? 0) !== 1)).toEqual([]);
});

test("WEB_CONCURRENCY=2: two workers share one port, a killed worker is replaced, SIGTERM stops them all with exit 0; PGlite refuses two", async () => {
  const c = await startServerProcess({ ...serverEnv(), WEB_CONCURRENCY: "2" });
  try {
    await expect.poll(() => childrenOf(c.pid).length).toBe(2);
    await expect.poll(() => c.logs().match(/Listening on/g)?.length ?? 0).toBe(2);
    const [victim] = childrenOf(c.pid);
    process.kill(victim, "SIGKILL");
    // Once the primary knows (a connection it hands to a worker at the instant that worker dies is
    // lost: node:cluster's round robin), the other worker serves, on a new connection.
    await expect.poll(() => c.logs()).toContain(`Worker ${victim} was killed by SIGKILL`);
    expect((await get(`${c.url}/auth/login`)).status).toBe(200);
    await expect.poll(() => childrenOf(c.pid).filter((pid) => pid !== victim).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(async () => (await get(`${c.url}/readyz`)).status).toBe(200);
    expect(await c.kill("SIGTERM")).toBe(0);
    expect(c.logs()).toContain("All workers stopped; exit 0");
  } finally {
    await c.stop(); // also when an expectation failed: no process left behind
  }

  const refused = await startServerProcess({ WEB_CONCURRENCY: "2" }).then(
    async (p) => {
      await p.stop();
      return "started";
    },
    (error: Error) => error.message,
  );
  expect(refused).toContain("The server exited with 1");
  expect(refused).toContain("the embedded database (no DATABASE_URL) allows one server process");
});

/** GET on a connection of its own: the status, the Connection header and the body. */
function get(url: string): Promise<{ status: number; connection: string | undefined; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent: false, timeout: 10_000 }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, headers: res.headers }));
    })
      .on("error", reject)
      .on("timeout", () => reject(new Error(`GET ${url}: no answer within 10 s`)))
      .end();
  });
}

test("/readyz answers 503 from SIGTERM on while requests are still served, and while the database is unreachable; /healthz stays 200", async () => {
  const c = await startServerProcess({ ...serverEnv(), SHUTDOWN_DELAY_SECONDS: "1" });
  try {
    const ready = await get(`${c.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.headers["x-content-type-options"]).toBe("nosniff");

    const exit = c.kill("SIGTERM");
    await expect.poll(async () => (await get(`${c.url}/readyz`)).status).toBe(503);
    expect(JSON.parse((await get(`${c.url}/readyz`)).body)).toEqual({ status: "unavailable", reason: "shutting down" });
    expect((await get(`${c.url}/healthz`)).status).toBe(200);
    const page = await get(`${c.url}/auth/login`);
    expect(page.status).toBe(200);
    expect(page.connection).toBe("close");
    expect(await exit).toBe(0);
  } finally {
    await c.stop(); // also when an expectation failed: no process left behind
  }

  await postgres.stop();
  const down = await get(`${server("a").url}/readyz`);
  expect(down.status).toBe(503);
  expect(JSON.parse(down.body)).toEqual({ status: "unavailable", reason: "database unreachable" });
  expect((await get(`${server("a").url}/healthz`)).status).toBe(200);
  expect(server("a").logs()).toContain("Readiness: not ready, database unreachable");
});
