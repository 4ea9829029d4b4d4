/**
 * Password reset by e-mail and the account page, through their route modules, on both databases
 * (docs/requirements/accounts.md#password-reset, #account-page): the link is single-use and expires after
 * 30 minutes (the verification row's expiry moved into the past), the same answer for unknown
 * addresses, throttling, no e-mail configured, sessions ended, another user's session refused,
 * administrators sending links, and the audit entries each step writes.
 */
import { and, desc, eq, like, sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAuth, type Auth } from "~/auth/auth.server";
import { ACCOUNT_FAILURE_LIMIT, CLIENT_IP_HEADER, RESET_TOKEN_SECONDS } from "~/auth/config";
import { requestReset, RESET_REQUESTS_PER_EMAIL } from "~/auth/password-reset.server";
import { createStaffUser } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import { auditLog, session, verification } from "~/db/schema.server";
import { env } from "~/env.server";
import type { Mailer } from "~/mailer.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account/account";
import { action as usersAction } from "~/routes/admin/users";
import { action as forgotAction, loader as forgotLoader } from "~/routes/auth/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/auth/reset-password";
import type { AppServices } from "~/services.server";

import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, clientAddresses, cookieOf, loadContext, openFreshDatabase } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";
const NEW_PASSWORD = "Copper-Meadow-Lamp-61";
const nextIp = clientAddresses(8);

/** What a route function gave: a Response (thrown or returned) or data(...) with its status. */
type Answer = { status: number; data: Record<string, unknown>; headers: Headers; response?: Response };
async function call(fn: (args: never) => unknown, request: Request, context: AppLoadContext): Promise<Answer> {
  let result: unknown;
  try {
    result = await fn({ request, params: {}, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: {}, headers: result.headers, response: result };
  const wrapped = result as { type?: string; data?: Record<string, unknown>; init?: ResponseInit | null };
  if (wrapped && wrapped.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data ?? {}, headers: new Headers(wrapped.init?.headers) };
  return { status: 200, data: (result ?? {}) as Record<string, unknown>, headers: new Headers() };
}

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, [CLIENT_IP_HEADER]: nextIp(), ...headers },
    body: new URLSearchParams(fields),
  });

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { headers: { [CLIENT_IP_HEADER]: "10.7.0.1", ...headers } });

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`password reset and the account page on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    let db: Database;
    let withMail: AppLoadContext;
    let withoutMail: AppLoadContext;
    let mailAuth: Auth;
    const sent: SendMailOptions[] = [];
    const mailer: Mailer = { send: async (message) => sent.push(message) };

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "reset");
      ({ services } = await loadContext());
      db = services.db;
      mailAuth = createAuth(db, env(), { mailer });
      const base = { ...(await loadContext()).services, db };
      const ctx = (services: AppLoadContext["services"]) => ({ services, clientAddress: "10.7.0.1", requestId: "test", cspNonce: "" });
      withMail = ctx({ ...base, auth: mailAuth, mailer });
      withoutMail = ctx({ ...base, auth: createAuth(db, env(), { mailer: undefined }) });
    });

    afterAll(async () => {
      await closeFresh();
    });

    /** Signs in from a fresh client address (no rate limit reached) with `userAgent`: the session's cookie. */
    const signIn = (email: string, password: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0") =>
      signInCookie(mailAuth, email, password, { [CLIENT_IP_HEADER]: nextIp(), "user-agent": userAgent });

    const sessionOf = async (cookie: string) => mailAuth.api.getSession({ headers: new Headers({ cookie }) });

    /** Asks for a link through the page; returns the token of the e-mail it sent. */
    async function requestLink(email: string): Promise<string> {
      const before = sent.length;
      const answer = await call(forgotAction, form("/auth/forgot-password", { email }), withMail);
      expect(answer.status).toBe(200);
      await expect.poll(() => sent.length).toBe(before + 1);
      const text = String(sent.at(-1)!.text);
      return /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1];
    }

    /** Opens the link as a browser would: the token goes into a cookie, out of the address. */
    async function openLink(token: string): Promise<string> {
      const answer = await call(resetLoader, get(`/auth/reset-password?token=${token}`), withMail);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/auth/reset-password");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
      return cookieOf(answer.response!);
    }

    const audits = (event: string) => db.select().from(auditLog).where(eq(auditLog.event, event)).orderBy(desc(auditLog.at));

    it("e-mails a single-use link valid 30 minutes; weak passwords are refused with reasons; the reset ends every session", async () => {
      const email = "reset-me@crossroadsit.example";
      await createStaffUser(services, { email, password: PASSWORD });
      const first = await signIn(email, PASSWORD);
      const second = await signIn(email, PASSWORD);

      const token = await requestLink(email);
      const mail = sent.at(-1)!;
      expect(mail.to).toBe(email);
      expect(String(mail.text)).toContain(`${ORIGIN}/auth/reset-password?token=${token}`);
      expect(String(mail.text)).toContain("within 30 minutes");
      // The token expires 30 minutes after the request.
      const [row] = await db
        .select()
        .from(verification)
        .where(eq(verification.identifier, `reset-password:${token}`));
      const lifetime = (new Date(row.expiresAt).getTime() - Date.now()) / 1000;
      expect(lifetime).toBeGreaterThan(RESET_TOKEN_SECONDS - 60);
      expect(lifetime).toBeLessThanOrEqual(RESET_TOKEN_SECONDS);

      const cookie = await openLink(token);
      expect(cookie).toBe(`crossroads.reset=${token}`);
      const page = await call(resetLoader, get("/auth/reset-password", { cookie }), withMail);
      expect(page.data).toEqual({ state: "form", email });

      const weak = await call(
        resetAction,
        form("/auth/reset-password", { password: "reset-me-1", confirm: "reset-me-1" }, { cookie }),
        withMail,
      );
      expect(weak.status).toBe(400);
      expect(weak.data.details).toEqual(
        expect.arrayContaining(["Use at least 12 characters.", "Do not use your e-mail address in the password."]),
      );
      const differ = await call(
        resetAction,
        form("/auth/reset-password", { password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` }, { cookie }),
        withMail,
      );
      expect(differ.data).toMatchObject({ ok: false, fieldErrors: { confirm: "The two passwords differ. Type the same password twice." } });

      const done = await call(
        resetAction,
        form("/auth/reset-password", { password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { cookie }),
        withMail,
      );
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe("/auth/login?reset=done");
      expect(done.headers.get("set-cookie")).toMatch(/^crossroads\.reset=; Path=\/auth; Max-Age=0/);
      // Every session ended; the new password works, the old one does not.
      expect(await sessionOf(first)).toBeNull();
      expect(await sessionOf(second)).toBeNull();
      await signIn(email, NEW_PASSWORD);
      // The "changed" e-mail went out.
      await expect.poll(() => sent.filter((m) => m.to === email && /was changed/.test(String(m.subject))).length).toBe(1);

      // Single use: the same link again is refused, on the page and on the form.
      expect((await call(resetLoader, get("/auth/reset-password", { cookie }), withMail)).data).toEqual({ state: "invalid" });
      const again = await call(
        resetAction,
        form("/auth/reset-password", { password: "Other-Good-Pass-77", confirm: "Other-Good-Pass-77" }, { cookie }),
        withMail,
      );
      expect(again.data).toMatchObject({ ok: false, code: "invalid_link" });
      await signIn(email, NEW_PASSWORD);

      // The audit log: requested (with the account) and completed; never the token.
      const [requested] = await audits("password-reset-requested");
      expect(requested).toMatchObject({ outcome: "success", targetEmail: email });
      const [completed] = await audits("password-reset-completed");
      expect(completed).toMatchObject({ outcome: "success", actorEmail: email });
      const all = await db.select().from(auditLog);
      expect(JSON.stringify(all)).not.toContain(token);
    });

    it("a link older than 30 minutes no longer works", async () => {
      const email = "slow-reader@crossroadsit.example";
      await createStaffUser(services, { email, password: PASSWORD });
      const token = await requestLink(email);
      const cookie = await openLink(token);
      expect((await call(resetLoader, get("/auth/reset-password", { cookie }), withMail)).data).toMatchObject({ state: "form" });
      // 31 minutes later.
      await db
        .update(verification)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(verification.identifier, `reset-password:${token}`));
      expect((await call(resetLoader, get("/auth/reset-password", { cookie }), withMail)).data).toEqual({ state: "invalid" });
      const late = await call(
        resetAction,
        form("/auth/reset-password", { password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { cookie }),
        withMail,
      );
      expect(late.data).toMatchObject({ ok: false, code: "invalid_link" });
      // better-auth itself refuses the expired token too (no shortcut through our own check).
      await expect(mailAuth.api.resetPassword({ body: { token, newPassword: NEW_PASSWORD } })).rejects.toMatchObject({
        body: { code: "INVALID_TOKEN" },
      });
      await signIn(email, PASSWORD);
    });

    /** The tokens of the reset e-mails sent to `email`, oldest first. */
    const tokensSentTo = (email: string) =>
      sent
        .filter((m) => m.to === email && /\/auth\/reset-password\?token=/.test(String(m.text)))
        .map((m) => /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(String(m.text))![1]);
    /** Whether the link still opens the form (and the reset page's action would take it). */
    const linkWorks = async (token: string) =>
      (await call(resetLoader, get("/auth/reset-password", { cookie: `crossroads.reset=${token}` }), withMail)).data.state === "form";
    const liveLinksOf = async (userId: string) =>
      db
        .select({ identifier: verification.identifier })
        .from(verification)
        .where(and(eq(verification.value, userId), like(verification.identifier, "reset-password:%")));
    /** A link made before this rule, or by a request that raced another: stored as better-auth stores one. */
    async function storedLink(userId: string): Promise<string> {
      const token = Array.from({ length: 24 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("");
      await db.insert(verification).values({
        identifier: `reset-password:${token}`,
        value: userId,
        expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
      });
      return token;
    }
    const resetWith = (token: string, password: string) =>
      call(resetAction, form("/auth/reset-password", { password, confirm: password }, { cookie: `crossroads.reset=${token}` }), withMail);

    it("a new link, a used link, a password change or an administrator's new password ends every older link", async () => {
      const email = "many-links@crossroadsit.example";
      const { id } = await createStaffUser(services, { email, password: PASSWORD });

      // Asking again: the older link stops working, the new one works.
      const first = await requestLink(email);
      const second = await requestLink(email);
      expect(await linkWorks(first)).toBe(false);
      expect(await linkWorks(second)).toBe(true);
      expect(await liveLinksOf(id)).toHaveLength(1);

      // Using one (with another still out, e.g. made before this rule): the other ends with it.
      const other = await storedLink(id);
      expect(await linkWorks(other)).toBe(true);
      expect(await resetWith(second, NEW_PASSWORD)).toMatchObject({ status: 303 });
      expect(await linkWorks(other)).toBe(false);
      expect((await resetWith(other, "Attacker-Chosen-Pass-88")).data).toMatchObject({ ok: false, code: "invalid_link" });
      await signIn(email, NEW_PASSWORD);

      // Changing the password on /account: the link asked for before no longer works.
      const beforeChange = await requestLink(email);
      const here = await signIn(email, NEW_PASSWORD);
      const changed = await call(
        accountAction,
        form(
          "/account",
          { intent: "change-password", currentPassword: NEW_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
          { cookie: here },
        ),
        withMail,
      );
      expect(changed.status).toBe(303);
      expect(await linkWorks(beforeChange)).toBe(false);
      expect((await resetWith(beforeChange, "Attacker-Chosen-Pass-88")).data).toMatchObject({ ok: false, code: "invalid_link" });
      await signIn(email, PASSWORD);

      // An administrator setting it: the same (issued directly: the page's limit of 3 per address is used up).
      await requestReset({ db, auth: mailAuth }, email, form("/auth/forgot-password", { email }));
      await expect.poll(() => tokensSentTo(email).length).toBe(4);
      const beforeAdmin = tokensSentTo(email).at(-1)!;
      expect(await linkWorks(beforeAdmin)).toBe(true);
      await createStaffUser(services, { email: "links-admin@crossroadsit.example", password: PASSWORD, admin: true });
      const admin = (await turnOnTwoFactor(mailAuth, await signIn("links-admin@crossroadsit.example", PASSWORD), PASSWORD)).cookie;
      const set = await call(
        usersAction,
        form("/admin/users", { intent: "reset-password", userId: id, password: NEW_PASSWORD }, { cookie: admin }),
        withMail,
      );
      expect(set).toMatchObject({ status: 200, data: { ok: true } });
      expect(await linkWorks(beforeAdmin)).toBe(false);
      expect(await liveLinksOf(id)).toHaveLength(0);
    });

    it("of 20 reset requests for one account at the same moment, only one link works, and it is one that was sent", async () => {
      const email = "racing-links@crossroadsit.example";
      const { id } = await createStaffUser(services, { email, password: PASSWORD });
      // The server function itself: the page would refuse all but 3 of them.
      await Promise.all(
        Array.from({ length: 20 }, () => requestReset({ db, auth: mailAuth }, email, form("/auth/forgot-password", { email }))),
      );
      await expect.poll(() => tokensSentTo(email).length).toBe(20);
      const live = await liveLinksOf(id);
      expect(live).toHaveLength(1);
      const tokens = tokensSentTo(email);
      const kept = live[0]!.identifier.replace("reset-password:", "");
      expect(tokens).toContain(kept);
      const works = await Promise.all(tokens.map(linkWorks));
      expect(works.filter(Boolean)).toHaveLength(1);
      expect(await resetWith(kept, NEW_PASSWORD)).toMatchObject({ status: 303 });
      await signIn(email, NEW_PASSWORD);
    });

    it("of 20 outstanding links used at the same moment, one sets the password and the others are refused", async () => {
      const email = "racing-resets@crossroadsit.example";
      const { id } = await createStaffUser(services, { email, password: PASSWORD });
      const tokens = await Promise.all(Array.from({ length: 20 }, () => storedLink(id)));
      const passwords = tokens.map((_, i) => `Copper-Meadow-Lamp-${10 + i}`);
      const answers = await Promise.all(tokens.map((token, i) => resetWith(token, passwords[i]!)));
      const done = answers.flatMap((answer, i) => (answer.status === 303 ? [i] : []));
      expect(done).toHaveLength(1);
      for (const [i, answer] of answers.entries())
        if (i !== done[0]) expect(answer.data).toMatchObject({ ok: false, code: "invalid_link" });
      expect(await liveLinksOf(id)).toHaveLength(0);
      await signIn(email, passwords[done[0]!]!);
    });

    it("answers an unknown address exactly like a known one, sends nothing and records no address", async () => {
      const before = sent.length;
      const unknown = await call(forgotAction, form("/auth/forgot-password", { email: "Nobody@Crossroadsit.example" }), withMail);
      expect(unknown).toMatchObject({ status: 200, data: { ok: true, email: "nobody@crossroadsit.example" } });
      await new Promise((r) => setTimeout(r, 100));
      expect(sent.length).toBe(before);
      const [entry] = await audits("password-reset-requested");
      expect(entry).toMatchObject({ outcome: "failure", targetEmail: null, targetId: null });
      // A bad address is a field error, and a NUL byte is not a 500.
      expect((await call(forgotAction, form("/auth/forgot-password", { email: "not-an-address" }), withMail)).status).toBe(400);
      expect((await call(forgotAction, form("/auth/forgot-password", { email: "a\0b@example.com" }), withMail)).status).toBe(400);
      // A junk token in the link is not looked up and not kept.
      const junk = await call(resetLoader, get("/auth/reset-password?token=%00'%20or%201=1"), withMail);
      expect(junk.status).toBe(303);
      expect(junk.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    });

    it("throttles requests per address asked for", async () => {
      const email = "popular@crossroadsit.example";
      await createStaffUser(services, { email, password: PASSWORD });
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++)
        expect((await call(forgotAction, form("/auth/forgot-password", { email }), withMail)).status).toBe(200);
      const refused = await call(forgotAction, form("/auth/forgot-password", { email }), withMail);
      expect(refused.status).toBe(429);
      expect(String(refused.data.message)).toMatch(/^Too many reset requests\. Wait \d+ minutes?, then try again\.$/);
      // The unknown address gets the same limit (so the refusal says nothing about the account).
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++)
        await call(forgotAction, form("/auth/forgot-password", { email: "ghost@crossroadsit.example" }), withMail);
      expect((await call(forgotAction, form("/auth/forgot-password", { email: "ghost@crossroadsit.example" }), withMail)).status).toBe(429);
    });

    it("without e-mail configured, the page offers no form and refuses a post", async () => {
      expect(await call(forgotLoader, get("/auth/forgot-password"), withoutMail)).toMatchObject({ data: { mailEnabled: false } });
      expect(await call(forgotLoader, get("/auth/forgot-password"), withMail)).toMatchObject({ data: { mailEnabled: true } });
      const refused = await call(forgotAction, form("/auth/forgot-password", { email: "reset-me@crossroadsit.example" }), withoutMail);
      expect(refused.status).toBe(409);
      expect(refused.data.message).toBe("E-mail is not set up on this site. Ask an administrator.");
    });

    it("administrators send reset links under the same rule as resetting a password", async () => {
      const boss = "boss@crossroadsit.example"; // SUPER_ADMIN_EMAIL of the integration tests
      const bossId = (await createStaffUser(services, { email: boss, password: PASSWORD, admin: true })).id;
      const opsId = (await createStaffUser(services, { email: "ops2@crossroadsit.example", password: PASSWORD, admin: true })).id;
      const staffId = (await createStaffUser(services, { email: "staff2@crossroadsit.example", password: PASSWORD })).id;
      // Administrators use the admin area only with two-factor sign-in on (docs/requirements/accounts.md#two-factor-sign-in).
      const opsCookie = (await turnOnTwoFactor(mailAuth, await signIn("ops2@crossroadsit.example", PASSWORD), PASSWORD)).cookie;
      const bossCookie = (await turnOnTwoFactor(mailAuth, await signIn(boss, PASSWORD), PASSWORD)).cookie;
      const post = (cookie: string, userId: string, ctx = withMail) =>
        call(usersAction, form("/admin/users", { intent: "send-reset-link", userId }, { cookie }), ctx);

      const before = sent.length;
      expect(await post(opsCookie, bossId)).toMatchObject({ status: 403, data: { code: "forbidden" } });
      expect(sent.length).toBe(before);
      expect(await post(opsCookie, staffId)).toMatchObject({ status: 200, data: { ok: true } });
      expect(await post(bossCookie, opsId)).toMatchObject({ status: 200, data: { ok: true } });
      await expect.poll(() => sent.length).toBe(before + 2);
      expect(sent.slice(before).map((m) => m.to)).toEqual(["staff2@crossroadsit.example", "ops2@crossroadsit.example"]);
      expect(await post(bossCookie, staffId, withoutMail)).toMatchObject({ status: 409, data: { code: "mail_not_configured" } });
      expect(await post(bossCookie, "00000000-0000-4000-8000-000000000000")).toMatchObject({ status: 404 });

      const entries = await db.select().from(auditLog).where(eq(auditLog.event, "reset-link-sent-by-admin")).orderBy(desc(auditLog.at));
      expect(entries.map((e) => [e.actorEmail, e.targetEmail])).toEqual(
        expect.arrayContaining([
          ["ops2@crossroadsit.example", "staff2@crossroadsit.example"],
          [boss, "ops2@crossroadsit.example"],
        ]),
      );
    });

    it("the account page lists the user's sessions without tokens and ends only the user's own", async () => {
      const email = "two-browsers@crossroadsit.example";
      await createStaffUser(services, { email, password: PASSWORD });
      const firefox = await signIn(email, PASSWORD, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0");
      const safari = await signIn(
        email,
        PASSWORD,
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      );
      const stranger = await signIn("reset-me@crossroadsit.example", NEW_PASSWORD);

      const page = await call(accountLoader, get("/account", { cookie: firefox }), withMail);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const sessions = page.data.sessions as { id: string; browser: string; system: string; current: boolean }[];
      expect(sessions.map((s) => [s.browser, s.system, s.current])).toEqual([
        ["Firefox 128", "Windows", true],
        ["Safari 17", "iOS", false],
      ]);
      const tokens = (await db.select({ token: session.token }).from(session)).map((r) => r.token);
      for (const token of tokens) expect(JSON.stringify(page.data)).not.toContain(token);

      // Another user's session id is refused, and that session lives on.
      const strangerId = (await sessionOf(stranger))!.session.id;
      const refused = await call(
        accountAction,
        form("/account", { intent: "sign-out-session", sessionId: strangerId }, { cookie: firefox }),
        withMail,
      );
      expect(refused).toMatchObject({ status: 404, data: { code: "session_not_found" } });
      expect(await sessionOf(stranger)).not.toBeNull();

      const safariId = sessions[1].id;
      const ended = await call(
        accountAction,
        form("/account", { intent: "sign-out-session", sessionId: safariId }, { cookie: firefox }),
        withMail,
      );
      expect(ended).toMatchObject({ status: 200, data: { ok: true } });
      expect(await sessionOf(safari)).toBeNull();
      expect(await sessionOf(firefox)).not.toBeNull();

      const third = await signIn(email, PASSWORD);
      const others = await call(accountAction, form("/account", { intent: "sign-out-others" }, { cookie: firefox }), withMail);
      expect(others).toMatchObject({ status: 200, data: { ok: true, message: "Every other session was signed out." } });
      expect(await sessionOf(third)).toBeNull();
      expect(await sessionOf(firefox)).not.toBeNull();

      const revoked = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.event, "sessions-revoked"), eq(auditLog.actorEmail, email)));
      expect(revoked.map((e) => e.outcome).sort()).toEqual(["refused", "success", "success"]);
    });

    it("changing the password needs the current one, keeps this session and ends the others", async () => {
      const email = "changer@crossroadsit.example";
      await createStaffUser(services, { email, password: PASSWORD });
      const here = await signIn(email, PASSWORD);
      const elsewhere = await signIn(email, PASSWORD);
      const change = (fields: Record<string, string>) =>
        call(accountAction, form("/account", { intent: "change-password", ...fields }, { cookie: here }), withMail);

      const wrong = await change({ currentPassword: "Not-My-Password-11", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(wrong).toMatchObject({ status: 400, data: { fieldErrors: { currentPassword: "That is not your current password." } } });
      const weak = await change({ currentPassword: PASSWORD, newPassword: "changer12345", confirmPassword: "changer12345" });
      expect(weak).toMatchObject({ status: 400, data: { code: "weak_password" } });
      expect(weak.data.details).toEqual(expect.arrayContaining(["Do not use your e-mail address in the password."]));
      expect(await sessionOf(elsewhere)).not.toBeNull();

      const done = await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe("/account");
      expect(done.headers.getSetCookie().join()).toMatch(/crossroads_notice=password-changed/);
      const renewed = cookieOf(done.response!);
      expect(renewed).toMatch(/session_token=/);
      expect(await sessionOf(renewed)).not.toBeNull();
      expect(await sessionOf(elsewhere)).toBeNull();
      await signIn(email, NEW_PASSWORD);
      await expect.poll(() => sent.filter((m) => m.to === email && /was changed/.test(String(m.subject))).length).toBe(1);

      const entries = await db
        .select({ outcome: auditLog.outcome })
        .from(auditLog)
        .where(and(eq(auditLog.event, "password-changed"), like(auditLog.actorEmail, email)));
      expect(entries.map((e) => e.outcome).sort()).toEqual(["failure", "success"]);
    });
    it("a successful reset lifts the account's sign-in pause, and the resetting browser gets in while a guesser pauses it again", async () => {
      const email = "paused-reset@crossroadsit.example";
      await createStaffUser(services, { email, password: PASSWORD });
      const attempt = (password: string, address: string, cookie?: string) =>
        mailAuth.handler(
          new Request(`${ORIGIN}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: address, ...(cookie ? { cookie } : {}) },
            body: JSON.stringify({ email, password }),
          }),
        );
      const guess = async () => {
        for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await attempt("Wrong-Password-Guess-99", "192.0.2.99")).status).toBe(401);
        expect((await attempt("Wrong-Password-Guess-99", "192.0.2.99")).status).toBe(429);
      };
      await guess();
      expect((await attempt(PASSWORD, nextIp())).status).toBe(429);

      // Asked from its own address: the earlier tests used up the shared one's allowance of requests.
      const before = sent.length;
      expect((await call(forgotAction, form("/auth/forgot-password", { email }), { ...withMail, clientAddress: "10.7.0.2" })).status).toBe(
        200,
      );
      await expect.poll(() => sent.length).toBe(before + 1);
      const cookie = await openLink(/\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(String(sent.at(-1)!.text))![1]);
      const done = await call(
        resetAction,
        form("/auth/reset-password", { password: NEW_PASSWORD, confirm: NEW_PASSWORD }, { cookie }),
        withMail,
      );
      expect(done.status).toBe(303);
      const known = done.headers
        .getSetCookie()
        .find((c) => c.includes("known_browser="))
        ?.split(";")[0];
      expect(known).toBeDefined();
      // The pause is lifted: the new password works from anywhere.
      expect((await attempt(NEW_PASSWORD, nextIp())).status).toBe(200);
      // The guesser pauses the account again; the browser that made the reset still gets in.
      await guess();
      expect((await attempt(NEW_PASSWORD, nextIp())).status).toBe(429);
      expect((await attempt(NEW_PASSWORD, nextIp(), known)).status).toBe(200);
    });
  });
}
