/**
 * Insights' collection on both databases (docs/requirements.md#insights, ADR 021): POST
 * /api/events stores what a browser sends with a daily-salted visitor hash and nothing that names
 * the visitor, refuses malformed and foreign requests with a 4xx, drops bots, GPC/DNT and private
 * paths, limits each address, writes in batches that a failing database drops with a WARN, and
 * the housekeeping deletes events past the retention period.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { trustedOrigins } from "~/auth/origins";
import type { Database } from "~/db/client.server";
import { insightEvents, insightSalts } from "~/db/schema.server";
import { env } from "~/env.server";
import {
  createInsightsCollector,
  dayIn,
  pruneInsights,
  RATE_LIMIT_EVENTS,
  visitorHash,
  type InsightsCollector,
} from "~/insights/collect.server";
import { configureLog } from "~/lib/log.server";
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
            { kind: "web_vital", path: "/", metric: "LCP", value: 1234.5, rating: "good" },
          ],
        },
        {},
        from,
      );
      const context = await loadContext(request);
      const response = await action({ request, context, params: {} } as never);
      expect(response.status).toBe(202);
      await context.services.insights.flush();

      const rows = await rowsOf(db);
      expect(rows).toHaveLength(5);
      const [salt] = await db.select().from(insightSalts);
      expect(salt.day).toBe(dayIn(Date.now(), "America/New_York"));
      expect(salt.salt).toMatch(/^[0-9a-f]{64}$/);
      const visitor = visitorHash(salt.salt, from, CHROME, SITE_HOST);
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
      expect(rows.map((r) => r.kind)).toEqual(["page_view", "phone_call", "email_click", "form_submit", "web_vital"]);
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
      expect(rows[3].referrerHost).toBeNull(); // this site's own address is not a referrer
      expect(rows[4]).toMatchObject({ metric: "LCP", value: 1234.5, rating: "good" });
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
      const batches = Array.from({ length: 30 }, (_, b) => ({
        width: 1280,
        events: Array.from({ length: 20 }, (_, i) => {
          const n = b * 20 + i;
          return n % 2
            ? { kind: "web_vital", path: `/p/${n}`, metric: "CLS", value: n / 1000, rating: "good" }
            : pageView(`/p/${n}`, { utm_campaign: awkward[n % awkward.length], utm_source: n % 4 ? undefined : "NULL" });
        }),
      }));
      for (const [b, body] of batches.entries()) expect((await send(body, {}, `10.81.${b}.1`)).status).toBe(202);
      await collector.flush();
      const rows = await rowsOf(db);
      expect(rows).toHaveLength(600);
      for (const [n, row] of rows.entries()) {
        expect(row.path).toBe(`/p/${n}`);
        expect(row.at.getTime()).toBe(NOON);
        if (n % 2) expect(row).toMatchObject({ kind: "web_vital", metric: "CLS", value: n / 1000, utmCampaign: null, utmSource: null });
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

    it("the same address and browser is one visitor on one day and another the next day, whose salt replaces the previous day's", async () => {
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
      expect(rows[2].visitor).not.toBe(rows[0].visitor); // another browser
      expect(rows[3].visitor).not.toBe(rows[0].visitor); // the next day: cannot be linked
      const salts = await db.select().from(insightSalts);
      expect(salts.map((s) => s.day)).toEqual(["2026-03-11"]);
      expect(rows[3].visitor).toBe(visitorHash(salts[0].salt, a, CHROME, SITE_HOST));
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
      expect((await rowsOf(db)).map((r) => r.path)).toEqual(["/administrator"]);
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
