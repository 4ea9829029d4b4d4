/**
 * Sign-in throttling that counts failures, not people (docs/requirements/accounts.md#sign-in-throttling), and
 * the sign-in entries of the audit log, on both databases. On PostgreSQL the attempts are spread over
 * two real server processes sharing the database (tests/integration/auth-process.ts); on PGlite,
 * which one process opens by design, over two auth instances on the same database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { createAuth } from "~/auth/auth.server";
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  CLIENT_IP_HEADER,
  THROTTLE_PAUSE_SECONDS,
  THROTTLE_WINDOW_SECONDS,
} from "~/auth/config";
import { accountKey, addressKey, CODE_ALREADY_USED, pruneThrottle, SIGN_IN_PAUSED } from "~/auth/throttle.server";
import { createStaffUser } from "~/auth/users.server";
import { auditLog, authThrottle, user } from "~/db/schema.server";
import { env } from "~/env.server";
import type { AppServices } from "~/services.server";

import { totp, turnOnTwoFactor, unusedCode } from "../two-factor";
import { backends, cookieOf, loadContext, openFreshDatabase } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";
const WRONG = "Wrong-Password-Guess-99";

/** One server process (or auth instance): takes a path, headers and a JSON body. */
type Caller = (path: string, headers: Record<string, string>, body: unknown) => Promise<Response>;

function viaHandler(handler: (request: Request) => Promise<Response>): Caller {
  return (to, headers, body) =>
    handler(
      new Request(`${ORIGIN}/api/auth${to}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
        body: JSON.stringify(body),
      }),
    );
}

interface Spawned {
  caller: Caller;
  stop: () => Promise<void>;
}

/** A real server process on the PostgreSQL test database. */
function spawnProcess(databaseUrl: string): Promise<Spawned> {
  const root = path.resolve(import.meta.dirname, "../..");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/integration/auth-process.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The auth process did not start:\n${output}`)), 45_000);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const port = /ready (\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      const base = `http://127.0.0.1:${port}`;
      resolve({
        caller: (to, headers, body) =>
          fetch(`${base}/api/auth${to}`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
            body: JSON.stringify(body),
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => reject(new Error(`The auth process exited with ${code}:\n${output}`)));
  });
}

/** Accounts of the tests of attempts sent at the same moment and of known browsers, one each. */
const RACE = {
  passwords: "race-passwords@crossroadsit.example",
  rightPassword: "race-right-password@crossroadsit.example",
  codes: "race-codes@crossroadsit.example",
  rightCode: "race-right-code@crossroadsit.example",
  known: "known-browser@crossroadsit.example",
  other: "other-browser@crossroadsit.example",
};

/** The name=value of the known-browser cookie a response set (docs/requirements/accounts.md#sign-in-throttling). */
const knownBrowserCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("known_browser="));

const ip = (n: number) => `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const signIn = (caller: Caller, email: string, password: string, address: string, cookie?: string) =>
  caller("/sign-in/email", { [CLIENT_IP_HEADER]: address, ...(cookie ? { cookie } : {}) }, { email, password });

async function throttleRow(key: string) {
  const [row] = await (await loadContext()).services.db.select().from(authThrottle).where(eq(authThrottle.key, key));
  return row;
}

/** Moves a pause and its window 15 minutes (and a second) into the past: what the clock would do. */
async function letTimePass(key: string) {
  const past = Date.now() - Math.max(THROTTLE_WINDOW_SECONDS, THROTTLE_PAUSE_SECONDS) * 1000 - 1000;
  const { db } = (await loadContext()).services;
  await db
    .update(authThrottle)
    .set({ windowStart: past, lockedUntil: sql`case when ${authThrottle.lockedUntil} is null then null else ${past}::bigint end` })
    .where(eq(authThrottle.key, key));
}

async function accountByEmail(email: string) {
  const [row] = await (await loadContext()).services.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

async function auditOf(email: string) {
  return (await loadContext()).services.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.actorEmail} = ${email} or ${auditLog.targetEmail} = ${email}`)
    .orderBy(desc(auditLog.at));
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`sign-in throttling on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    let processes: Spawned[] = [];
    /** Two server processes (PostgreSQL) or two auth instances on one database (PGlite). */
    let servers: [Caller, Caller];
    const office = Array.from({ length: 20 }, (_, i) => `office-${i + 1}@crossroadsit.example`);
    const target = "payroll@crossroadsit.example";

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "throttle");
      ({ services } = await loadContext());
      for (const email of [...office, target, "second@crossroadsit.example", "coder@crossroadsit.example", ...Object.values(RACE)])
        await createStaffUser((await loadContext()).services, { email, password: PASSWORD });
      if (backend.name === "PostgreSQL 15") {
        processes = [await spawnProcess(inject("pgUrl")), await spawnProcess(inject("pgUrl"))];
        servers = [processes[0].caller, processes[1].caller];
      } else {
        const db = services.db;
        servers = [viaHandler(createAuth(db, env()).handler), viaHandler(createAuth(db, env()).handler)];
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await closeFresh();
    });

    it("lets twenty people behind one office address sign in within a minute, and counts none of them", async () => {
      const statuses: number[] = [];
      for (const [i, email] of office.entries()) statuses.push((await signIn(servers[i % 2], email, PASSWORD, "203.0.113.10")).status);
      expect(statuses).toEqual(Array(20).fill(200));
      expect(await throttleRow(addressKey("203.0.113.10"))).toBeUndefined();
      expect(await throttleRow(accountKey(office[0]))).toBeUndefined();
      // Each success is in the audit log, with who signed in and from where.
      const [entry] = await auditOf(office[0]);
      expect(entry).toMatchObject({
        event: "sign-in",
        outcome: "success",
        actorEmail: office[0],
        ipAddress: "203.0.113.10",
        detail: "password only",
      });
    });

    it("stops a guessing run against one account after 10 failures, whatever addresses it comes from, even with the right password", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await signIn(servers[i % 2], target, WRONG, ip(i))).status);
      expect(statuses).toEqual([...Array(ACCOUNT_FAILURE_LIMIT).fill(401), 429, 429]);
      for (const server of servers) {
        const right = await signIn(server, target, PASSWORD, ip(99));
        expect(right.status).toBe(429);
        expect(right.headers.getSetCookie()).toEqual([]);
        const retry = Number(right.headers.get("x-retry-after"));
        expect(retry).toBeGreaterThan(THROTTLE_PAUSE_SECONDS - 60);
        expect(retry).toBeLessThanOrEqual(THROTTLE_PAUSE_SECONDS);
        expect((await right.json()).code).toBe(SIGN_IN_PAUSED);
      }
      // Refused attempts were not counted as failures: exactly the ten that were checked.
      expect((await throttleRow(accountKey(target))).failures).toBe(ACCOUNT_FAILURE_LIMIT);
      // Another account from the same addresses is not affected.
      expect((await signIn(servers[0], "second@crossroadsit.example", PASSWORD, ip(3))).status).toBe(200);

      const log = await auditOf(target);
      expect(log.filter((e) => e.event === "sign-in" && e.outcome === "failure")).toHaveLength(ACCOUNT_FAILURE_LIMIT);
      expect(log.filter((e) => e.event === "sign-in-throttled" && e.outcome === "failure")).toHaveLength(1);
      expect(log.filter((e) => e.event === "sign-in-throttled" && e.outcome === "refused")).toHaveLength(4);
      expect(log.every((e) => !JSON.stringify(e).includes(WRONG) && !JSON.stringify(e).includes(PASSWORD))).toBe(true);
    });

    it("answers a paused unknown e-mail exactly like a paused real account", async () => {
      const unknown = "nobody-here@crossroadsit.example";
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await signIn(servers[i % 2], unknown, WRONG, ip(100 + i))).status).toBe(401);
      const a = await signIn(servers[0], unknown, PASSWORD, ip(120));
      const b = await signIn(servers[0], target, PASSWORD, ip(121));
      expect(a.status).toBe(429);
      expect(b.status).toBe(429);
      // The same answer; only the time left differs, as each pause started at its own time.
      const [bodyA, bodyB] = [await a.json(), await b.json()];
      expect({ ...bodyA, retryAfter: 0 }).toEqual({ ...bodyB, retryAfter: 0 });
      expect(bodyA.retryAfter).toBe(Number(a.headers.get("x-retry-after")));
      expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());
      // Nothing typed for the unknown account is kept in the audit log.
      const db = services.db;
      expect(await db.select().from(auditLog).where(like(auditLog.targetEmail, "nobody-here%"))).toEqual([]);
    });

    it("lets the account sign in again once the 15-minute pause is over", async () => {
      await letTimePass(accountKey(target));
      const response = await signIn(servers[1], target, PASSWORD, ip(7));
      expect(response.status).toBe(200);
      // A new window: one new failure counts as the first.
      expect((await signIn(servers[0], target, WRONG, ip(8))).status).toBe(401);
      expect((await throttleRow(accountKey(target))).failures).toBe(1);
    });

    it("pauses an address after 50 failures across many accounts, and only that address", async () => {
      const address = "192.0.2.50";
      for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
        expect((await signIn(servers[i % 2], `guess-${i}@crossroadsit.example`, WRONG, address)).status, `attempt ${i + 1}`).toBe(401);
      const refused = await signIn(servers[1], office[5], PASSWORD, address);
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe(SIGN_IN_PAUSED);
      expect((await signIn(servers[0], office[5], PASSWORD, "192.0.2.51")).status).toBe(200);
      const throttled = (await services.db.select().from(auditLog).where(eq(auditLog.event, "sign-in-throttled"))).filter(
        (e) => e.ipAddress === address && e.outcome === "failure",
      );
      expect(throttled).toHaveLength(1);
      expect(throttled[0].detail).toMatch(/^address paused/);
    }, 60_000);

    it("counts concurrent failures exactly, across both processes", async () => {
      const address = "192.0.2.77";
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(servers[i % 2], `parallel-${i}@crossroadsit.example`, WRONG, address)),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(30).fill(401));
      expect((await throttleRow(addressKey(address))).failures).toBe(30);

      // Thirty at once against one account: every attempt checked is counted; the rest are refused.
      const account = office[10];
      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(servers[i % 2], account, WRONG, ip(200 + i))));
      const checked = burst.filter((r) => r.status === 401).length;
      expect(checked + burst.filter((r) => r.status === 429).length).toBe(30);
      expect(checked).toBe(ACCOUNT_FAILURE_LIMIT);
      expect((await throttleRow(accountKey(account))).failures).toBe(checked);
      expect((await signIn(servers[0], account, PASSWORD, ip(240))).status).toBe(429);
    });

    it("counts wrong two-factor codes for the account and the address, and refuses a code while paused", async () => {
      const email = "coder@crossroadsit.example";
      const session = cookieOf(await signIn(servers[0], email, PASSWORD, ip(300)));
      const { secret, backupCodes } = await turnOnTwoFactor(services.auth, session, PASSWORD);

      // The password now leads to the code step (no session yet), which is not a sign-in in the log.
      const step = await signIn(servers[1], email, PASSWORD, ip(301));
      expect(await step.json()).toMatchObject({ twoFactorRedirect: true });
      const challenge = cookieOf(step);
      const before = (await auditOf(email)).length;
      for (let i = 0; i < 3; i++) {
        const wrong = await servers[i % 2](
          "/two-factor/verify-totp",
          { cookie: challenge, [CLIENT_IP_HEADER]: ip(301) },
          { code: "000000" },
        );
        expect(wrong.status).toBe(401);
      }
      expect((await throttleRow(accountKey(email))).failures).toBe(3);
      expect((await throttleRow(addressKey(ip(301)))).failures).toBe(3);
      const log = await auditOf(email);
      expect(log.length - before).toBe(3);
      expect(log.slice(0, 3).map((e) => [e.event, e.outcome, e.detail])).toEqual(Array(3).fill(["sign-in", "failure", "code"]));

      // While the account is paused, even the right code is refused without being checked.
      const db = services.db;
      await db
        .update(authThrottle)
        .set({ lockedUntil: Date.now() + 60_000 })
        .where(eq(authThrottle.key, accountKey(email)));
      const paused = await servers[0](
        "/two-factor/verify-totp",
        { cookie: challenge, [CLIENT_IP_HEADER]: ip(302) },
        { code: totp(secret) },
      );
      expect(paused.status).toBe(429);
      expect((await paused.json()).code).toBe(SIGN_IN_PAUSED);

      await letTimePass(accountKey(email));
      const right = await servers[1](
        "/two-factor/verify-totp",
        { cookie: challenge, [CLIENT_IP_HEADER]: ip(302) },
        { code: await unusedCode(secret) },
      );
      expect(right.status).toBe(200);
      const [latest] = await auditOf(email);
      expect(latest).toMatchObject({ event: "sign-in", outcome: "success", actorEmail: email, detail: "password and authenticator code" });

      // A backup code signs in once, and the log says one was used.
      const again = cookieOf(await signIn(servers[0], email, PASSWORD, ip(303)));
      const backup = await servers[1](
        "/two-factor/verify-backup-code",
        { cookie: again, [CLIENT_IP_HEADER]: ip(303) },
        { code: backupCodes[0] },
      );
      expect(backup.status).toBe(200);
      const recent = (await auditOf(email)).slice(0, 2).map((e) => `${e.event} ${e.detail ?? ""}`.trim());
      expect(recent.sort()).toEqual(["backup-code-used", "sign-in password and backup code"]);
      expect(JSON.stringify(await auditOf(email))).not.toContain(backupCodes[0]);
    });

    it("accepts each authenticator code once, whichever process it reaches, and counts a replay as a failure", async () => {
      const email = office[3];
      const session = cookieOf(await signIn(servers[0], email, PASSWORD, ip(500)));
      const { secret } = await turnOnTwoFactor(services.auth, session, PASSWORD);

      // The same fresh code sent on two sign-ins at once, one through each process: one gets in.
      const challenges = await Promise.all([0, 1].map(async (i) => cookieOf(await signIn(servers[i], email, PASSWORD, ip(501 + i)))));
      const code = await unusedCode(secret);
      const raced = await Promise.all(
        [0, 1].map((i) => servers[i]("/two-factor/verify-totp", { cookie: challenges[i], [CLIENT_IP_HEADER]: ip(501 + i) }, { code })),
      );
      expect(raced.map((r) => r.status).sort()).toEqual([200, 401]);
      const refused = raced.find((r) => r.status === 401)!;
      expect((await refused.json()).code).toBe(CODE_ALREADY_USED);
      expect((await throttleRow(accountKey(email))).failures).toBe(1);
      const recent = (await auditOf(email)).slice(0, 2).map((e) => `${e.event} ${e.outcome} ${e.detail}`);
      expect(recent.sort()).toEqual(["sign-in failure code; already used", "sign-in success password and authenticator code"]);

      // Seen over a shoulder a minute later, within the code's validity: still refused.
      const later = cookieOf(await signIn(servers[1], email, PASSWORD, ip(503)));
      const replay = await servers[0]("/two-factor/verify-totp", { cookie: later, [CLIENT_IP_HEADER]: ip(503) }, { code });
      expect(replay.status).toBe(401);
      // The next code works, and nothing in the table reads as the code.
      expect(
        (await servers[0]("/two-factor/verify-totp", { cookie: later, [CLIENT_IP_HEADER]: ip(503) }, { code: await unusedCode(secret) }))
          .status,
      ).toBe(200);
      const db = services.db;
      const stored = JSON.stringify(await db.select().from(authThrottle));
      expect(stored).not.toContain(code);
    });

    it("checks at most 10 of 24 wrong passwords sent at once to one account, whichever process each reaches", async () => {
      const burst = await Promise.all(Array.from({ length: 24 }, (_, i) => signIn(servers[i % 2], RACE.passwords, WRONG, ip(600 + i))));
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(24 - ACCOUNT_FAILURE_LIMIT);
      expect((await throttleRow(accountKey(RACE.passwords))).failures).toBe(ACCOUNT_FAILURE_LIMIT);
      const log = await auditOf(RACE.passwords);
      expect(log.filter((e) => e.event === "sign-in" && e.outcome === "failure")).toHaveLength(ACCOUNT_FAILURE_LIMIT);
      expect(log.filter((e) => e.event === "sign-in-throttled" && e.outcome === "failure")).toHaveLength(1);
      // And the right password afterwards is refused unchecked, like any attempt while paused.
      expect((await signIn(servers[0], RACE.passwords, PASSWORD, ip(630))).status).toBe(429);
    }, 60_000);

    it("does not sign in a right password sent among 20 wrong ones at once after 9 failures: one attempt is left, and only one is checked", async () => {
      const account = RACE.rightPassword;
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++)
        expect((await signIn(servers[i % 2], account, WRONG, ip(640 + i))).status).toBe(401);
      const RIGHT = 10;
      const burst = await Promise.all(
        Array.from({ length: 21 }, (_, i) => signIn(servers[i % 2], account, i === RIGHT ? PASSWORD : WRONG, ip(660 + i))),
      );
      const statuses = burst.map((r) => r.status);
      // The one attempt left went to one request; every other was refused before its password was looked at.
      expect(statuses.filter((s) => s !== 429)).toHaveLength(1);
      if (statuses[RIGHT] === 200) {
        // The right password won the last attempt: a success, which never counts; nothing else was checked.
        expect((await throttleRow(accountKey(account))).failures).toBe(ACCOUNT_FAILURE_LIMIT - 1);
      } else {
        expect(statuses[RIGHT]).toBe(429);
        expect(burst[RIGHT].headers.getSetCookie()).toEqual([]);
        expect((await throttleRow(accountKey(account))).failures).toBe(ACCOUNT_FAILURE_LIMIT);
        expect((await signIn(servers[0], account, PASSWORD, ip(690))).status).toBe(429);
      }
    }, 60_000);

    /** Turns on two-factor sign-in for `email` and returns its secret, its backup codes and `count` code steps (challenge cookies). */
    async function codeSteps(email: string, count: number, from: number) {
      const instance = services.auth;
      const session = cookieOf(await signIn(servers[0], email, PASSWORD, ip(from)));
      const { secret, backupCodes } = await turnOnTwoFactor(instance, session, PASSWORD);
      const challenges: string[] = [];
      for (let i = 0; i < count; i++) {
        const step = await signIn(servers[i % 2], email, PASSWORD, ip(from + 1 + i));
        expect(await step.clone().json()).toMatchObject({ twoFactorRedirect: true });
        challenges.push(cookieOf(step));
      }
      return { secret, backupCodes, challenges };
    }

    const sendCode = (i: number, challenge: string, code: string, address: string, backup = false) =>
      servers[i % 2](
        backup ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp",
        { cookie: challenge, [CLIENT_IP_HEADER]: address },
        { code },
      );

    it("checks at most 10 of 24 wrong codes and backup codes sent at once for one account, whichever process each reaches", async () => {
      const { challenges } = await codeSteps(RACE.codes, 24, 800);
      const burst = await Promise.all(
        challenges.map((challenge, i) =>
          sendCode(i, challenge, i % 3 === 2 ? `wrong-backup-${i}` : String(100_000 + i), ip(830 + i), i % 3 === 2),
        ),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(24 - ACCOUNT_FAILURE_LIMIT);
      expect((await throttleRow(accountKey(RACE.codes))).failures).toBe(ACCOUNT_FAILURE_LIMIT);
    }, 60_000);

    it("does not sign in a right code sent among 20 wrong ones at once after 9 wrong codes: only one is checked", async () => {
      const { secret, challenges } = await codeSteps(RACE.rightCode, 23, 860);
      // Nine wrong codes, on two code steps (each takes five).
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++)
        expect((await sendCode(i, challenges[i < 5 ? 0 : 1], String(200_000 + i), ip(890 + i))).status).toBe(401);
      const RIGHT = 10;
      const right = await unusedCode(secret);
      const burst = await Promise.all(
        challenges.slice(2).map((challenge, i) => sendCode(i, challenge, i === RIGHT ? right : String(300_000 + i), ip(900 + i))),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s !== 429)).toHaveLength(1);
      if (statuses[RIGHT] !== 200) {
        expect(statuses[RIGHT]).toBe(429);
        expect((await throttleRow(accountKey(RACE.rightCode))).failures).toBe(ACCOUNT_FAILURE_LIMIT);
      }
    }, 60_000);

    it("lets the real person in from a browser that signed in to the account before, while failures from elsewhere pause it", async () => {
      // The person signs in once from their own browser: it is remembered for that account.
      const first = await signIn(servers[0], RACE.known, PASSWORD, ip(950));
      expect(first.status).toBe(200);
      const known = knownBrowserCookie(first);
      expect(known).toBeDefined();
      expect(first.headers.getSetCookie().find((c) => c.includes("known_browser="))).toMatch(/HttpOnly/i);

      // Someone at one address guesses until the account pauses.
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++)
        expect((await signIn(servers[i % 2], RACE.known, WRONG, "192.0.2.200")).status).toBe(401);
      expect((await signIn(servers[1], RACE.known, PASSWORD, ip(951))).status).toBe(429);

      // From the known browser, elsewhere, the right password still signs in, through either process.
      for (const server of servers) expect((await signIn(server, RACE.known, PASSWORD, ip(952), known)).status).toBe(200);

      // A forged cookie, or one from a browser that signed in to another account, does not help.
      const [value] = known!.split("=").slice(1);
      const forged = `${known!.split("=")[0]}=${value.slice(0, -4)}${value.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
      expect((await signIn(servers[0], RACE.known, PASSWORD, ip(953), forged)).status).toBe(429);
      const otherBrowser = knownBrowserCookie(await signIn(servers[1], RACE.other, PASSWORD, ip(954)));
      expect(otherBrowser).toBeDefined();
      expect((await signIn(servers[0], RACE.known, PASSWORD, ip(955), otherBrowser)).status).toBe(429);
      const retargeted = otherBrowser!.replace(/=([^.]+)\./, `=${await accountByEmail(RACE.known)}.`);
      expect((await signIn(servers[0], RACE.known, PASSWORD, ip(956), retargeted)).status).toBe(429);

      // The known browser's own failures still pause it.
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++)
        expect((await signIn(servers[i % 2], RACE.known, WRONG, ip(960 + i), known)).status).toBe(401);
      expect((await signIn(servers[0], RACE.known, PASSWORD, ip(975), known)).status).toBe(429);
    }, 60_000);

    it("records a sign-out with who it was, from the session before it ends", async () => {
      const email = office[2];
      const cookie = cookieOf(await signIn(servers[0], email, PASSWORD, ip(400)));
      const out = await servers[1]("/sign-out", { cookie, [CLIENT_IP_HEADER]: ip(400) }, {});
      expect(out.status).toBe(200);
      const [latest] = await auditOf(email);
      expect(latest).toMatchObject({ event: "sign-out", outcome: "success", actorEmail: email, ipAddress: ip(400) });
    });

    it("prunes ended windows and pauses, and keeps the running ones", async () => {
      const db = services.db;
      const now = Date.now();
      const old = now - THROTTLE_WINDOW_SECONDS * 1000 - 1;
      await db.insert(authThrottle).values([
        { key: "address:old", failures: 3, windowStart: old, lockedUntil: null },
        { key: "address:old-paused", failures: 50, windowStart: old, lockedUntil: now - 1 },
        { key: "address:still-paused", failures: 50, windowStart: old, lockedUntil: now + 60_000 },
        { key: "address:current", failures: 2, windowStart: now, lockedUntil: null },
      ]);
      await pruneThrottle(db, now);
      const keys = (await db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key);
      expect(keys).not.toContain("address:old");
      expect(keys).not.toContain("address:old-paused");
      expect(keys).toContain("address:still-paused");
      expect(keys).toContain("address:current");
    });
  });
}
