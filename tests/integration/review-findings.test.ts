/**
 * Regression tests for the outside review's findings that the server's own modules reach:
 * account takeover between administrators, session lifetimes, request bodies and a database
 * that fails during sign-in. Each test is named after its finding and failed before its fix.
 * Both databases: the embedded PGlite and PostgreSQL 15.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auth } from "~/auth/auth.server";
import { CLIENT_IP_HEADER, SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS } from "~/auth/config";
import { getSignedIn } from "~/auth/session.server";
import { createStaffUser } from "~/auth/users.server";
import { openDatabase } from "~/db/client.server";
import { action as loginAction } from "~/routes/auth-login";
import { action as usersAction } from "~/routes/admin/users";
import { action as codeStepAction } from "~/routes/auth-two-factor";
import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, loadContext, nextCode, openFreshDatabase } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";
const NEW_PASSWORD = "Copper-Meadow-Lamp-61";
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Signs in through /auth/login's form action, as the browser does; returns the session cookie. */
async function signInWithForm(email: string, password = PASSWORD): Promise<string> {
  const body = new URLSearchParams({ email, password, redirectTo: "/" });
  const request = new Request(`${ORIGIN}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, [CLIENT_IP_HEADER]: nextIp() },
    body,
  });
  const thrown = await Promise.resolve(loginAction({ request, params: {}, context: await loadContext(request) } as never)).then(
    (result) => result,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response) || thrown.status !== 302) throw new Error(`sign-in failed: ${JSON.stringify(thrown)}`);
  if (!thrown.headers.get("location")?.startsWith("/auth/two-factor")) return cookieOf(thrown);
  // Two-factor sign-in on (every administrator): the code step's form, with the app's current code.
  const secret = totpSecrets.get(email);
  if (!secret) throw new Error(`no two-factor secret for ${email}`);
  const codeStep = new Request(`${ORIGIN}/auth/two-factor`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      cookie: cookieOf(thrown),
      [CLIENT_IP_HEADER]: nextIp(),
    },
    body: new URLSearchParams({ code: await nextCode(secret), redirectTo: "/" }),
  });
  const signedIn = await Promise.resolve(
    codeStepAction({ request: codeStep, params: {}, context: await loadContext(codeStep) } as never),
  ).then(
    (result) => result,
    (error: unknown) => error,
  );
  if (!(signedIn instanceof Response) || signedIn.status !== 302) throw new Error(`code step failed: ${JSON.stringify(signedIn)}`);
  return cookieOf(signedIn);
}

/** The two-factor secrets of the administrators (e-mail → base32), set when they turn it on. */
const totpSecrets = new Map<string, string>();

/** An administrator: the account, with two-factor sign-in on (required, docs/requirements.md#two-factor-sign-in). */
async function createAdmin(email: string): Promise<{ id: string }> {
  const created = await createStaffUser({ email, password: PASSWORD, admin: true });
  const instance = await auth();
  totpSecrets.set(email, (await turnOnTwoFactor(instance, await signInCookie(instance, email, PASSWORD), PASSWORD)).secret);
  return created;
}

const signedInAs = (cookie: string) => getSignedIn(new Request(`${ORIGIN}/admin/users`, { headers: { cookie } }));

type Outcome = { ok: boolean; message: string; code?: string };
/** Posts one form to /admin/users' action as the holder of `cookie`. */
async function postUsers(cookie: string, form: Record<string, string>): Promise<{ status: number; data: Outcome }> {
  const request = new Request(`${ORIGIN}/admin/users`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
    body: new URLSearchParams(form),
  });
  const result = (await usersAction({ request, params: {}, context: await loadContext(request) } as never)) as unknown as {
    data: Outcome;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

/** Signs in through better-auth's own endpoint, as a direct API caller would. */
async function apiSignIn(body: { email: string; password: string; rememberMe?: boolean }): Promise<Response> {
  return (await auth()).handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: nextIp() },
      body: JSON.stringify(body),
    }),
  );
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  return (await apiSignIn({ email, password })).ok;
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`review findings on ${backend.name}`, () => {
    let closeFresh = async () => {};
    const ids = { boss: "", admin: "", other: "", staff: "" };

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "findings");
      // boss@ is SUPER_ADMIN_EMAIL in vitest.integration.config.ts.
      ids.boss = (await createAdmin("boss@crossroadsit.example")).id;
      ids.admin = (await createAdmin("ops@crossroadsit.example")).id;
      ids.other = (await createAdmin("ops2@crossroadsit.example")).id;
      ids.staff = (await createStaffUser({ email: "tech@crossroadsit.example", password: PASSWORD })).id;
    });

    afterAll(async () => {
      await closeFresh();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    describe("finding 1: an ordinary administrator cannot take over the super-administrator", () => {
      it("refuses to reset the password of, or sign out, the super-administrator or another administrator", async () => {
        const ops = await signInWithForm("ops@crossroadsit.example");
        const boss = await signInWithForm("boss@crossroadsit.example");
        // Their own password is refused earlier, for everyone (only /account, with the current one).
        const own = await postUsers(ops, { intent: "reset-password", userId: ids.admin, password: NEW_PASSWORD });
        expect(own).toMatchObject({ status: 400, data: { ok: false, code: "own_password" } });
        for (const target of [ids.boss, ids.other]) {
          const reset = await postUsers(ops, { intent: "reset-password", userId: target, password: NEW_PASSWORD });
          expect(reset.status).toBe(403);
          expect(reset.data).toMatchObject({ ok: false, code: "forbidden" });
          const signOut = await postUsers(ops, { intent: "sign-out", userId: target });
          expect(signOut.status).toBe(403);
        }
        // Nothing changed: the old passwords work, the new one does not, both sessions are alive.
        expect(await canSignIn("boss@crossroadsit.example", NEW_PASSWORD)).toBe(false);
        expect(await canSignIn("boss@crossroadsit.example", PASSWORD)).toBe(true);
        expect((await signedInAs(boss))?.isSuperAdmin).toBe(true);
        expect((await signedInAs(ops))?.isAdmin).toBe(true);
      });

      it("still lets an administrator reset and sign out non-admin staff", async () => {
        const ops = await signInWithForm("ops@crossroadsit.example");
        const tech = await signInWithForm("tech@crossroadsit.example");
        expect((await postUsers(ops, { intent: "sign-out", userId: ids.staff })).status).toBe(200);
        expect(await signedInAs(tech)).toBeNull();
        expect((await postUsers(ops, { intent: "reset-password", userId: ids.staff, password: NEW_PASSWORD })).status).toBe(200);
        expect(await canSignIn("tech@crossroadsit.example", NEW_PASSWORD)).toBe(true);
        // Put it back for the other tests.
        expect((await postUsers(ops, { intent: "reset-password", userId: ids.staff, password: PASSWORD })).status).toBe(200);
      });

      it("checks the target's roles as they are now: a staff member made admin is protected at once", async () => {
        const promoted = await createStaffUser({ email: `promoted-${Date.now()}@crossroadsit.example`, password: PASSWORD });
        const ops = await signInWithForm("ops@crossroadsit.example");
        const boss = await signInWithForm("boss@crossroadsit.example");
        expect((await postUsers(boss, { intent: "grant-admin", userId: promoted.id })).status).toBe(200);
        expect((await postUsers(ops, { intent: "reset-password", userId: promoted.id, password: NEW_PASSWORD })).status).toBe(403);
        // The super-administrator may do it, to another admin and to itself.
        expect((await postUsers(boss, { intent: "reset-password", userId: promoted.id, password: NEW_PASSWORD })).status).toBe(200);
        expect((await postUsers(boss, { intent: "sign-out", userId: ids.admin })).status).toBe(200);
        expect(await signedInAs(ops)).toBeNull();
      });
    });

    describe("finding 3: every session idles out after 15 minutes and ends 12 hours after sign-in", () => {
      it("a session from the sign-in form is refused after 15 idle minutes", async () => {
        const cookie = await signInWithForm("tech@crossroadsit.example");
        const start = Date.now();
        vi.useFakeTimers({ toFake: ["Date"], now: start });
        expect(await signedInAs(cookie)).not.toBeNull();
        vi.setSystemTime(start + (SESSION_IDLE_SECONDS + 41) * 1000);
        expect(await signedInAs(cookie)).toBeNull();
      });

      it("a session signed in through the API with rememberMe false idles out too", async () => {
        const cookie = cookieOf(await apiSignIn({ email: "tech@crossroadsit.example", password: PASSWORD, rememberMe: false }));
        const start = Date.now();
        vi.useFakeTimers({ toFake: ["Date"], now: start });
        vi.setSystemTime(start + (SESSION_IDLE_SECONDS + 1) * 1000);
        expect(await signedInAs(cookie)).toBeNull();
      });

      it("a session in use is extended, but never past 12 hours from sign-in", async () => {
        const cookie = await signInWithForm("tech@crossroadsit.example");
        const start = Date.now();
        vi.useFakeTimers({ toFake: ["Date"], now: start });
        // Active every 10 minutes: still signed in until the absolute limit is near...
        const limit = start + SESSION_MAX_AGE_SECONDS * 1000;
        for (let at = start + 10 * 60_000; at < limit - 5 * 60_000; at += 10 * 60_000) {
          vi.setSystemTime(at);
          expect(await signedInAs(cookie), `at +${(at - start) / 60_000} min`).not.toBeNull();
        }
        // ...and better-auth's own get-session, which the browser uses to refresh, never extends it past the limit.
        vi.setSystemTime(limit - 2 * 60_000);
        const refreshed = await (await auth()).api.getSession({ headers: new Headers({ cookie }) });
        expect(refreshed).not.toBeNull();
        expect(new Date(refreshed!.session.expiresAt).getTime()).toBeLessThanOrEqual(limit + 1000);
        vi.setSystemTime(start + SESSION_MAX_AGE_SECONDS * 1000 + 1000);
        expect(await signedInAs(cookie)).toBeNull();
        expect(await (await auth()).api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
      });
    });
  });
}

describe("finding 5: the embedded database's files are for the server's user alone", () => {
  /** Every file and folder under `dir` whose mode lets the group or others in. */
  function openToOthers(dir: string): string[] {
    const found: string[] = [];
    const walk = (at: string) => {
      if ((lstatSync(at).mode & 0o077) !== 0) found.push(`${at} ${(lstatSync(at).mode & 0o777).toString(8)}`);
      if (lstatSync(at).isDirectory()) for (const entry of readdirSync(at)) walk(path.join(at, entry));
    };
    walk(dir);
    return found;
  }

  it("creates the data folder 0700 with files 0600, and fixes an existing folder's modes at start", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "crossroads-modes-"));
    const previous = process.umask(0o000); // the loosest umask a service manager could give
    try {
      const fresh = path.join(parent, "fresh");
      const handle = await openDatabase({ dataDir: fresh });
      await handle.db.execute(sql`create table if not exists mode_probe (x text)`);
      await handle.db.execute(sql`insert into mode_probe values ('secret')`);
      await handle.close();
      expect(openToOthers(fresh)).toEqual([]);

      // A folder left with world-readable files by an older version: fixed when the server opens it.
      const old = path.join(parent, "old");
      mkdirSync(path.join(old, "pglite"), { recursive: true, mode: 0o777 });
      chmodSync(old, 0o777);
      writeFileSync(path.join(old, "stray-file"), "x", { mode: 0o666 });
      const reopened = await openDatabase({ dataDir: old });
      await reopened.close();
      expect(openToOthers(old)).toEqual([]);
    } finally {
      process.umask(previous);
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
