/**
 * Sign-in, sessions and roles on both databases the product supports: the embedded PGlite and
 * PostgreSQL 15. Also what one administrator may do to another's account, and how long a session
 * lasts, idle or in use.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { CLIENT_IP_HEADER, SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS } from "~/auth/config";
import { roleFlags, setAdmin, setEditor } from "~/auth/roles.server";
import { getSignedIn, requireAdminApi } from "~/auth/session.server";
import { AccountExistsError, createStaffUser, OwnPasswordError, resetPassword, WeakPasswordError } from "~/auth/users.server";
import { account, auditLog, session, user, userRoles } from "~/db/schema.server";
import { env } from "~/env.server";
import { log as appLog } from "~/lib/log.server";
import { action as usersAction } from "~/routes/admin/users";
import { action as loginAction } from "~/routes/auth/login";
import { action as codeStepAction } from "~/routes/auth/two-factor";
import type { AppServices } from "~/services.server";

import { passCodeStep, signInCookie, turnOnTwoFactor } from "../two-factor";
import {
  backends,
  clientAddresses,
  cookieOf,
  loadContext,
  nextCode,
  openFreshDatabase,
  postForm,
  settle,
  type ActionAnswer,
} from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";
const NEW_PASSWORD = "Copper-Meadow-Lamp-61";
const nextIp = clientAddresses(9);

/** A sign-in through better-auth's own endpoint, as a direct API caller sends it. */
function signInRequest(email: string, password: string, ip: string, options: { rememberMe?: boolean } = {}) {
  return new Request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: ip },
    body: JSON.stringify({ email, password, ...options }),
  });
}

const canSignIn = async (email: string, password: string) =>
  (await (await loadContext()).services.auth.handler(signInRequest(email, password, nextIp()))).ok;

/** Signs in through /auth/login's form action, as the browser does (and its code step for an administrator); returns the session cookie. */
async function signInWithForm(email: string, password = PASSWORD): Promise<string> {
  const body = new URLSearchParams({ email, password, redirectTo: "/" });
  const request = new Request(`${ORIGIN}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, [CLIENT_IP_HEADER]: nextIp() },
    body,
  });
  const thrown = await settle(async () => loginAction({ request, params: {}, context: await loadContext(request) } as never));
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
  const signedIn = await settle(async () =>
    codeStepAction({ request: codeStep, params: {}, context: await loadContext(codeStep) } as never),
  );
  if (!(signedIn instanceof Response) || signedIn.status !== 302) throw new Error(`code step failed: ${JSON.stringify(signedIn)}`);
  return cookieOf(signedIn);
}

/** The two-factor secrets of the administrators (e-mail → base32), set when they turn it on. */
const totpSecrets = new Map<string, string>();

/** An administrator: the account, with two-factor sign-in on (required, docs/requirements/accounts.md#two-factor-sign-in). */
async function createAdmin(email: string): Promise<{ id: string }> {
  const { services } = await loadContext();
  const created = await createStaffUser(services, { email, password: PASSWORD, admin: true });
  const instance = services.auth;
  totpSecrets.set(email, (await turnOnTwoFactor(instance, await signInCookie(instance, email, PASSWORD), PASSWORD)).secret);
  return created;
}

const signedInAs = async (cookie: string) =>
  getSignedIn((await loadContext()).services, new Request(`${ORIGIN}/admin/users`, { headers: { cookie } }));

/** Posts one form to /admin/users' action as the holder of `cookie`. */
const postUsers = async (cookie: string, form: Record<string, string>) =>
  (await postForm(usersAction, "/admin/users", cookie, form, nextIp())) as ActionAnswer;

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`auth on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    let adminId = "";
    let staffId = "";
    /** boss@'s two-factor secret once a test turned it on (administrators need it for the admin API). */
    let bossSecret: string | undefined;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "auth");
      ({ services } = await loadContext());
      adminId = (await createStaffUser(services, { email: "boss@crossroadsit.example", password: PASSWORD, admin: true })).id;
      staffId = (await createStaffUser(services, { email: "tech@crossroadsit.example", password: PASSWORD })).id;
      await createStaffUser(services, {
        email: "second-admin@crossroadsit.example",
        password: PASSWORD,
        admin: true,
      });
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("gives UUID ids and takes roles from user_roles; super-admin only for SUPER_ADMIN_EMAIL", async () => {
      expect(adminId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(await roleFlags(services.db, { id: adminId, email: "boss@crossroadsit.example" })).toEqual({
        isAdmin: true,
        isEditor: true,
        isSuperAdmin: true,
        canWorkLeads: true,
      });
      // Staff work leads (docs/requirements/leads.md#who-may-do-what), and nothing else of the admin area.
      expect(await roleFlags(services.db, { id: staffId, email: "tech@crossroadsit.example" })).toEqual({
        isAdmin: false,
        isEditor: false,
        isSuperAdmin: false,
        canWorkLeads: true,
      });
      // The super-admin address on a non-admin gives nothing more.
      expect(await roleFlags(services.db, { id: staffId, email: env().SUPER_ADMIN_EMAIL! })).toEqual({
        isAdmin: false,
        isEditor: false,
        isSuperAdmin: false,
        canWorkLeads: true,
      });
    });

    it("keeps user_roles and better-auth's user.role in step through every role change", async () => {
      const db = services.db;
      const rolesOf = async () => {
        const rows = await db
          .select({
            id: user.id,
            column: user.role,
            table: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'admin')`,
            editor: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'editor')`,
          })
          .from(user);
        return rows.map((r) => ({ id: r.id, column: r.column, table: Boolean(r.table), editor: Boolean(r.editor) }));
      };
      // "admin" for an administrator, "editor" for an editor, else "user" (app/auth/roles.server.ts, authRoleOf).
      const agree = (rows: Awaited<ReturnType<typeof rolesOf>>) =>
        rows.every((r) => r.column === (r.table ? "admin" : r.editor ? "editor" : "user"));
      expect(agree(await rolesOf())).toBe(true);
      const promoted = (await createStaffUser(services, { email: "promoted@crossroadsit.example", password: PASSWORD })).id;
      await setAdmin(db, promoted, true);
      await setAdmin(db, promoted, true); // twice: still one row, still "admin"
      let rows = await rolesOf();
      expect(rows.find((r) => r.id === promoted)).toEqual({ id: promoted, column: "admin", table: true, editor: false });
      await setAdmin(db, promoted, false);
      rows = await rolesOf();
      expect(rows.find((r) => r.id === promoted)).toEqual({ id: promoted, column: "user", table: false, editor: false });
      expect(agree(rows)).toBe(true);
      // The editor role too (tests/integration/editor-role.test.ts goes through both roles together).
      await setEditor(db, promoted, true);
      rows = await rolesOf();
      expect(rows.find((r) => r.id === promoted)).toEqual({ id: promoted, column: "editor", table: false, editor: true });
      await setEditor(db, promoted, false);
      expect(agree(await rolesOf())).toBe(true);
    });

    it("logs a failed role lookup and treats the user as a non-admin", async () => {
      const log = vi.spyOn(appLog, "error").mockImplementation(() => {});
      expect(await roleFlags(services.db, { id: "not-a-uuid", email: "boss@crossroadsit.example" })).toEqual({
        isAdmin: false,
        isEditor: false,
        isSuperAdmin: false,
        canWorkLeads: false,
      });
      expect(log).toHaveBeenCalledWith(expect.stringContaining("Role lookup failed"), expect.anything());
      log.mockRestore();
    });

    it("refuses weak passwords with reasons, and a second account for one e-mail", async () => {
      await expect(createStaffUser(services, { email: "new@crossroadsit.example", password: "short" })).rejects.toBeInstanceOf(
        WeakPasswordError,
      );
      const error = await createStaffUser(services, {
        email: "new@crossroadsit.example",
        password: "aaaaaaaaaaaaaa",
      }).catch((e) => e);
      expect(error.code).toBe("weak_password");
      expect(error.reasons.length).toBeGreaterThan(0);
      await expect(createStaffUser(services, { email: "TECH@crossroadsit.example", password: PASSWORD })).rejects.toBeInstanceOf(
        AccountExistsError,
      );
    });

    it("signs in with an httpOnly SameSite=Lax session cookie and stores an argon2id hash", async () => {
      const response = await services.auth.handler(signInRequest("tech@crossroadsit.example", PASSWORD, "10.0.0.1"));
      expect(response.status).toBe(200);
      const setCookie = response.headers.getSetCookie().join("\n");
      expect(setCookie).toMatch(/session_token=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const session = await services.auth.api.getSession({ headers: new Headers({ cookie: cookieOf(response) }) });
      expect(session?.user.email).toBe("tech@crossroadsit.example");
      const db = services.db;
      const { account } = await import("~/db/schema.server");
      const [row] = await db.select({ password: account.password }).from(account).limit(1);
      expect(row.password).toMatch(/^\$argon2id\$/);
    });

    it("answers a wrong password and an unknown e-mail the same way", async () => {
      const a = await services.auth.handler(signInRequest("tech@crossroadsit.example", "Wrong-Password-99", "10.0.0.2"));
      const b = await services.auth.handler(signInRequest("nobody@crossroadsit.example", "Wrong-Password-99", "10.0.0.3"));
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect((await a.json()).code).toBe((await b.json()).code);
    });

    it("admin APIs answer in the auth service's vocabulary: no session, no role, then the admin", async () => {
      const call = async (cookie?: string) =>
        requireAdminApi(services, new Request(`${ORIGIN}/api/admin/anything`, { headers: cookie ? { cookie } : {} })).catch(
          (e: unknown) => e,
        );
      const missing = (await call()) as Response;
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ code: "session_not_found", message: "Auth session missing!" });

      const staffCookie = await signInCookie(services.auth, "tech@crossroadsit.example", PASSWORD);
      const forbidden = (await call(staffCookie)) as Response;
      expect(forbidden.status).toBe(403);
      expect((await forbidden.json()).message).toBe("You don't have permission to access this area");

      const adminCookie = await signInCookie(services.auth, "boss@crossroadsit.example", PASSWORD);
      const withoutSecondFactor = (await call(adminCookie)) as Response;
      expect(withoutSecondFactor.status).toBe(403);
      expect((await withoutSecondFactor.json()).code).toBe("two_factor_required");
      const on = await turnOnTwoFactor(services.auth, adminCookie, PASSWORD);
      bossSecret = on.secret;
      const admin = await call(on.cookie);
      expect(admin).toMatchObject({
        user: { email: "boss@crossroadsit.example" },
        isAdmin: true,
        isSuperAdmin: true,
        twoFactorEnabled: true,
      });
    });

    it("no administrator sets their own password at /admin/users, the super-administrator included: that is /account's", async () => {
      const instance = services.auth;
      const bossSignIn = await instance.handler(signInRequest("boss@crossroadsit.example", PASSWORD, "10.0.0.8"));
      // A code no other sign-in used (each code signs in once).
      const boss = cookieOf(
        await passCodeStep(instance, ORIGIN, bossSignIn, bossSecret, { origin: ORIGIN, [CLIENT_IP_HEADER]: "10.0.0.8" }),
      );
      const second = (
        await turnOnTwoFactor(instance, await signInCookie(instance, "second-admin@crossroadsit.example", PASSWORD), PASSWORD)
      ).cookie;
      const [secondRow] = await services.db.select({ id: user.id }).from(user).where(eq(user.email, "second-admin@crossroadsit.example"));
      const hashOf = async (userId: string) =>
        (await services.db.select({ password: account.password }).from(account).where(eq(account.userId, userId)))[0]?.password;
      const setPassword = async (cookie: string, userId: string) => {
        const request = new Request(`${ORIGIN}/admin/users`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie, [CLIENT_IP_HEADER]: "10.0.0.10" },
          body: new URLSearchParams({ intent: "reset-password", userId, password: "Taken-Over-Account-77" }),
        });
        const result = (await usersAction({ request, params: {}, context: await loadContext(request) } as never)) as {
          data: Record<string, unknown>;
          init: ResponseInit | null;
        };
        return { status: result.init?.status ?? 200, data: result.data };
      };

      for (const [cookie, id] of [
        [boss, adminId],
        [second, secondRow!.id],
      ] as const) {
        const before = await hashOf(id);
        const refused = await setPassword(cookie, id);
        expect(refused).toMatchObject({ status: 400, data: { code: "own_password", message: expect.stringContaining("/account") } });
        expect(await hashOf(id)).toBe(before);
        // The server function refuses it too, whoever calls it.
        await expect(resetPassword(services, id, "Taken-Over-Account-77", new Headers({ cookie }))).rejects.toBeInstanceOf(
          OwnPasswordError,
        );
        expect(await hashOf(id)).toBe(before);
      }
      // Someone else's password: still allowed.
      const before = await hashOf(staffId);
      expect(await setPassword(boss, staffId)).toMatchObject({ status: 200, data: { ok: true } });
      expect(await hashOf(staffId)).not.toBe(before);

      const refusals = await services.db
        .select({ actor: auditLog.actorId, target: auditLog.targetId, outcome: auditLog.outcome })
        .from(auditLog)
        .where(eq(auditLog.event, "password-set-by-admin"));
      expect(refusals).toEqual(
        expect.arrayContaining([
          { actor: adminId, target: adminId, outcome: "refused" },
          { actor: secondRow!.id, target: secondRow!.id, outcome: "refused" },
          { actor: adminId, target: staffId, outcome: "success" },
        ]),
      );
    });

    it("refuses a revoked session at the next request", async () => {
      const password = await services.auth.handler(signInRequest("boss@crossroadsit.example", PASSWORD, "10.0.0.4"));
      const response = await passCodeStep(services.auth, ORIGIN, password, bossSecret, { origin: ORIGIN, [CLIENT_IP_HEADER]: "10.0.0.4" });
      const headers = new Headers({ cookie: cookieOf(response) });
      const before = await services.auth.api.getSession({ headers });
      expect(before?.user.email).toBe("boss@crossroadsit.example");
      // Revoked from elsewhere (an administrator's "sign out everywhere" deletes the rows).
      await services.db.delete(session).where(eq(session.userId, before!.user.id));
      expect(await services.auth.api.getSession({ headers })).toBeNull();
    });
  });

  describe.skipIf(backend.skip)(`administrators' accounts and session lifetimes on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    const ids = { boss: "", admin: "", other: "", staff: "" };

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "admins-sessions");
      ({ services } = await loadContext());
      // boss@ is SUPER_ADMIN_EMAIL in vitest.integration.config.ts.
      ids.boss = (await createAdmin("boss@crossroadsit.example")).id;
      ids.admin = (await createAdmin("ops@crossroadsit.example")).id;
      ids.other = (await createAdmin("ops2@crossroadsit.example")).id;
      ids.staff = (await createStaffUser(services, { email: "tech@crossroadsit.example", password: PASSWORD })).id;
    });

    afterAll(async () => {
      await closeFresh();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    describe("an ordinary administrator cannot take over the super-administrator", () => {
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
        const promoted = await createStaffUser(services, {
          email: `promoted-${Date.now()}@crossroadsit.example`,
          password: PASSWORD,
        });
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

    describe("every session idles out after 15 minutes and ends 12 hours after sign-in", () => {
      it("a session from the sign-in form is refused after 15 idle minutes", async () => {
        const cookie = await signInWithForm("tech@crossroadsit.example");
        const start = Date.now();
        vi.useFakeTimers({ toFake: ["Date"], now: start });
        expect(await signedInAs(cookie)).not.toBeNull();
        vi.setSystemTime(start + (SESSION_IDLE_SECONDS + 41) * 1000);
        expect(await signedInAs(cookie)).toBeNull();
      });

      it("a session signed in through the API with rememberMe false idles out too", async () => {
        const cookie = cookieOf(
          await services.auth.handler(signInRequest("tech@crossroadsit.example", PASSWORD, nextIp(), { rememberMe: false })),
        );
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
        const refreshed = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
        expect(refreshed).not.toBeNull();
        expect(new Date(refreshed!.session.expiresAt).getTime()).toBeLessThanOrEqual(limit + 1000);
        vi.setSystemTime(start + SESSION_MAX_AGE_SECONDS * 1000 + 1000);
        expect(await signedInAs(cookie)).toBeNull();
        expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
      });
    });
  });
}
