/**
 * The ways around two-factor sign-in, closed (docs/requirements/accounts.md#two-factor-sign-in), on both
 * databases: a session opens the admin area only when that session itself passed the second factor;
 * turning the factor on ends every other session; "trust this device" is refused, and a cookie it
 * set before no longer skips the code; the code that confirms setup cannot sign in again; no
 * /api/auth answer carries a token.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { requireAdmin, requireAdminApi } from "~/auth/session.server";
import { createStaffUser } from "~/auth/users.server";
import { session, user, verification } from "~/db/schema.server";
import { action as accountPageAction } from "~/routes/account/account";
import { action as accountAction } from "~/routes/account/two-factor";
import { action as usersAction } from "~/routes/admin/users";
import { action as apiAuthAction, loader as apiAuthLoader } from "~/routes/api/auth";
import type { AppServices } from "~/services.server";

import { cookieHeader, passCodeStep, secretOf, signInCookie, totp, turnOnTwoFactor } from "../two-factor";
import {
  backends,
  clientAddresses,
  loadContext,
  nextCode,
  openFreshDatabase,
  postForm,
  settle,
  type ActionAnswer as Answer,
} from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";
const nextIp = clientAddresses(11);
let accounts = 0;

/** Posts a form to a route action as the holder of `cookie`, as the browser does. */
const post = (action: (args: never) => unknown, path: string, cookie: string, form: Record<string, string>) =>
  postForm(action, path, cookie, form, nextIp());

/** A request to /api/auth/* through its route module (the path every browser and API client takes). */
async function apiAuth(path: string, init: { cookie?: string; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, [CLIENT_IP_HEADER]: nextIp() };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${ORIGIN}/api/auth${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const args = { request, params: {}, context: await loadContext(request) } as never;
  return (await (init.body === undefined ? apiAuthLoader(args) : apiAuthAction(args))) as Response;
}

const adminPage = (cookie: string) => new Request(`${ORIGIN}/admin/users`, { headers: { cookie } });

/** A new administrator account without two-factor sign-in (a new admin, or one whose factor was reset). */
async function newAdmin(): Promise<{ id: string; email: string }> {
  const email = `admin${++accounts}@crossroadsit.example`;
  const { id } = await createStaffUser((await loadContext()).services, { email, password: PASSWORD, admin: true });
  return { id, email };
}

/** Turns two-factor sign-in on at /account/two-factor, as its holder does: the password, then a first code. */
async function turnOnAtAccountPage(cookie: string): Promise<{ secret: string; code: string; cookie: string; answer: Answer }> {
  const started = (await post(accountAction, "/account/two-factor", cookie, { intent: "enable", password: PASSWORD })) as Answer;
  const uri = (started.data.setup as { uri: string }).uri;
  const secret = secretOf(uri);
  const code = totp(secret);
  const answer = (await post(accountAction, "/account/two-factor", cookie, { intent: "confirm", code, uri })) as Answer;
  expect(answer).toMatchObject({ status: 200, data: { ok: true, intent: "confirm" } });
  return { secret, code, cookie: cookieHeader(answer.headers), answer };
}

const sessionsOf = async (userId: string) => (await loadContext()).services.db.select().from(session).where(eq(session.userId, userId));

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`second-factor sessions on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "second-factor");
      ({ services } = await loadContext());
      // boss@ is SUPER_ADMIN_EMAIL in vitest.integration.config.ts.
      await createStaffUser(services, { email: "boss@crossroadsit.example", password: PASSWORD, admin: true });
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("a session signed in with the password alone never opens the admin area once the account turns two-factor on elsewhere", async () => {
      const instance = services.auth;
      const admin = await newAdmin();
      // The attacker's sessions, made with the password alone (twenty, five at a time: the sign-in throttle
      // checks at most ten attempts of one account at once), and the real person's.
      const stolen: string[] = [];
      for (let batch = 0; batch < 4; batch++)
        stolen.push(...(await Promise.all(Array.from({ length: 5 }, () => signInCookie(instance, admin.email, PASSWORD)))));
      const real = await signInCookie(instance, admin.email, PASSWORD);
      // The real person turns it on through better-auth directly, which ends no other session.
      const on = await turnOnTwoFactor(instance, real, PASSWORD);

      const guards = (await Promise.all(
        stolen.map((cookie) => settle(async () => requireAdmin(services, adminPage(cookie)))),
      )) as Response[];
      for (const guard of guards) {
        expect(guard).toBeInstanceOf(Response);
        expect(guard.status).toBe(302);
        expect(guard.headers.get("location")).toBe("/auth/login?redirectTo=%2Fadmin%2Fusers");
      }
      // Sent to sign in again: those sessions are over.
      for (const cookie of stolen) expect(await instance.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
      // The admin API and an admin form refuse too.
      const another = await signInCookie(instance, "boss@crossroadsit.example", PASSWORD);
      await services.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, "boss@crossroadsit.example"));
      const api = (await settle(async () => requireAdminApi(services, adminPage(another)))) as Response;
      expect(api.status).toBe(403);
      expect(await api.json()).toMatchObject({ code: "second_factor_session_required" });
      await services.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.email, "boss@crossroadsit.example"));
      const created = (await post(usersAction, "/admin/users", stolen[0]!, {
        intent: "create",
        email: "planted@crossroadsit.example",
        password: PASSWORD,
      })) as Response;
      expect(created.status).toBe(302);
      expect(await services.db.select().from(user).where(eq(user.email, "planted@crossroadsit.example"))).toHaveLength(0);

      // The session that completed setup opens it, and so does one that passed the code step.
      await expect(requireAdmin(services, adminPage(on.cookie))).resolves.toMatchObject({
        user: { id: admin.id },
        sessionPassedSecondFactor: true,
      });
      const signIn = await apiAuth("/sign-in/email", { body: { email: admin.email, password: PASSWORD } });
      const coded = await passCodeStep(instance, ORIGIN, signIn, on.secret, { origin: ORIGIN }, await nextCode(on.secret));
      expect(coded.status).toBe(200);
      await expect(requireAdmin(services, adminPage(cookieHeader(coded.headers)))).resolves.toMatchObject({
        user: { id: admin.id },
      });
    });

    it("a session made with the password alone cannot make new backup codes or turn the factor off, even with the password", async () => {
      const instance = services.auth;
      const email = `staff${++accounts}@crossroadsit.example`;
      const { id } = await createStaffUser(services, { email, password: PASSWORD, admin: false });
      // A password-only session from before the factor was on (through better-auth directly, which ends no other session).
      const stolen = await signInCookie(instance, email, PASSWORD);
      const on = await turnOnTwoFactor(instance, await signInCookie(instance, email, PASSWORD), PASSWORD);
      const before = await instance.api.viewBackupCodes({ body: { userId: id } });

      const attempts = (await Promise.all(
        ["backup-codes", "disable"].map((intent) => post(accountAction, "/account/two-factor", stolen, { intent, password: PASSWORD })),
      )) as Answer[];
      for (const answer of attempts) {
        expect(answer.status).toBe(403);
        expect(answer.data).toMatchObject({ ok: false, code: "second_factor_session_required" });
        expect(answer.data.codes).toBeUndefined();
      }
      expect((await instance.api.viewBackupCodes({ body: { userId: id } })).backupCodes).toEqual(before.backupCodes);
      const [row] = await services.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, id));
      expect(row!.on).toBe(true);

      // The session that passed the factor can.
      const fresh = (await post(accountAction, "/account/two-factor", on.cookie, { intent: "backup-codes", password: PASSWORD })) as Answer;
      expect(fresh).toMatchObject({ status: 200, data: { ok: true } });
    });

    it("a wrong first code at setup, typed twice, is called wrong both times (not 'already used')", async () => {
      const instance = services.auth;
      const admin = await newAdmin();
      const cookie = await signInCookie(instance, admin.email, PASSWORD);
      const started = (await post(accountAction, "/account/two-factor", cookie, { intent: "enable", password: PASSWORD })) as Answer;
      const uri = (started.data.setup as { uri: string }).uri;
      const right = totp(secretOf(uri));
      const wrong = right === "000000" ? "111111" : "000000";
      for (let i = 0; i < 2; i++) {
        const answer = (await post(accountAction, "/account/two-factor", cookie, { intent: "confirm", code: wrong, uri })) as Answer;
        expect(answer).toMatchObject({ status: 400, data: { ok: false, code: "invalid_code" } });
      }
    });

    it("turning two-factor sign-in on at /account/two-factor ends every other session of the account", async () => {
      const instance = services.auth;
      const admin = await newAdmin();
      const others = await Promise.all(Array.from({ length: 3 }, () => signInCookie(instance, admin.email, PASSWORD)));
      const mine = await signInCookie(instance, admin.email, PASSWORD);
      const on = await turnOnAtAccountPage(mine);
      for (const cookie of others) expect(await instance.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
      const left = await sessionsOf(admin.id);
      expect(left).toHaveLength(1);
      expect(left[0]!.twoFactorVerifiedAt).toBeInstanceOf(Date);
      await expect(requireAdmin(services, adminPage(on.cookie))).resolves.toMatchObject({ user: { id: admin.id } });
    });

    it("the code that confirms the authenticator at setup cannot be used again to sign in", async () => {
      const admin = await newAdmin();
      const on = await turnOnAtAccountPage(await signInCookie(services.auth, admin.email, PASSWORD));
      // Someone who saw the code (over a shoulder, in a screen share) and knows the password signs in with it at once.
      const signIn = await apiAuth("/sign-in/email", { body: { email: admin.email, password: PASSWORD } });
      expect(await signIn.clone().json()).toMatchObject({ twoFactorRedirect: true });
      const replay = await apiAuth("/two-factor/verify-totp", { cookie: cookieHeader(signIn.headers), body: { code: on.code } });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ code: "CODE_ALREADY_USED" });
      expect(cookieHeader(replay.headers)).not.toMatch(/session_token=/);
      // And it cannot confirm a setup twice either (a second setup of the same account, say).
      const staff = await signInCookie(services.auth, "boss@crossroadsit.example", PASSWORD);
      const started = (await post(accountAction, "/account/two-factor", staff, { intent: "enable", password: PASSWORD })) as Answer;
      const uri = (started.data.setup as { uri: string }).uri;
      const code = totp(secretOf(uri));
      const confirms = await Promise.all(
        Array.from({ length: 20 }, () => post(accountAction, "/account/two-factor", staff, { intent: "confirm", code, uri })),
      );
      expect(confirms.filter((c) => (c as Answer).data?.ok === true)).toHaveLength(1);
      expect(confirms.filter((c) => (c as Answer).data?.code === "code_already_used").length).toBeGreaterThanOrEqual(19);
    });

    it("the code step refuses 'trust this device' (and the same challenge then signs in with the code)", async () => {
      const instance = services.auth;
      const admin = await newAdmin();
      const on = await turnOnTwoFactor(instance, await signInCookie(instance, admin.email, PASSWORD), PASSWORD);
      const challenge = async () =>
        cookieHeader((await apiAuth("/sign-in/email", { body: { email: admin.email, password: PASSWORD } })).headers);

      const first = await challenge();
      for (const path of ["/two-factor/verify-totp", "/two-factor/verify-backup-code"]) {
        const code = path.endsWith("totp") ? await nextCode(on.secret) : on.backupCodes[0]!;
        const refused = await apiAuth(path, { cookie: first, body: { code, trustDevice: true } });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ code: "TRUST_DEVICE_REFUSED", message: expect.stringContaining("trustDevice") });
        expect(refused.headers.getSetCookie().join()).not.toMatch(/trust_device|session_token/);
      }
      // Refused before the code was looked at: the same challenge still signs in with the code.
      const signedIn = await apiAuth("/two-factor/verify-totp", { cookie: first, body: { code: await nextCode(on.secret) } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.getSetCookie().join()).not.toMatch(/trust_device/);
    });

    it("a sign-in with a trust-device cookie issued before still asks for the code", async () => {
      const instance = services.auth;
      const admin = await newAdmin();
      await turnOnTwoFactor(instance, await signInCookie(instance, admin.email, PASSWORD), PASSWORD);
      // A cookie that better-auth's "trust this device" set before (its signed value, its verification row).
      const { secret } = await instance.$context;
      const identifier = `trust-device-${"x".repeat(32)}`;
      const token = createHmac("sha256", secret).update(`${admin.id}!${identifier}`).digest("base64url");
      await services.db.insert(verification).values({ identifier, value: admin.id, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
      const value = `${token}!${identifier}`;
      const signature = createHmac("sha256", secret).update(value).digest("base64");
      const trusted = `better-auth.trust_device=${encodeURIComponent(`${value}.${signature}`)}`;
      const again = await apiAuth("/sign-in/email", { cookie: trusted, body: { email: admin.email, password: PASSWORD } });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ twoFactorRedirect: true });
      expect(again.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
      expect(await sessionsOf(admin.id)).toHaveLength(1); // setup's only
    });

    it("no /api/auth answer carries a token: sign-in, the code step and get-session", async () => {
      const instance = services.auth;
      const staff = `staff${++accounts}@crossroadsit.example`;
      await createStaffUser(services, { email: staff, password: PASSWORD });
      const signIn = await apiAuth("/sign-in/email", { body: { email: staff, password: PASSWORD } });
      expect(signIn.status).toBe(200);
      const signInBody = await signIn.json();
      expect(signInBody).toMatchObject({ user: { email: staff } });
      const cookie = cookieHeader(signIn.headers);
      const sessionToken = decodeURIComponent(cookie.match(/session_token=([^;]+)/)![1]!).split(".")[0]!;
      expect(sessionToken.length).toBeGreaterThan(16);
      const got = await apiAuth("/get-session", { cookie });
      const gotBody = await got.json();
      expect(gotBody).toMatchObject({ user: { email: staff }, session: { expiresAt: expect.any(String) } });

      const admin = await newAdmin();
      const on = await turnOnTwoFactor(instance, await signInCookie(instance, admin.email, PASSWORD), PASSWORD);
      const step = await apiAuth("/sign-in/email", { body: { email: admin.email, password: PASSWORD } });
      const coded = await apiAuth("/two-factor/verify-totp", {
        cookie: cookieHeader(step.headers),
        body: { code: await nextCode(on.secret) },
      });
      expect(coded.status).toBe(200);
      const codedBody = await coded.json();
      expect(codedBody).toMatchObject({ user: { email: admin.email } });
      const codedToken = decodeURIComponent(cookieHeader(coded.headers).match(/session_token=([^;]+)/)![1]!).split(".")[0]!;

      for (const body of [signInBody, gotBody, codedBody]) {
        const text = JSON.stringify(body);
        expect(text).not.toMatch(/token/i);
        expect(text).not.toContain(sessionToken);
        expect(text).not.toContain(codedToken);
      }
    });

    it("the code step over HTTP finishes a sign-in only: a session cannot confirm a setup through it", async () => {
      const instance = services.auth;
      const admin = await newAdmin();
      const cookie = await signInCookie(instance, admin.email, PASSWORD);
      const started = (await post(accountAction, "/account/two-factor", cookie, { intent: "enable", password: PASSWORD })) as Answer;
      const code = totp(secretOf((started.data.setup as { uri: string }).uri));
      const direct = await apiAuth("/two-factor/verify-totp", { cookie, body: { code } });
      expect(direct.status).toBe(401);
      const [row] = await services.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, admin.id));
      expect(row!.on).toBe(false);
    });

    it("changing the password ends every other session and keeps this one's second factor", async () => {
      const instance = services.auth;
      const admin = await newAdmin();
      const on = await turnOnTwoFactor(instance, await signInCookie(instance, admin.email, PASSWORD), PASSWORD);
      const signIn = await apiAuth("/sign-in/email", { body: { email: admin.email, password: PASSWORD } });
      const other = cookieHeader(
        (await passCodeStep(instance, ORIGIN, signIn, on.secret, { origin: ORIGIN }, await nextCode(on.secret))).headers,
      );
      await expect(requireAdmin(services, adminPage(other))).resolves.toBeTruthy();

      const changed = (await post(accountPageAction, "/account", on.cookie, {
        intent: "change-password",
        currentPassword: PASSWORD,
        newPassword: "Copper-Meadow-Lamp-61",
        confirmPassword: "Copper-Meadow-Lamp-61",
      })) as Response;
      expect(changed.status).toBe(303);
      expect(await instance.api.getSession({ headers: new Headers({ cookie: other }) })).toBeNull();
      expect(await instance.api.getSession({ headers: new Headers({ cookie: on.cookie }) })).toBeNull();
      const renewed = cookieHeader(changed.headers);
      await expect(requireAdmin(services, adminPage(renewed))).resolves.toMatchObject({
        user: { id: admin.id },
        sessionPassedSecondFactor: true,
      });
      expect(await sessionsOf(admin.id)).toHaveLength(1);
    });
  });
}
