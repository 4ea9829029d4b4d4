/**
 * Two-factor sign-in's server rules on both databases (docs/requirements/accounts.md#two-factor-sign-in):
 * the admin guards refuse an administrator without it (however old the session), the code step's
 * action, backup codes once, no turning off for administrators, and the super-administrator's reset.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PASSWORD_CHANGE_MAX_TRIES } from "~/auth/account.server";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { requireAdmin, requireAdminApi } from "~/auth/session.server";
import { resetTwoFactorByEmail } from "~/auth/two-factor.server";
import { createStaffUser } from "~/auth/users.server";
import { auditLog, twoFactor, user } from "~/db/schema.server";
import { action as accountPageAction } from "~/routes/account/account";
import { action as accountAction } from "~/routes/account/two-factor";
import { action as usersAction } from "~/routes/admin/users";
import { action as codeStepAction } from "~/routes/auth/two-factor";
import type { AppServices } from "~/services.server";

import { cookieHeader, passCodeStep, signInCookie, totp, turnOnTwoFactor } from "../two-factor";
import { backends, clientAddresses, loadContext, nextCode, openFreshDatabase, postForm, settle } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";
const nextIp = clientAddresses(7);

/** Posts a form to a route action as the holder of `cookie`, as the browser does. */
const post = (action: (args: never) => unknown, path: string, cookie: string, form: Record<string, string>) =>
  postForm(action, path, cookie, form, nextIp());

/** The password step through better-auth's handler: the challenge cookie when it asks for a code. */
async function passwordStep(email: string): Promise<Response> {
  return (await loadContext()).services.auth.handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: nextIp() },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );
}

const adminPage = (cookie: string) => new Request(`${ORIGIN}/admin/leads?q=x`, { headers: { cookie } });

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`two-factor sign-in on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    const ids = { boss: "", ops: "", staff: "" };
    const secrets: Record<string, string> = {};
    const backups: Record<string, string[]> = {};
    /** ops@ signed in with the password and then a fresh code: the session's cookie. */
    const opsSignedIn = async () =>
      cookieHeader(
        (
          await passCodeStep(
            services.auth,
            ORIGIN,
            await passwordStep("ops@crossroadsit.example"),
            secrets.ops,
            {},
            await nextCode(secrets.ops!),
          )
        ).headers,
      );

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "two-factor");
      ({ services } = await loadContext());
      // boss@ is SUPER_ADMIN_EMAIL in vitest.integration.config.ts.
      ids.boss = (await createStaffUser(services, { email: "boss@crossroadsit.example", password: PASSWORD, admin: true })).id;
      ids.ops = (await createStaffUser(services, { email: "ops@crossroadsit.example", password: PASSWORD, admin: true })).id;
      ids.staff = (await createStaffUser(services, { email: "tech@crossroadsit.example", password: PASSWORD })).id;
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("refuses an administrator without it on every admin page and API, even with a session made before the rule", async () => {
      const instance = services.auth;
      const cookie = await signInCookie(instance, "ops@crossroadsit.example", PASSWORD);
      const page = (await settle(async () => requireAdmin(services, adminPage(cookie)))) as Response;
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/account/two-factor?required=1&redirectTo=%2Fadmin%2Fleads%3Fq%3Dx");
      const api = (await settle(async () =>
        requireAdminApi(services, new Request(`${ORIGIN}/storage/v1/bucket`, { headers: { cookie } })),
      )) as Response;
      expect(api.status).toBe(403);
      expect(await api.json()).toMatchObject({ code: "two_factor_required" });
      // A form posted to an admin page is not carried out.
      const created = await post(usersAction, "/admin/users", cookie, {
        intent: "create",
        email: "new@crossroadsit.example",
        password: PASSWORD,
      });
      expect((created as Response).status).toBe(302);
      expect((await services.db.select().from(user).where(eq(user.email, "new@crossroadsit.example"))).length).toBe(0);

      // Turned on: the same session (replaced by better-auth with a new one) opens the admin area.
      const on = await turnOnTwoFactor(instance, cookie, PASSWORD);
      secrets.ops = on.secret;
      backups.ops = on.backupCodes;
      await expect(requireAdmin(services, adminPage(on.cookie))).resolves.toMatchObject({
        isAdmin: true,
        twoFactorEnabled: true,
      });
      await expect(requireAdminApi(services, adminPage(on.cookie))).resolves.toMatchObject({ isAdmin: true });
      // Staff are not forced: still the Access Denied answer, not the setup page.
      const staff = (await settle(async () =>
        requireAdmin(services, adminPage(await signInCookie(instance, "tech@crossroadsit.example", PASSWORD))),
      )) as {
        init?: ResponseInit;
      };
      expect(staff.init?.status).toBe(403);
    });

    it("the code step signs in with the app's code (pasted with spaces), and refuses a wrong one", async () => {
      const step = await passwordStep("ops@crossroadsit.example");
      expect(await step.json()).toMatchObject({ twoFactorRedirect: true });
      const challenge = cookieHeader(step.headers);
      expect(challenge).toMatch(/two_factor=/);
      expect(challenge).not.toMatch(/session_token=[^;]/);

      const wrong = await post(codeStepAction, "/auth/two-factor", challenge, {
        code: totp(secrets.ops!) === "000000" ? "111111" : "000000",
      });
      expect(wrong).toMatchObject({ status: 401, data: { message: expect.stringContaining("not right") } });
      const malformed = await post(codeStepAction, "/auth/two-factor", challenge, { code: "12\u00003456" });
      expect(malformed).toMatchObject({ status: 400 });

      const code = await nextCode(secrets.ops!);
      const ok = (await post(codeStepAction, "/auth/two-factor", challenge, {
        code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
        redirectTo: "/admin/docs",
      })) as Response;
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/admin/docs");
      await expect(requireAdmin(services, adminPage(cookieHeader(ok.headers)))).resolves.toMatchObject({
        user: { email: "ops@crossroadsit.example" },
      });
      // The challenge is spent.
      const again = await post(codeStepAction, "/auth/two-factor", challenge, { code });
      expect(again).toMatchObject({ status: 401, data: { ok: false, code: "challenge_expired" } });
      // A new sign-in with the code just used: refused, and the page says why (each code works once).
      const replay = await post(
        codeStepAction,
        "/auth/two-factor",
        cookieHeader((await passwordStep("ops@crossroadsit.example")).headers),
        {
          code,
        },
      );
      expect(replay).toMatchObject({
        status: 401,
        data: { message: "That code was already used. Wait for the next code in your authenticator app." },
      });
    });

    it("a backup code signs in once, and its use is in the audit log", async () => {
      const code = backups.ops![0]!;
      const first = (await post(
        codeStepAction,
        "/auth/two-factor",
        cookieHeader((await passwordStep("ops@crossroadsit.example")).headers),
        {
          code: code.replace("-", ""),
          method: "backup",
        },
      )) as Response;
      expect(first.status).toBe(302);
      const second = await post(
        codeStepAction,
        "/auth/two-factor",
        cookieHeader((await passwordStep("ops@crossroadsit.example")).headers),
        {
          code,
          method: "backup",
        },
      );
      expect(second).toMatchObject({ status: 401, data: { message: "That backup code is not right, or it was already used." } });
      const rows = await services.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.event, "backup-code-used"), eq(auditLog.actorId, ids.ops)));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(code);
    });

    it("an administrator cannot turn it off, even by posting the form with the right password; staff can", async () => {
      const instance = services.auth;
      const ops = await opsSignedIn();
      const refused = await post(accountAction, "/account/two-factor", ops, { intent: "disable", password: PASSWORD });
      expect(refused).toMatchObject({ status: 403, data: { code: "forbidden" } });
      const [row] = await services.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, ids.ops));
      expect(row!.on).toBe(true);

      const staff = await turnOnTwoFactor(instance, await signInCookie(instance, "tech@crossroadsit.example", PASSWORD), PASSWORD);
      secrets.staff = staff.secret;
      const off = (await post(accountAction, "/account/two-factor", staff.cookie, { intent: "disable", password: PASSWORD })) as {
        status: number;
        headers: Headers;
      };
      expect(off.status).toBe(200);
      expect(off.headers.getSetCookie().join()).toMatch(/session_token=/);
      expect((await passwordStep("tech@crossroadsit.example")).status).toBe(200);
      expect(await (await passwordStep("tech@crossroadsit.example")).json()).not.toHaveProperty("twoFactorRedirect");
    });

    it("50 wrong passwords on the two-factor page, 25 at a time, use up the account page's allowance: the right one is then refused", async () => {
      const instance = services.auth;
      const email = "guessed@crossroadsit.example";
      const { id } = await createStaffUser(services, { email, password: PASSWORD });
      const { cookie } = await turnOnTwoFactor(instance, await signInCookie(instance, email, PASSWORD), PASSWORD);
      const guess = (i: number) =>
        post(accountAction, "/account/two-factor", cookie, { intent: "backup-codes", password: `Wrong-Guess-${i}-x` });
      const answers = [
        ...(await Promise.all(Array.from({ length: 25 }, (_, i) => guess(i)))),
        ...(await Promise.all(Array.from({ length: 25 }, (_, i) => guess(25 + i)))),
      ] as { status: number; data: Record<string, unknown> }[];
      // At most the allowance is checked, however many arrive at once.
      expect(answers.filter((a) => a.status === 400 && a.data.code === "invalid_password")).toHaveLength(PASSWORD_CHANGE_MAX_TRIES);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(50 - PASSWORD_CHANGE_MAX_TRIES);

      const tooMany = {
        status: 429,
        data: { code: "too_many_requests", message: expect.stringMatching(/^Too many tries\. Wait \d+ minutes?, then try again\.$/) },
      };
      expect(await post(accountAction, "/account/two-factor", cookie, { intent: "backup-codes", password: PASSWORD })).toMatchObject(
        tooMany,
      );
      expect(await post(accountAction, "/account/two-factor", cookie, { intent: "disable", password: PASSWORD })).toMatchObject(tooMany);
      // One allowance with the account page's password change: it says the same.
      const change = await post(accountPageAction, "/account", cookie, {
        intent: "change-password",
        currentPassword: PASSWORD,
        newPassword: "Copper-Meadow-Lamp-61",
        confirmPassword: "Copper-Meadow-Lamp-61",
      });
      expect(change).toMatchObject(tooMany);
      const [row] = await services.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, id));
      expect(row!.on).toBe(true);

      // Every try is in the audit log: the wrong ones checked, and the refused ones.
      const entries = await services.db.select().from(auditLog).where(eq(auditLog.actorId, id));
      const count = (event: string, outcome: string) => entries.filter((e) => e.event === event && e.outcome === outcome).length;
      expect(count("backup-codes-issued", "failure")).toBe(PASSWORD_CHANGE_MAX_TRIES);
      expect(count("backup-codes-issued", "refused")).toBe(50 - PASSWORD_CHANGE_MAX_TRIES + 1);
      expect(count("backup-codes-issued", "success")).toBe(0);
      expect(count("two-factor-disabled", "refused")).toBe(1);
      expect(count("password-changed", "refused")).toBe(1);
    });

    it("new backup codes, and every wrong password on the two-factor page, are in the audit log", async () => {
      const instance = services.auth;
      const email = "audited@crossroadsit.example";
      const { id } = await createStaffUser(services, { email, password: PASSWORD });
      const plain = await signInCookie(instance, email, PASSWORD);
      const wrong = { password: "Not-The-Password-1" };
      expect(await post(accountAction, "/account/two-factor", plain, { intent: "enable", ...wrong })).toMatchObject({
        status: 400,
        data: { code: "invalid_password" },
      });
      const { cookie } = await turnOnTwoFactor(instance, plain, PASSWORD);
      expect(await post(accountAction, "/account/two-factor", cookie, { intent: "backup-codes", ...wrong })).toMatchObject({ status: 400 });
      const made = await post(accountAction, "/account/two-factor", cookie, { intent: "backup-codes", password: PASSWORD });
      expect(made).toMatchObject({ status: 200, data: { ok: true, codes: expect.any(Array) } });
      expect(await post(accountAction, "/account/two-factor", cookie, { intent: "disable", ...wrong })).toMatchObject({ status: 400 });

      const entries = await services.db
        .select({ event: auditLog.event, outcome: auditLog.outcome, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.actorId, id));
      expect(entries).toEqual(
        expect.arrayContaining([
          { event: "two-factor-enabled", outcome: "failure", detail: "Wrong password." },
          { event: "backup-codes-issued", outcome: "failure", detail: "Wrong password." },
          { event: "backup-codes-issued", outcome: "success", detail: null },
          { event: "two-factor-disabled", outcome: "failure", detail: "Wrong password." },
        ]),
      );
      // Never a code or the password.
      const codes = (made as { data: Record<string, unknown> }).data.codes as string[];
      for (const secret of [...codes, PASSWORD, wrong.password]) expect(JSON.stringify(entries)).not.toContain(secret);
    });

    it("only the super-administrator resets someone's second factor, never their own; it ends their sessions", async () => {
      const instance = services.auth;
      const ops = await opsSignedIn();
      const bossOn = await turnOnTwoFactor(instance, await signInCookie(instance, "boss@crossroadsit.example", PASSWORD), PASSWORD);
      secrets.boss = bossOn.secret;
      const boss = bossOn.cookie;

      expect(await post(usersAction, "/admin/users", ops, { intent: "reset-two-factor", userId: ids.boss })).toMatchObject({
        status: 403,
        data: { code: "forbidden" },
      });
      expect(await post(usersAction, "/admin/users", boss, { intent: "reset-two-factor", userId: ids.boss })).toMatchObject({
        status: 400,
      });
      expect(await post(usersAction, "/admin/users", boss, { intent: "reset-two-factor", userId: "not-a-uuid" })).toMatchObject({
        status: 400,
      });

      const reset = await post(usersAction, "/admin/users", boss, { intent: "reset-two-factor", userId: ids.ops });
      expect(reset).toMatchObject({ status: 200, data: { ok: true, message: expect.stringContaining("set it up again") } });
      const db = services.db;
      expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, ids.ops))).toHaveLength(0);
      const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, ids.ops));
      expect(row!.on).toBe(false);
      // Signed out everywhere; the next sign-in needs no code and leads to the setup page.
      expect(await instance.api.getSession({ headers: new Headers({ cookie: ops }) })).toBeNull();
      const next = await passwordStep("ops@crossroadsit.example");
      expect(await next.clone().json()).not.toHaveProperty("twoFactorRedirect");
      const guard = (await settle(async () => requireAdmin(services, adminPage(cookieHeader(next.headers))))) as Response;
      expect(guard.headers.get("location")).toMatch(/^\/account\/two-factor\?required=1/);
      // The reset, and the two refusals (an ordinary administrator; the super-administrator's own account).
      const audit = await db.select().from(auditLog).where(eq(auditLog.event, "two-factor-reset"));
      expect(audit.filter((e) => e.outcome === "success")).toMatchObject([{ actorId: ids.boss, targetId: ids.ops }]);
      expect(audit.filter((e) => e.outcome === "refused").map((e) => [e.actorId, e.targetId])).toEqual(
        expect.arrayContaining([
          [ids.ops, ids.boss],
          [ids.boss, ids.boss],
        ]),
      );
    });

    it("the server command resets the super-administrator's own second factor when phone and backup codes are lost", async () => {
      const db = services.db;
      expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, ids.boss))).toHaveLength(1);
      const bossSession = cookieHeader(
        (
          await passCodeStep(
            services.auth,
            ORIGIN,
            await passwordStep("boss@crossroadsit.example"),
            secrets.boss,
            {
              origin: ORIGIN,
              [CLIENT_IP_HEADER]: nextIp(),
            },
            await nextCode(secrets.boss!),
          )
        ).headers,
      );
      expect(await services.auth.api.getSession({ headers: new Headers({ cookie: bossSession }) })).not.toBeNull();

      expect(await resetTwoFactorByEmail(db, "nobody@crossroadsit.example")).toBeNull();
      expect(await resetTwoFactorByEmail(db, " BOSS@crossroadsit.example ")).toEqual({ id: ids.boss, email: "boss@crossroadsit.example" });
      expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, ids.boss))).toHaveLength(0);
      const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, ids.boss));
      expect(row!.on).toBe(false);
      expect(await services.auth.api.getSession({ headers: new Headers({ cookie: bossSession }) })).toBeNull();
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.event, "two-factor-reset"), eq(auditLog.targetId, ids.boss), eq(auditLog.outcome, "success")));
      expect(entry).toMatchObject({ actorId: null, detail: "npm run user:reset-2fa on the server" });
      // The next sign-in needs no code, and the admin area sends them to set it up again.
      const next = await passwordStep("boss@crossroadsit.example");
      expect(await next.clone().json()).not.toHaveProperty("twoFactorRedirect");
      const guard = (await settle(async () => requireAdmin(services, adminPage(cookieHeader(next.headers))))) as Response;
      expect(guard.headers.get("location")).toMatch(/^\/account\/two-factor\?required=1/);
    });
  });
}
