/**
 * Insights' weekly summary e-mail on both databases (docs/requirements/insights.md#insights-weekly-summary):
 * one e-mail a week to each administrator who asked for it (none to the others, nor to staff),
 * however many runs of the housekeeping there are, at once or later; a failed send tried again;
 * the figures and the newly poor pages in it; and the choice on the account page, which only
 * administrators can make, and only when e-mail is configured.
 */
import { eq, sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import type { AppLoadContext } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { createStaffUser } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import { insightDaily, insightDailyVitals, insightSummarySends, insightSummarySubscriptions, user } from "~/db/schema.server";
import { maintainDailyAggregates } from "~/insights/aggregates.server";
import { createInsightsCollector } from "~/insights/collect.server";
import { sendWeeklySummaries, setWeeklySummary, type SendSummariesOptions } from "~/insights/weekly-summary.server";
import type { Mailer } from "~/mailer.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account/account";

import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, clientAddresses, freshDatabaseFor, loadContext, TEST_ORIGIN } from "./backends";
import { seedEvents } from "./insight-events";

const TZ = "America/New_York";
const SITE = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";
const MIN = 60_000;
/** Monday 2026-11-23, 08:00 in New York (EST, UTC-5): the summary of Nov 16-22 is due. */
const MONDAY = Date.UTC(2026, 10, 23, 13, 0);
/** Tuesday 2026-11-17 and Tuesday 2026-11-10, 10:00 EST. */
const THIS_TUESDAY = Date.UTC(2026, 10, 17, 15, 0);
const LAST_TUESDAY = Date.UTC(2026, 10, 10, 15, 0);
const nextIp = clientAddresses(41);

/** A mailer that keeps what it is given; `fail` makes the next sends throw; `delayMs` holds each send. */
function recordingMailer(delayMs = 0) {
  const sent: SendMailOptions[] = [];
  let failures = 0;
  const mailer: Mailer = {
    send: async (message) => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failures > 0) {
        failures--;
        throw new Error("451 try again later");
      }
      sent.push(message);
    },
  };
  return { mailer, sent, failNext: (n: number) => (failures = n) };
}

const quiet = { log: () => {}, error: () => {} };
const run = (db: Database, mailer: Mailer, now = MONDAY, extra: Partial<SendSummariesOptions> = {}) =>
  sendWeeklySummaries(db, {
    mailer,
    from: "no-reply@crossroadsit.example",
    siteUrl: SITE,
    timeZone: TZ,
    retentionDays: 30,
    now,
    log: quiet,
    ...extra,
  });

const recipients = (sent: SendMailOptions[]) => sent.map((m) => String(m.to)).sort();

/** Four visitors this week (a lead, a call, an e-mail click; Google, Bing, a newsletter), two the week before. */
async function seedWeeks(db: Database) {
  const t = THIS_TUESDAY;
  const b = LAST_TUESDAY;
  const vital = (visitor: string, at: number, path: string, metric: "LCP" | "INP", value: number, rating: "good" | "poor") =>
    ({ visitor, at, kind: "web_vital", path, metric, value, rating }) as const;
  await seedEvents(db, [
    { visitor: "a", at: t, path: "/", referrerHost: "google.com" },
    { visitor: "a", at: t + MIN, kind: "form_submit", path: "/contact" },
    { visitor: "b", at: t + 10 * MIN, path: "/services/managed-it", utmSource: "newsletter" },
    { visitor: "b", at: t + 11 * MIN, kind: "phone_call", path: "/services/managed-it", clickLocation: "header" },
    vital("b", t + 11 * MIN + 10, "/services/managed-it", "LCP", 5200, "poor"),
    { visitor: "c", at: t + 20 * MIN, path: "/contact", referrerHost: "bing.com" },
    { visitor: "c", at: t + 21 * MIN, kind: "email_click", path: "/contact", clickLocation: "contact_page" },
    vital("c", t + 21 * MIN + 10, "/contact", "INP", 650, "poor"),
    { visitor: "d", at: t + 30 * MIN, path: "/about" },
    vital("d", t + 30 * MIN + 10, "/about", "LCP", 4500, "poor"),
    // The week before: managed IT was fine, About was already poor.
    { visitor: "e", at: b, path: "/services/managed-it", referrerHost: "google.com" },
    vital("e", b + 10, "/services/managed-it", "LCP", 2000, "good"),
    { visitor: "f", at: b + 5 * MIN, path: "/about" },
    vital("f", b + 5 * MIN + 10, "/about", "LCP", 4800, "poor"),
  ]);
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`Insights weekly summary on ${backend.name}`, () => {
    let db: Database;
    freshDatabaseFor(backend, "weekly-summary", (opened) => (db = opened));
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const { services } = await loadContext();
      // Administrators with two-factor sign-in on: two opted in, one not; one without the factor; staff.
      for (const [name, admin] of [
        ["ann", true],
        ["bob", true],
        ["cat", true],
        ["dan", true],
        ["sam", false],
      ] as const) {
        const created = await createStaffUser(services, { email: `${name}@crossroadsit.example`, password: PASSWORD, admin });
        ids[name] = created.id;
        if (name !== "dan") await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, created.id));
      }
      await seedWeeks(db);
    });

    beforeEach(async () => {
      await db.delete(insightSummarySends);
      await db.delete(insightSummarySubscriptions);
      // Ann and Bob asked for it; Dan (no second factor) too; Sam, not an administrator, has a row written directly (as a former administrator keeps it).
      for (const name of ["ann", "bob", "dan", "sam"]) await setWeeklySummary(db, ids[name], true);
    });

    it("e-mails each administrator who asked for it once a week, and no one else", async () => {
      const { mailer, sent } = recordingMailer();
      expect(await run(db, mailer)).toEqual({ week: "2026-11-16", sent: 2, failed: 0 });
      expect(recipients(sent)).toEqual(["ann@crossroadsit.example", "bob@crossroadsit.example"]);
      expect(sent[0]).toMatchObject({ from: "no-reply@crossroadsit.example", headers: { "List-Unsubscribe": `<${SITE}/account>` } });
      expect(String(sent[0].messageId)).toMatch(/^<insights-week-2026-11-16-[0-9a-f-]+@www\.crossroadsit\.example>$/);

      // Later runs that Monday, and on the following days, send nothing more.
      for (const later of [MONDAY + 60 * MIN, MONDAY + 14 * 60 * MIN, MONDAY + 24 * 60 * MIN, MONDAY + 5 * 24 * 60 * MIN])
        expect((await run(db, mailer, later)).sent).toBe(0);
      // Nor does a run before 07:00 that Monday, nor on Sunday.
      expect(await run(db, mailer, MONDAY - 2 * 60 * MIN)).toEqual({ week: null, sent: 0, failed: 0 });
      expect((await run(db, mailer, MONDAY - 24 * 60 * MIN)).week).toBeNull();
      expect(sent).toHaveLength(2);

      // Next Monday is a new week; Bob has turned it off since.
      await setWeeklySummary(db, ids.bob, false);
      expect(await run(db, mailer, MONDAY + 7 * 24 * 60 * MIN)).toMatchObject({ week: "2026-11-23", sent: 1 });
      expect(recipients(sent.slice(2))).toEqual(["ann@crossroadsit.example"]);
      const rows = await db.select().from(insightSummarySends);
      expect(rows.map((r) => [r.week, r.status]).sort()).toEqual([
        ["2026-11-16", "sent"],
        ["2026-11-16", "sent"],
        ["2026-11-23", "sent"],
      ]);
    });

    it("of runs at the same moment (several processes or hosts), one sends each administrator's e-mail", async () => {
      const { mailer, sent } = recordingMailer(30);
      const results = await Promise.all(Array.from({ length: 4 }, () => run(db, mailer)));
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(2);
      expect(recipients(sent)).toEqual(["ann@crossroadsit.example", "bob@crossroadsit.example"]);
    });

    it("a failed send is tried again by the next run that Monday, and logged without the e-mail's content", async () => {
      const { mailer, sent, failNext } = recordingMailer();
      const errors: string[] = [];
      failNext(1);
      const first = await run(db, mailer, MONDAY, { log: { log: () => {}, error: (line: string) => errors.push(line) } });
      expect(first).toMatchObject({ sent: 1, failed: 1 });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("451 try again later");
      expect(errors[0]).not.toMatch(/@|google\.com|Visitors/);
      const failed = await db.select().from(insightSummarySends).where(eq(insightSummarySends.status, "failed"));
      expect(failed).toMatchObject([{ attempts: 1, lastError: "451 try again later" }]);

      expect(await run(db, mailer, MONDAY + 60 * MIN)).toMatchObject({ sent: 1, failed: 0 });
      expect(recipients(sent)).toEqual(["ann@crossroadsit.example", "bob@crossroadsit.example"]);
      const retried = await db.select().from(insightSummarySends).where(eq(insightSummarySends.userId, failed[0].userId));
      expect(retried).toMatchObject([{ status: "sent", attempts: 2, lastError: null }]);
    });

    it("a claim left by a process that died is taken over after its lease, not before", async () => {
      await db.insert(insightSummarySends).values({ week: "2026-11-16", userId: ids.ann, status: "sending" });
      const { mailer, sent } = recordingMailer();
      await run(db, mailer);
      expect(recipients(sent)).toEqual(["bob@crossroadsit.example"]);
      await db.execute(sql`update insight_summary_sends set claimed_at = now() - interval '29 minutes' where user_id = ${ids.ann}`);
      await run(db, mailer);
      expect(recipients(sent)).toEqual(["bob@crossroadsit.example"]);
      await db.execute(sql`update insight_summary_sends set claimed_at = now() - interval '31 minutes' where user_id = ${ids.ann}`);
      await run(db, mailer);
      expect(recipients(sent)).toEqual(["ann@crossroadsit.example", "bob@crossroadsit.example"]);
    });

    it("has the week's figures beside the week before's, the top sources and the pages that turned poor", async () => {
      // As the housekeeping runs it: the days' aggregates first.
      await db.delete(insightDaily);
      await db.delete(insightDailyVitals);
      await maintainDailyAggregates(db, { retentionDays: 30, timeZone: TZ, now: MONDAY });
      const { mailer, sent } = recordingMailer();
      await run(db, mailer);
      const text = String(sent[0].text);
      expect(String(sent[0].subject)).toBe("Crossroads IT website: your week in Insights, Nov 16-22, 2026");
      expect(text).toMatch(/^Visitors +4 +2 +\+100 %$/m);
      expect(text).toMatch(/^Visits +4 +2 +\+100 %$/m);
      expect(text).toMatch(/^Contact requests +1 +0 +new$/m);
      expect(text).toMatch(/^Phone taps +1 +0 +new$/m);
      expect(text).toMatch(/^E-mail taps +1 +0 +new$/m);
      // One visitor each brought Google, Bing and the newsletter: anyone's words, not listed.
      expect(text).toContain("None: no referring site brought enough visitors to list.");
      expect(text).toContain("None: no tagged campaign link brought enough visitors to list.");
      // Managed IT's LCP and Contact's INP turned poor (75th percentiles from the 2 % histograms); About was poor already.
      expect(text).toMatch(/^ {2}\/services\/managed-it: LCP 5\.\d s \(1 sample\); 2\.0 s the week before$/m);
      expect(text).toMatch(/^ {2}\/contact: INP 6\d\d ms \(1 sample\); no samples the week before$/m);
      expect(text).not.toContain("/about:");
      expect(text).toContain(`${SITE}/admin/insights?from=2026-11-16&to=2026-11-22`);
      expect(text).toContain(`${SITE}/account`);
      // Aggregates only: no visitor hash, no address.
      expect(text).not.toMatch(/visitor "?[a-f]"?|127\.0\.0\.1/);
    });

    it("a stranger's words never reach the e-mail: 400 requests from one address, each with another user agent, one visitor; what three visitors brought is listed as quoted text", async () => {
      const notice = "SECURITY NOTICE: admin password expired, sign in at https://crossroadsit-login.example/reset";
      const collector = createInsightsCollector({
        db,
        siteUrl: SITE,
        allowedOrigins: [TEST_ORIGIN],
        now: () => THIS_TUESDAY + 60 * MIN,
        budget: { perMinute: 10_000, perDay: 10_000 },
      });
      const send = (address: string, userAgent: string, event: Record<string, unknown>) =>
        collector.collect(
          new Request(`${TEST_ORIGIN}/api/events`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: TEST_ORIGIN, "user-agent": userAgent, [CLIENT_IP_HEADER]: address },
            body: JSON.stringify({ width: 1280, events: [{ kind: "page_view", path: "/", ...event }] }),
          }),
          address,
        );
      const chrome = (n: number) =>
        `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${n}.0 Safari/537.36`;
      try {
        const stranger = await Promise.all(
          Array.from({ length: 400 }, (_, i) =>
            send("10.66.6.6", chrome(i), { utm_source: notice, referrer: "https://crossroadsit-login.example/reset?to=admin" }),
          ),
        );
        expect(stranger.every((r) => r.status === 202)).toBe(true);
        for (const n of [1, 2, 3]) await send(`10.66.7.${n}`, chrome(0), { utm_source: "partner", referrer: "https://duckduckgo.com/" });
        await collector.flush();
        await db.delete(insightDaily);
        await db.delete(insightDailyVitals);
        await maintainDailyAggregates(db, { retentionDays: 30, timeZone: TZ, now: MONDAY });
        const { mailer, sent } = recordingMailer();
        await run(db, mailer);
        const text = String(sent[0].text);
        expect(text).not.toContain("SECURITY NOTICE");
        expect(text).not.toMatch(/crossroadsit-login/);
        expect(text).toContain('  "duckduckgo[.]com": 3 visits (week before: 0)\n');
        expect(text).toContain('  "partner": 3 visits (week before: 0)\n');
        expect(text).not.toMatch(/https?:\/\/duckduckgo/);
        expect(text).toMatch(/^Visitors +8 +2 /m); // the four seeded, the stranger once, the three who came through the partner
      } finally {
        await collector.close();
        await db.execute(sql`delete from insight_events where utm_source in (${notice}, 'partner')`);
        await db.delete(insightDaily);
        await db.delete(insightDailyVitals);
      }
    });

    describe("the choice on the account page", () => {
      let adminCookie: string;
      let staffCookie: string;
      const { mailer } = recordingMailer();

      beforeAll(async () => {
        const { services } = await loadContext();
        await createStaffUser(services, { email: "eve@crossroadsit.example", password: PASSWORD, admin: true });
        adminCookie = (
          await turnOnTwoFactor(services.auth, await signInCookie(services.auth, "eve@crossroadsit.example", PASSWORD), PASSWORD)
        ).cookie;
        await createStaffUser(services, { email: "tom@crossroadsit.example", password: PASSWORD });
        staffCookie = await signInCookie(services.auth, "tom@crossroadsit.example", PASSWORD);
      });

      async function context(withMail: boolean): Promise<AppLoadContext> {
        const base = await loadContext();
        return { ...base, services: { ...base.services, mailer: withMail ? mailer : undefined } };
      }

      async function post(cookie: string, form: Record<string, string>, withMail = true) {
        const request = new Request(`${TEST_ORIGIN}/account`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie, [CLIENT_IP_HEADER]: nextIp() },
          body: new URLSearchParams(form),
        });
        const result = (await accountAction({ request, params: {}, context: await context(withMail) } as never)) as unknown as {
          data: Record<string, unknown>;
          init: ResponseInit | null;
        };
        return { status: result.init?.status ?? 200, data: result.data };
      }

      async function page(cookie: string, withMail = true) {
        const request = new Request(`${TEST_ORIGIN}/account`, { headers: { cookie, [CLIENT_IP_HEADER]: nextIp() } });
        const result = (await accountLoader({ request, params: {}, context: await context(withMail) } as never)) as unknown as {
          data: { weeklySummary: unknown };
        };
        return result.data.weeklySummary;
      }

      const subscribed = async (email: string) =>
        (await db.execute(sql`select 1 from insight_summary_subscriptions s join "user" u on u.id = s.user_id where u.email = ${email}`))
          .rows.length === 1;

      it("an administrator turns it on with the box ticked and off with it unticked, and is told so", async () => {
        expect(await page(adminCookie)).toEqual({ on: false, mailEnabled: true, canChange: true, hour: 7 });
        const on = await post(adminCookie, { intent: "weekly-summary", weeklySummary: "on" });
        expect(on).toMatchObject({ status: 200, data: { ok: true, intent: "weekly-summary" } });
        expect(String(on.data.message)).toBe(
          "Saved: the weekly summary will be e-mailed to eve@crossroadsit.example every Monday morning.",
        );
        expect(await subscribed("eve@crossroadsit.example")).toBe(true);
        expect(await page(adminCookie)).toMatchObject({ on: true });
        // Saving again changes nothing; an unticked box (no field at all) turns it off.
        expect((await post(adminCookie, { intent: "weekly-summary", weeklySummary: "on" })).status).toBe(200);
        const off = await post(adminCookie, { intent: "weekly-summary" });
        expect(off).toMatchObject({ status: 200, data: { ok: true, message: "Saved: you will no longer get the weekly summary." } });
        expect(await subscribed("eve@crossroadsit.example")).toBe(false);
        expect((await post(adminCookie, { intent: "weekly-summary", weeklySummary: "yes" })).status).toBe(400);
      });

      it("staff do not see it, and their post is refused before anything is stored", async () => {
        expect(await page(staffCookie)).toBeNull();
        const refused = await post(staffCookie, { intent: "weekly-summary", weeklySummary: "on" });
        expect(refused).toMatchObject({ status: 403, data: { ok: false, code: "forbidden" } });
        // The same refusal whatever else the form holds.
        expect((await post(staffCookie, { intent: "weekly-summary", weeklySummary: "x\0" })).status).toBe(403);
        expect(await subscribed("tom@crossroadsit.example")).toBe(false);
      });

      it("without e-mail configured the page says the summary needs it, and a post is refused", async () => {
        expect(await page(adminCookie, false)).toMatchObject({ mailEnabled: false });
        const refused = await post(adminCookie, { intent: "weekly-summary", weeklySummary: "on" }, false);
        expect(refused).toMatchObject({ status: 409, data: { ok: false, code: "mail_not_configured" } });
        expect(await subscribed("eve@crossroadsit.example")).toBe(false);
      });
    });
  });
}
