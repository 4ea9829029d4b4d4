/**
 * Insights' collection on both databases (docs/requirements/insights.md#insights, ADR 021): POST
 * /api/events stores what a browser sends with a daily-salted visitor hash and nothing that names
 * the visitor, refuses malformed and foreign requests with a 4xx, drops bots, GPC/DNT and private
 * paths, limits each address, writes in batches that a failing database drops with a WARN, and
 * the housekeeping deletes events past the retention period.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { publicPages } from "~/content/routes-index";
import type { Database } from "~/db/client.server";
import { insightEvents, insightSalts } from "~/db/schema.server";
import { env } from "~/env.server";
import {
  createInsightsCollector,
  dayIn,
  droppedDays,
  pruneInsights,
  RATE_LIMIT_EVENTS,
  visitorHash,
  VITALS_PER_PAGE,
  type InsightsCollector,
} from "~/insights/collect.server";
import { OTHER_PAGE } from "~/insights/site-pages.server";
import { configureLog } from "~/lib/log.server";
import { trustedOrigins } from "~/lib/origins";
import { action } from "~/routes/api/events";

import { backends, clientAddresses, freshDatabaseFor, loadContext, TEST_ORIGIN } from "./backends";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:141.0) Gecko/20100101 Firefox/141.0";
const HEADLESS = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SITE_HOST = new URL(TEST_ORIGIN).host;
const DAY_MS = 24 * 60 * 60_000;
/** Noon in the office's time zone (New York), 2026-03-10. */
const NOON = Date.UTC(2026, 2, 10, 16, 0);

const pageView = (path = "/services", extra: Record<string, unknown> = {}) => ({ kind: "page_view", path, ...extra });

function eventsRequest(body: unknown, headers: Record<string, string> = {}, address = "10.80.0.1"): Request {
  return new Request(`${TEST_ORIGIN}/api/events`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: TEST_ORIGIN,
      "user-agent": CHROME,
      [CLIENT_IP_HEADER]: address,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const rowsOf = (db: Database) => db.select().from(insightEvents).orderBy(insightEvents.id);

describe.each(backends())("Insights on $name", (backend) => {
  describe.skipIf(backend.skip)("collecting events", () => {
    let db: Database;
    let clock = NOON;
    let collector: InsightsCollector;
    const address = clientAddresses(80);

    const collectorWith = (options: Partial<Parameters<typeof createInsightsCollector>[0]> = {}) =>
      createInsightsCollector({ db, siteUrl: env().SITE_URL, allowedOrigins: trustedOrigins(env()), now: () => clock, ...options });
    const send = (body: unknown, headers: Record<string, string> = {}, from = "10.80.0.1") =>
      collector.collect(eventsRequest(body, headers, from), from);

    freshDatabaseFor(backend, "insights", (opened) => (db = opened));
    beforeEach(async () => {
      await db.delete(insightEvents);
      await db.delete(insightSalts);
      await db.execute(sql`delete from insight_intake`);
      clock = NOON;
      collector = collectorWith();
    });
    afterEach(async () => {
      await collector.close();
    });

    it("stores a valid batch posted to the route with the hashed visitor, and no address or user agent anywhere in the row", async () => {
      const from = address();
      const request = eventsRequest(
        {
          width: 390,
          events: [
            pageView("/services/cybersecurity", {
              referrer: "https://www.google.com/search?q=it+support",
              utm_source: "newsletter",
              utm_medium: "email",
              utm_campaign: "spring",
              utm_term: "managed it",
              utm_content: "button",
            }),
            { kind: "phone_call", path: "/contact", click_location: "header" },
            { kind: "email_click", path: "/contact", click_location: "main" },
            { kind: "form_submit", path: "/contact", referrer: `${TEST_ORIGIN}/services` },
            { kind: "web_vital", path: "/", metric: "LCP", value: 1234.5, rating: "poor" },
          ],
        },
        {},
        from,
      );
      const context = await loadContext(request);
      const response = await action({ request, context, params: {} } as never);
      expect(response.status).toBe(202);
      await context.services.insights.flush();

      // The browser's form_submit is not taken: contact requests come from stored leads (recordLead).
      const rows = await rowsOf(db);
      expect(rows).toHaveLength(4);
      const [salt] = await db.select().from(insightSalts);
      expect(salt.day).toBe(dayIn(Date.now(), "America/New_York"));
      expect(salt.salt).toMatch(/^[0-9a-f]{64}$/);
      const visitor = visitorHash(salt.salt, from, SITE_HOST);
      expect(visitor).toMatch(/^[0-9a-f]{32}$/);
      for (const row of rows) {
        expect(row.visitor).toBe(visitor);
        expect(row.device).toBe("mobile");
        expect(row.browser).toBe("Chrome");
        const text = JSON.stringify(row);
        expect(text).not.toContain(from);
        expect(text).not.toContain("Mozilla");
        expect(text).not.toContain("Windows");
      }
      expect(rows.map((r) => r.kind)).toEqual(["page_view", "phone_call", "email_click", "web_vital"]);
      expect(rows[0]).toMatchObject({
        path: "/services/cybersecurity",
        referrerHost: "www.google.com",
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "spring",
        utmTerm: "managed it",
        utmContent: "button",
        clickLocation: null,
        metric: null,
      });
      expect(rows[1]).toMatchObject({ clickLocation: "header", referrerHost: null, utmSource: null });
      expect(rows[2]).toMatchObject({ clickLocation: "main" });
      // Rated here by Google's thresholds, whatever the browser said.
      expect(rows[3]).toMatchObject({ metric: "LCP", value: 1234.5, rating: "good" });
      // Neither the address nor the user agent is in any column of any Insights table.
      const dump = JSON.stringify([
        await db.execute(sql`select * from insight_events`),
        await db.execute(sql`select * from insight_salts`),
      ]);
      expect(dump).not.toContain(from);
      expect(dump).not.toContain("Mozilla");
    });

    it("stores every value as sent, whatever the characters, in a batch of several hundred events written at once", async () => {
      const awkward = ['quote " and \\ backslash', "comma, {braces}", "NULL", "null", " spaced ", "é ünïcödé 🚀", "a'b"];
      const pages = publicPages().map((page) => page.path);
      const batches = Array.from({ length: 30 }, (_, b) => ({
        width: 1280,
        events: Array.from({ length: 20 }, (_, i) => {
          const n = b * 20 + i;
          return n % 2
            ? { kind: "web_vital", path: pages[n % pages.length], metric: "CLS", value: n / 1000, rating: "good" }
            : pageView(pages[n % pages.length], { utm_campaign: awkward[n % awkward.length], utm_source: n % 4 ? undefined : "NULL" });
        }),
      }));
      for (const [b, body] of batches.entries()) expect((await send(body, {}, `10.81.${b}.1`)).status).toBe(202);
      await collector.flush();
      const rows = await rowsOf(db);
      expect(rows).toHaveLength(600);
      for (const [n, row] of rows.entries()) {
        expect(row.path).toBe(pages[n % pages.length]);
        expect(row.at.getTime()).toBe(NOON);
        if (n % 2)
          expect(row).toMatchObject({
            kind: "web_vital",
            metric: "CLS",
            value: n / 1000,
            utmCampaign: null,
            utmSource: null,
            rating: n / 1000 <= 0.1 ? "good" : n / 1000 <= 0.25 ? "needs-improvement" : "poor",
          });
        else
          expect(row).toMatchObject({
            kind: "page_view",
            utmCampaign: awkward[n % awkward.length],
            utmSource: n % 4 ? null : "NULL",
            value: null,
            device: "desktop",
          });
      }
    });

    it("one address is one visitor on one day, whatever browser it names, and another the next day, whose salt replaces the previous day's", async () => {
      const a = address();
      expect(await send({ width: 1280, events: [pageView("/")] }, {}, a)).toHaveProperty("status", 202);
      clock += 3 * 60 * 60_000;
      expect(await send({ width: 1280, events: [pageView("/about")] }, {}, a)).toHaveProperty("status", 202);
      expect(await send({ width: 800, events: [pageView("/about")] }, { "user-agent": FIREFOX }, a)).toHaveProperty("status", 202);
      await collector.flush();
      clock = NOON + DAY_MS;
      expect(await send({ width: 1280, events: [pageView("/")] }, {}, a)).toHaveProperty("status", 202);
      await collector.flush();

      const rows = await rowsOf(db);
      expect(rows.map((r) => [r.path, r.device, r.browser])).toEqual([
        ["/", "desktop", "Chrome"],
        ["/about", "desktop", "Chrome"],
        ["/about", "tablet", "Firefox"],
        ["/", "desktop", "Chrome"],
      ]);
      expect(rows[1].visitor).toBe(rows[0].visitor); // same day, same visitor
      expect(rows[2].visitor).toBe(rows[0].visitor); // another user agent from the same address: the same visitor
      expect(rows[3].visitor).not.toBe(rows[0].visitor); // the next day: cannot be linked
      const salts = await db.select().from(insightSalts);
      expect(salts.map((s) => s.day)).toEqual(["2026-03-11"]);
      expect(rows[3].visitor).toBe(visitorHash(salts[0].salt, a, SITE_HOST));
    });

    it("a second process on the same day uses the same salt, so the visitor is the same", async () => {
      const a = address();
      await send({ width: 1280, events: [pageView("/")] }, {}, a);
      await collector.flush();
      const other = collectorWith();
      await other.collect(eventsRequest({ width: 1280, events: [pageView("/faq")] }, {}, a), a);
      await other.flush();
      const rows = await rowsOf(db);
      expect(rows).toHaveLength(2);
      expect(rows[1].visitor).toBe(rows[0].visitor);
    });

    it("refuses bad requests with a 4xx and a short message, and stores nothing", async () => {
      const answer = async (response: Response) => ({ status: response.status, text: await response.text() });
      const big = { width: 1280, events: Array.from({ length: 40 }, () => pageView("/" + "a".repeat(500))) };
      expect(JSON.stringify(big).length).toBeGreaterThan(16 * 1024);
      expect((await send(big)).status).toBe(413);
      expect(await answer(await send("{ not json"))).toEqual({ status: 400, text: "The events are not JSON." });
      expect((await send({ width: 1280, events: [{ kind: "purchase", path: "/" }] })).status).toBe(400);
      expect((await send({ width: 1280, events: [pageView("/", { email: "dana@example.com" })] })).status).toBe(400);
      expect((await send({ width: 1280, events: [pageView("/")], visitor: "x" })).status).toBe(400);
      expect((await send({ width: 1280, events: [pageView("/about\u0000")] })).status).toBe(400);
      expect((await send({ width: 1280, events: [pageView("/", { utm_source: "a\u0000b" })] })).status).toBe(400);
      expect((await send({ width: 1280, events: [pageView("/?q=1")] })).status).toBe(400);
      expect((await send({ width: 1280, events: [{ kind: "phone_call", path: "/" }] })).status).toBe(400);
      expect((await send({ width: 1280, events: Array.from({ length: 51 }, () => pageView()) })).status).toBe(400);
      expect((await send({ width: 1280, events: [] })).status).toBe(400);
      expect((await send({ width: 1280, events: [pageView()] }, { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
      expect(await answer(await send({ width: 1280, events: [pageView()] }, { origin: "https://evil.example" }))).toEqual({
        status: 403,
        text: "Cross-site request refused.",
      });
      await collector.flush();
      expect(await rowsOf(db)).toEqual([]);
    });

    it("drops bots, headless browsers, GPC and DNT with 204 and stores nothing", async () => {
      const batch = { width: 1280, events: [pageView("/")] };
      expect((await send(batch, { "user-agent": GOOGLEBOT })).status).toBe(204);
      expect((await send(batch, { "user-agent": HEADLESS })).status).toBe(204);
      expect((await send(batch, { "user-agent": "" })).status).toBe(204);
      expect((await send(batch, { "sec-gpc": "1" })).status).toBe(204);
      expect((await send(batch, { dnt: "1" })).status).toBe(204);
      await collector.flush();
      expect(await rowsOf(db)).toEqual([]);
      expect(await db.select().from(insightSalts)).toEqual([]);
    });

    it("stores nothing for private paths, and the public events of a mixed batch", async () => {
      const privatePaths = ["/admin", "/admin/leads/12", "/ADMIN/users", "/%61dmin", "/mloe/guide", "/ste/x", "/account", "/auth/login"];
      expect((await send({ width: 1280, events: privatePaths.map((p) => pageView(p)) })).status).toBe(204);
      expect((await send({ width: 1280, events: [pageView("/account/two-factor"), pageView("/administrator")] })).status).toBe(202);
      await collector.flush();
      expect((await rowsOf(db)).map((r) => r.path)).toEqual([OTHER_PAGE]);
    });

    it("stores a path only when it is a page of the site: disguised and made-up paths are stored as other", async () => {
      const disguised = [
        "//admin",
        "/./admin",
        "/x/../admin",
        "/%2561dmin",
        "/auth\\login",
        "/\u202enimda",
        "/ab\u200bout",
        "/About",
        "/about/",
        "/services/no-such-service",
        "/blog/no-such-post",
        "/wp-login.php",
      ];
      expect(
        (await send({ width: 1280, events: [...disguised.map((p) => pageView(p)), pageView("/about"), pageView("/services/voip")] }))
          .status,
      ).toBe(202);
      await collector.flush();
      const rows = await rowsOf(db);
      expect(rows.map((r) => r.path)).toEqual([...disguised.map(() => OTHER_PAGE), "/about", "/services/voip"]);
    });

    it("one address that names another user agent on each of 300 requests, each with a browser's form_submit and phone_call: one visitor, no contact request", async () => {
      const a = address();
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          send(
            {
              width: 1280,
              events: [
                { kind: "form_submit", path: "/contact", utm_source: "forged" },
                { kind: "phone_call", path: "/contact", click_location: "header", utm_source: "forged" },
              ],
            },
            { "user-agent": `${CHROME} Build/${i}` },
            a,
          ),
        ),
      );
      expect(answers.every((r) => r.status === 202)).toBe(true);
      await collector.flush();
      const [counts] = (
        await db.execute<{ visitors: number; leads: number; calls: number }>(
          sql`select count(distinct visitor)::int as visitors, count(*) filter (where kind = 'form_submit')::int as leads,
            count(*) filter (where kind = 'phone_call')::int as calls from insight_events`,
        )
      ).rows;
      expect(counts).toEqual({ visitors: 1, leads: 0, calls: 300 });
    });

    it("Web Vitals: a value no browser can measure is dropped, the rest are rated here, and one page keeps a few samples of a metric a day", async () => {
      const a = address();
      const lcp = (value: number, rating = "good") => ({ kind: "web_vital", path: "/services", metric: "LCP", value, rating });
      // Nothing of these is kept: answered as dropped.
      for (let i = 0; i < 4; i++)
        expect((await send({ width: 390, events: Array.from({ length: 50 }, () => lcp(999_999_999)) }, {}, a)).status).toBe(204);
      expect(
        (await send({ width: 390, events: [{ kind: "web_vital", path: "/", metric: "CLS", value: 11, rating: "good" }] }, {}, a)).status,
      ).toBe(204);
      expect((await send({ width: 390, events: Array.from({ length: 20 }, () => lcp(59_000)) }, {}, a)).status).toBe(202);
      await collector.flush();
      const rows = await rowsOf(db);
      expect(rows.map((r) => [r.metric, r.value, r.rating])).toEqual(
        Array.from({ length: VITALS_PER_PAGE }, () => ["LCP", 59_000, "poor"]),
      );
      // Another page, and another visitor, have samples of their own.
      await send({ width: 390, events: [lcp(1800), { ...lcp(1800), path: "/about" }] }, {}, address());
      await collector.flush();
      expect((await rowsOf(db)).slice(VITALS_PER_PAGE).map((r) => [r.path, r.rating])).toEqual([
        ["/services", "good"],
        ["/about", "good"],
      ]);
    });

    it("a stored lead counts one contact request for the visitor of the address that sent it, and none under GPC or from a bot", async () => {
      const a = address();
      await send({ width: 1280, events: [pageView("/contact")] }, {}, a);
      collector.recordLead(eventsRequest({}, {}, a), a);
      collector.recordLead(eventsRequest({}, { "sec-gpc": "1" }, a), a);
      collector.recordLead(eventsRequest({}, { "user-agent": GOOGLEBOT }, a), a);
      await collector.flush();
      const rows = await rowsOf(db);
      expect(rows.map((r) => [r.kind, r.path])).toEqual([
        ["page_view", "/contact"],
        ["form_submit", "/contact"],
      ]);
      expect(rows[1].visitor).toBe(rows[0].visitor);
    });

    it("10,000 events from one address in quick succession: the excess is answered 429 and nothing past the limit is stored", async () => {
      const a = address();
      const batch = { width: 1280, events: Array.from({ length: 50 }, (_, i) => pageView(`/p${i}`)) };
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await send(batch, {}, a)).status);
      const accepted = RATE_LIMIT_EVENTS / 50;
      expect(statuses.filter((s) => s === 202)).toHaveLength(accepted);
      expect(statuses.filter((s) => s === 429)).toHaveLength(200 - accepted);
      expect(statuses.slice(0, accepted).every((s) => s === 202)).toBe(true);
      const refused = await send(batch, {}, a);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await send(batch, {}, address())).status).toBe(202);
      await collector.flush();
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(insightEvents)
        .where(sql`${insightEvents.visitor} = ${(await rowsOf(db))[0].visitor}`);
      expect(count).toBe(RATE_LIMIT_EVENTS);
      // After the window, the address may send again.
      clock += 61_000;
      expect((await send(batch, {}, a)).status).toBe(202);
    });

    it("a site-wide budget shared by two processes: 20 requests at once from 20 addresses keep the minute's budget and count the rest as dropped, with one WARN line a minute", async () => {
      const lines: string[] = [];
      configureLog({ format: "text", level: "info", write: (line) => lines.push(line) });
      const budget = { perMinute: 300, perDay: 450 };
      const processes = [collectorWith({ budget }), collectorWith({ budget })];
      try {
        const batch = { width: 1280, events: Array.from({ length: 50 }, () => pageView("/")) };
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => processes[i % 2].collect(eventsRequest(batch, {}, `10.90.0.${i}`), `10.90.0.${i}`)),
        );
        expect(answers.every((r) => r.status === 202)).toBe(true);
        await Promise.all(processes.map((p) => p.flush()));
        const count = async () => (await rowsOf(db)).length;
        expect(await count()).toBe(300);
        const today = dayIn(clock, "America/New_York");
        expect(await droppedDays(db, today, today)).toEqual([{ day: today, dropped: 700 }]);
        expect(lines.filter((l) => / WARN /.test(l) && l.includes("site-wide budget")).length).toBeLessThanOrEqual(2);
        // A stored lead's contact request is kept past the budget.
        processes[0].recordLead(eventsRequest({}, {}, "10.90.1.1"), "10.90.1.1");
        await processes[0].flush();
        expect((await rowsOf(db)).filter((r) => r.kind === "form_submit")).toHaveLength(1);
        // The next minute has its own budget, up to the day's.
        clock += 61_000;
        await Promise.all(
          Array.from({ length: 4 }, (_, i) => processes[i % 2].collect(eventsRequest(batch, {}, `10.90.2.${i}`), `10.90.2.${i}`)),
        );
        await Promise.all(processes.map((p) => p.flush()));
        expect(await count()).toBe(300 + 1 + 150);
        expect(await droppedDays(db, today, today)).toEqual([{ day: today, dropped: 700 + 50 }]);
      } finally {
        await Promise.all(processes.map((p) => p.close()));
        configureLog({ format: "text", level: "info" });
      }
    });

    it("a database failure while flushing drops the batch with a WARN line, not an ERROR, and the endpoint still answers 2xx", async () => {
      const lines: string[] = [];
      configureLog({ format: "text", level: "info", write: (line) => lines.push(line) });
      try {
        await db.execute(sql`alter table insight_events rename to insight_events_away`);
        expect((await send({ width: 1280, events: [pageView("/"), pageView("/about")] })).status).toBe(202);
        await collector.flush();
        await db.execute(sql`alter table insight_events_away rename to insight_events`);
        expect(lines.filter((l) => / WARN /.test(l))).toEqual([expect.stringContaining("Insights: dropped 2 events")]);
        expect(lines.join("")).toMatch(/insight_events.* does not exist/);
        expect(lines.filter((l) => / ERROR /.test(l))).toEqual([]);
        // The dropped batch is not retried; the next one is stored.
        expect((await send({ width: 1280, events: [pageView("/faq")] })).status).toBe(202);
        await collector.flush();
        expect((await rowsOf(db)).map((r) => r.path)).toEqual(["/faq"]);
      } finally {
        await db.execute(sql`alter table if exists insight_events_away rename to insight_events`);
        configureLog({ format: "text", level: "info" });
      }
    });

    it("retention: pruning deletes the events older than INSIGHTS_RETENTION_DAYS and the salts of earlier days, and keeps the rest", async () => {
      expect(env().INSIGHTS_RETENTION_DAYS).toBe(30);
      const now = NOON;
      const row = (daysAgo: number, path: string) => ({
        at: new Date(now - daysAgo * DAY_MS),
        kind: "page_view" as const,
        path,
        visitor: "0".repeat(32),
        device: "desktop" as const,
        browser: "Chrome",
      });
      await db.insert(insightEvents).values([row(45, "/old"), row(30.5, "/just-past"), row(29.5, "/just-inside"), row(1, "/new")]);
      await db.insert(insightSalts).values([
        { day: "2026-03-08", salt: "a".repeat(64) },
        { day: "2026-03-09", salt: "b".repeat(64) },
        { day: "2026-03-10", salt: "c".repeat(64) },
      ]);
      expect(await pruneInsights(db, env().INSIGHTS_RETENTION_DAYS, { now })).toBe(2);
      expect((await rowsOf(db)).map((r) => r.path)).toEqual(["/just-inside", "/new"]);
      expect((await db.select().from(insightSalts)).map((s) => s.day)).toEqual(["2026-03-10"]);
    });
  });
});
