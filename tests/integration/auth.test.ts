/**
 * Sign-in, sessions and roles on both databases the product supports:
 * the embedded PGlite and PostgreSQL 15.
 */
import { backends, loadContext, openFreshDatabase } from "./backends";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auth } from "~/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { roleFlags, setAdmin } from "~/auth/roles.server";
import { requireAdminApi } from "~/auth/session.server";
import { AccountExistsError, createStaffUser, OwnPasswordError, resetPassword, WeakPasswordError } from "~/auth/users.server";
import { eq, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { account, auditLog, session, user, userRoles } from "~/db/schema.server";
import { env } from "~/env.server";
import { log as appLog } from "~/lib/log.server";
import { action as usersAction } from "~/routes/admin/users";
import { passCodeStep, turnOnTwoFactor } from "../two-factor";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";

function signInRequest(email: string, password: string, ip: string) {
  return new Request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: ip },
    body: JSON.stringify({ email, password }),
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`auth on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let adminId = "";
    let staffId = "";
    /** boss@'s two-factor secret once a test turned it on (administrators need it for the admin API). */
    let bossSecret: string | undefined;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "auth");
      adminId = (await createStaffUser({ email: "boss@crossroadsit.example", password: PASSWORD, admin: true })).id;
      staffId = (await createStaffUser({ email: "tech@crossroadsit.example", password: PASSWORD })).id;
      await createStaffUser({ email: "second-admin@crossroadsit.example", password: PASSWORD, admin: true });
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("gives UUID ids and takes roles from user_roles; super-admin only for SUPER_ADMIN_EMAIL", async () => {
      expect(adminId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(await roleFlags({ id: adminId, email: "boss@crossroadsit.example" })).toEqual({ isAdmin: true, isSuperAdmin: true });
      expect(await roleFlags({ id: staffId, email: "tech@crossroadsit.example" })).toEqual({ isAdmin: false, isSuperAdmin: false });
      // The super-admin address on a non-admin gives nothing.
      expect(await roleFlags({ id: staffId, email: env().SUPER_ADMIN_EMAIL! })).toEqual({ isAdmin: false, isSuperAdmin: false });
    });

    it("keeps user_roles and better-auth's user.role in step through every role change", async () => {
      const db = await database();
      const rolesOf = async () => {
        const rows = await db
          .select({
            id: user.id,
            column: user.role,
            table: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'admin')`,
          })
          .from(user);
        return rows.map((r) => ({ id: r.id, column: r.column, table: Boolean(r.table) }));
      };
      const agree = (rows: Awaited<ReturnType<typeof rolesOf>>) => rows.every((r) => (r.column === "admin") === r.table);
      expect(agree(await rolesOf())).toBe(true);
      const promoted = (await createStaffUser({ email: "promoted@crossroadsit.example", password: PASSWORD })).id;
      await setAdmin(promoted, true);
      await setAdmin(promoted, true); // twice: still one row, still "admin"
      let rows = await rolesOf();
      expect(rows.find((r) => r.id === promoted)).toEqual({ id: promoted, column: "admin", table: true });
      await setAdmin(promoted, false);
      rows = await rolesOf();
      expect(rows.find((r) => r.id === promoted)).toEqual({ id: promoted, column: "user", table: false });
      expect(agree(rows)).toBe(true);
    });

    it("logs a failed role lookup and treats the user as a non-admin", async () => {
      const log = vi.spyOn(appLog, "error").mockImplementation(() => {});
      expect(await roleFlags({ id: "not-a-uuid", email: "boss@crossroadsit.example" })).toEqual({ isAdmin: false, isSuperAdmin: false });
      expect(log).toHaveBeenCalledWith(expect.stringContaining("Role lookup failed"), expect.anything());
      log.mockRestore();
    });

    it("refuses weak passwords with reasons, and a second account for one e-mail", async () => {
      await expect(createStaffUser({ email: "new@crossroadsit.example", password: "short" })).rejects.toBeInstanceOf(WeakPasswordError);
      const error = await createStaffUser({ email: "new@crossroadsit.example", password: "aaaaaaaaaaaaaa" }).catch((e) => e);
      expect(error.code).toBe("weak_password");
      expect(error.reasons.length).toBeGreaterThan(0);
      await expect(createStaffUser({ email: "TECH@crossroadsit.example", password: PASSWORD })).rejects.toBeInstanceOf(AccountExistsError);
    });

    it("signs in with an httpOnly SameSite=Lax session cookie and stores an argon2id hash", async () => {
      const response = await (await auth()).handler(signInRequest("tech@crossroadsit.example", PASSWORD, "10.0.0.1"));
      expect(response.status).toBe(200);
      const setCookie = response.headers.getSetCookie().join("\n");
      expect(setCookie).toMatch(/session_token=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const session = await (await auth()).api.getSession({ headers: new Headers({ cookie: cookieOf(response) }) });
      expect(session?.user.email).toBe("tech@crossroadsit.example");
      const db = await database();
      const { account } = await import("~/db/schema.server");
      const [row] = await db.select({ password: account.password }).from(account).limit(1);
      expect(row.password).toMatch(/^\$argon2id\$/);
    });

    it("answers a wrong password and an unknown e-mail the same way", async () => {
      const a = await (await auth()).handler(signInRequest("tech@crossroadsit.example", "Wrong-Password-99", "10.0.0.2"));
      const b = await (await auth()).handler(signInRequest("nobody@crossroadsit.example", "Wrong-Password-99", "10.0.0.3"));
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect((await a.json()).code).toBe((await b.json()).code);
    });

    it("admin APIs answer in the auth service's vocabulary: no session, no role, then the admin", async () => {
      const call = (cookie?: string) =>
        requireAdminApi(new Request(`${ORIGIN}/api/admin/anything`, { headers: cookie ? { cookie } : {} })).catch((e: unknown) => e);
      const missing = (await call()) as Response;
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ code: "session_not_found", message: "Auth session missing!" });

      const staffCookie = cookieOf(await (await auth()).handler(signInRequest("tech@crossroadsit.example", PASSWORD, "10.0.0.6")));
      const forbidden = (await call(staffCookie)) as Response;
      expect(forbidden.status).toBe(403);
      expect((await forbidden.json()).message).toBe("You don't have permission to access this area");

      const adminCookie = cookieOf(await (await auth()).handler(signInRequest("boss@crossroadsit.example", PASSWORD, "10.0.0.7")));
      const withoutSecondFactor = (await call(adminCookie)) as Response;
      expect(withoutSecondFactor.status).toBe(403);
      expect((await withoutSecondFactor.json()).code).toBe("two_factor_required");
      const on = await turnOnTwoFactor(await auth(), adminCookie, PASSWORD);
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
      const instance = await auth();
      const bossSignIn = await instance.handler(signInRequest("boss@crossroadsit.example", PASSWORD, "10.0.0.8"));
      // A code no other sign-in used (each code signs in once).
      const boss = cookieOf(
        await passCodeStep(instance, ORIGIN, bossSignIn, bossSecret, { origin: ORIGIN, [CLIENT_IP_HEADER]: "10.0.0.8" }),
      );
      const second = (
        await turnOnTwoFactor(
          instance,
          cookieOf(await instance.handler(signInRequest("second-admin@crossroadsit.example", PASSWORD, "10.0.0.9"))),
          PASSWORD,
        )
      ).cookie;
      const [secondRow] = await (
        await database()
      )
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, "second-admin@crossroadsit.example"));
      const hashOf = async (userId: string) =>
        (await (await database()).select({ password: account.password }).from(account).where(eq(account.userId, userId)))[0]?.password;
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
        await expect(resetPassword(id, "Taken-Over-Account-77", new Headers({ cookie }), instance)).rejects.toBeInstanceOf(
          OwnPasswordError,
        );
        expect(await hashOf(id)).toBe(before);
      }
      // Someone else's password: still allowed.
      const before = await hashOf(staffId);
      expect(await setPassword(boss, staffId)).toMatchObject({ status: 200, data: { ok: true } });
      expect(await hashOf(staffId)).not.toBe(before);

      const refusals = await (
        await database()
      )
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
      const password = await (await auth()).handler(signInRequest("boss@crossroadsit.example", PASSWORD, "10.0.0.4"));
      const response = await passCodeStep(await auth(), ORIGIN, password, bossSecret, { origin: ORIGIN, [CLIENT_IP_HEADER]: "10.0.0.4" });
      const headers = new Headers({ cookie: cookieOf(response) });
      const before = await (await auth()).api.getSession({ headers });
      expect(before?.user.email).toBe("boss@crossroadsit.example");
      // Revoked from elsewhere (an administrator's "sign out everywhere" deletes the rows).
      await (await database()).delete(session).where(eq(session.userId, before!.user.id));
      expect(await (await auth()).api.getSession({ headers })).toBeNull();
    });
  });
}
