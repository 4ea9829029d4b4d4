/**
 * The Insights dashboard's figures on both databases (docs/requirements/insights.md#insights-dashboard):
 * visits by the 30-minute rule, visitors per day, bounces, top lists, conversion rates, Web
 * Vitals' 75th percentile, days in the office's time zone across daylight-saving changes, the
 * daily aggregates (idempotent, pruned after 25 months, equal to the raw figures) and filters.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { startAuthMaintenance } from "~/auth/maintenance.server";
import type { Database } from "~/db/client.server";
import {
  insightDaily,
  insightDailyFiltered,
  insightDailyRuns,
  insightDailyVitals,
  insightEvents,
  insightVisits,
  insightVitalsRunning,
} from "~/db/schema.server";
import { aggregateDay, maintainDailyAggregates, refreshTodayAggregates } from "~/insights/aggregates.server";
import { addDays, dayOf, periodOf, presetPeriod, type Filters, type Period } from "~/insights/dashboard-params";
import { dashboardFigures, periodTotals, visitorsNow } from "~/insights/dashboard.server";
import { TODAY_LIVE_EVENTS } from "~/insights/visit-queries.server";

import { backends, freshDatabaseFor } from "./backends";
import { seedEvents } from "./insight-events";

const TZ = "America/New_York";
const MIN = 60_000;
/** 2026-03-10 12:00 in New York (EDT, UTC-4). */
const NOON = Date.UTC(2026, 2, 10, 16, 0);
const RETENTION = 30;

const day = (d: string): Period => periodOf("custom", d, d, TZ);
const figures = (db: Database, period: Period, filters: Filters = {}, now = NOON) =>
  dashboardFigures(db, { period, filters, timeZone: TZ, retentionDays: RETENTION, now });

describe.each(backends())("Insights dashboard on $name", (backend) => {
  describe.skipIf(backend.skip)("figures", () => {
    let db: Database;
    freshDatabaseFor(backend, "insights-dashboard", (opened) => (db = opened));
    beforeEach(async () => {
      await db.delete(insightEvents);
      await db.delete(insightDaily);
      await db.delete(insightDailyVitals);
      await db.delete(insightDailyRuns);
      await db.delete(insightVitalsRunning);
      await db.delete(insightVisits);
      await db.delete(insightDailyFiltered);
    });

    /** Three visitors on 2026-03-10: A two visits (the second a lead from a campaign), B a bounce, C a call. */
    async function seedDay() {
      const t = NOON - 3 * 60 * MIN; // 09:00
      await seedEvents(db, [
        // A, visit 1: Google, two pages, Web Vitals
        { visitor: "a", at: t, path: "/", referrerHost: "google.com" },
        { visitor: "a", at: t + 5 * MIN, path: "/services/managed-it" },
        {
          visitor: "a",
          at: t + 5 * MIN + 1000,
          kind: "web_vital",
          path: "/services/managed-it",
          metric: "LCP",
          value: 1000,
          rating: "good",
        },
        // A, visit 2 after a 31-minute gap: a spring campaign, a lead
        { visitor: "a", at: t + 36 * MIN, path: "/contact", utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring" },
        { visitor: "a", at: t + 38 * MIN, kind: "form_submit", path: "/contact", utmCampaign: "spring", utmSource: "newsletter" },
        // B: one page, nothing else: a bounce, on a phone
        { visitor: "b", at: t + 10 * MIN, path: "/services/managed-it", device: "mobile", browser: "Safari", referrerHost: "bing.com" },
        {
          visitor: "b",
          at: t + 10 * MIN + 500,
          kind: "web_vital",
          path: "/services/managed-it",
          device: "mobile",
          browser: "Safari",
          metric: "LCP",
          value: 3000,
          rating: "needs-improvement",
        },
        // C: one page and a phone click in the header: not a bounce
        { visitor: "c", at: t + 20 * MIN, path: "/indianapolis-it-support", utmCampaign: "spring", utmSource: "newsletter" },
        {
          visitor: "c",
          at: t + 21 * MIN,
          kind: "phone_call",
          path: "/indianapolis-it-support",
          clickLocation: "header",
          utmCampaign: "spring",
        },
        {
          visitor: "c",
          at: t + 21 * MIN + 10,
          kind: "web_vital",
          path: "/indianapolis-it-support",
          metric: "LCP",
          value: 5000,
          rating: "poor",
        },
        {
          visitor: "c",
          at: t + 21 * MIN + 20,
          kind: "web_vital",
          path: "/indianapolis-it-support",
          metric: "LCP",
          value: 2000,
          rating: "good",
        },
      ]);
    }

    it("counts visitors, visits, page views, bounces, conversions and the top lists", async () => {
      await seedDay();
      const data = await figures(db, day("2026-03-10"));
      expect(data.source).toBe("raw");
      // A converted visit has a contact request (a lead the site stored); C's phone tap is not one.
      expect(data.totals).toEqual({ visitors: 3, visits: 4, pageviews: 5, bounces: 1, converted: 1, leads: 1, calls: 1, emails: 0 });
      expect(data.pages.slice(0, 1)).toMatchObject([{ value: "/services/managed-it", pageviews: 2, visits: 2 }]);
      expect(data.lists.entry.map((r) => [r.value, r.visits])).toEqual([
        ["/", 1],
        ["/contact", 1],
        ["/indianapolis-it-support", 1],
        ["/services/managed-it", 1],
      ]);
      const campaign = Object.fromEntries(data.lists.campaign.map((r) => [r.value ?? "none", [r.visits, r.converted]]));
      expect(campaign).toEqual({ spring: [2, 1], none: [2, 0] });
      expect(data.lists.referrer.find((r) => r.value === "google.com")).toMatchObject({ visits: 1, bounces: 0 });
      expect(data.lists.device.map((r) => [r.value, r.visits])).toEqual([
        ["desktop", 3],
        ["mobile", 1],
      ]);
      expect(data.clicks).toEqual([{ kind: "phone_call", location: "header", count: 1 }]);
      // The chart: the hours of the day, every visit in the 09 o'clock one.
      expect(data.series).toHaveLength(24);
      expect(data.series.find((p) => p.bucket === "2026-03-10T09")).toMatchObject({ visits: 4, visitors: 3, pageviews: 5 });
      expect(data.series.find((p) => p.bucket === "2026-03-10T10")).toMatchObject({ visits: 0 });
    });

    it("gives each Web Vital's 75th percentile and good / needs improvement / poor by page, family and device", async () => {
      await seedDay();
      const { vitals } = await figures(db, day("2026-03-10"));
      // LCP samples 1000, 3000, 5000, 2000: p75 (interpolated) 3500.
      expect(vitals.all).toEqual([{ metric: "LCP", group: "all", p75: 3500, samples: 4, good: 2, needsImprovement: 1, poor: 1 }]);
      expect(vitals.families.map((r) => [r.group, r.samples])).toEqual([
        ["city", 2],
        ["service", 2],
      ]);
      expect(vitals.devices.find((r) => r.group === "mobile")).toMatchObject({ p75: 3000, samples: 1, needsImprovement: 1 });
      expect(vitals.pages.find((r) => r.group === "/indianapolis-it-support")).toMatchObject({ p75: 4250, poor: 1, good: 1 });
    });

    it("narrows every section by a filter (a campaign, a page, a device)", async () => {
      await seedDay();
      const spring = await figures(db, day("2026-03-10"), { campaign: "spring" });
      expect(spring.totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 2, leads: 1, calls: 1, bounces: 0 });
      expect(spring.pages.map((r) => r.value).sort()).toEqual(["/contact", "/indianapolis-it-support"]);
      expect(spring.lists.referrer.map((r) => r.value)).toEqual([null]);
      expect(spring.vitals.all[0]).toMatchObject({ samples: 2 });
      expect(spring.clicks).toHaveLength(1);
      const none = await figures(db, day("2026-03-10"), { campaign: "(none)" });
      expect(none.totals.visits).toBe(2);
      const page = await figures(db, day("2026-03-10"), { page: "/services/managed-it" });
      expect(page.totals).toMatchObject({ visits: 2, visitors: 2 });
      const mobile = await figures(db, day("2026-03-10"), { device: "mobile" });
      expect(mobile.totals).toMatchObject({ visits: 1, bounces: 1 });
      expect(mobile.vitals.all[0]).toMatchObject({ samples: 1 });
      expect(mobile.clicks).toEqual([]);
    });

    it("keeps a visit by its first event: the pages after a campaign's landing count with it, a campaign met later in a visit does not", async () => {
      const t = NOON - 3 * 60 * MIN;
      await seedEvents(db, [
        // D lands from the autumn campaign, reads two more pages (no UTM on them), then comes back 40 minutes later directly.
        { visitor: "d", at: t, path: "/", utmCampaign: "autumn", utmSource: "flyer", device: "mobile" },
        { visitor: "d", at: t + MIN, path: "/services/voip", device: "mobile" },
        { visitor: "d", at: t + 2 * MIN, path: "/contact", device: "mobile" },
        { visitor: "d", at: t + 42 * MIN, path: "/about", device: "mobile" },
        // E lands directly and meets the campaign's page only on its second page: not a visit from it.
        { visitor: "e", at: t + 5 * MIN, path: "/faq" },
        { visitor: "e", at: t + 6 * MIN, path: "/services/voip", utmCampaign: "autumn" },
      ]);
      const autumn = await figures(db, day("2026-03-10"), { campaign: "autumn" });
      expect(autumn.totals).toMatchObject({ visitors: 1, visits: 1, pageviews: 3, bounces: 0 });
      expect(autumn.pages.map((r) => r.value).sort()).toEqual(["/", "/contact", "/services/voip"]);
      const both = await figures(db, day("2026-03-10"), { campaign: "autumn", device: "mobile", page: "/contact" });
      expect(both.totals).toMatchObject({ visits: 1, pageviews: 3 });
      expect((await figures(db, day("2026-03-10"), { campaign: "autumn", device: "desktop" })).totals.visits).toBe(0);
      const voip = await figures(db, day("2026-03-10"), { page: "/services/voip" });
      expect(voip.totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 5 });
      expect((await figures(db, day("2026-03-10"), { entry: "/about" })).totals).toMatchObject({ visits: 1, pageviews: 1, bounces: 1 });
    });

    it("counts the same hash on two days as two visitors (hashes are daily), and visitors now", async () => {
      await seedEvents(db, [
        { visitor: "same", at: NOON },
        { visitor: "same", at: NOON + 24 * 60 * MIN },
        { visitor: "other", at: NOON + 24 * 60 * MIN + 10 * MIN },
      ]);
      const period = periodOf("custom", "2026-03-10", "2026-03-11", TZ);
      const data = await figures(db, period, {}, NOON + 25 * 60 * MIN);
      expect(data.totals).toMatchObject({ visitors: 3, visits: 3 });
      expect(data.series.map((p) => [p.bucket, p.visitors])).toEqual([
        ["2026-03-10", 1],
        ["2026-03-11", 2],
      ]);
      expect(await visitorsNow(db, NOON + 24 * 60 * MIN + 4 * MIN)).toBe(1);
      await seedEvents(db, [{ visitor: "third", at: NOON + 24 * 60 * MIN + 11 * MIN }]);
      expect(await visitorsNow(db, NOON + 24 * 60 * MIN + 12 * MIN)).toBe(2);
      expect(await visitorsNow(db, NOON + 24 * 60 * MIN + 20 * MIN)).toBe(0);
    });

    it("ends the office's days at its midnight across daylight-saving changes (2026-03-08, 2026-11-01)", async () => {
      // 2026-03-08: New York moves from UTC-5 to UTC-4 at 2:00; the day is 23 hours long.
      await seedEvents(db, [
        { visitor: "before", at: Date.UTC(2026, 2, 8, 4, 59) }, // 23:59 on 03-07 (EST)
        { visitor: "start", at: Date.UTC(2026, 2, 8, 5, 1) }, // 00:01 on 03-08 (EST)
        { visitor: "end", at: Date.UTC(2026, 2, 9, 3, 59) }, // 23:59 on 03-08 (EDT)
        { visitor: "after", at: Date.UTC(2026, 2, 9, 4, 1) }, // 00:01 on 03-09 (EDT)
        // 2026-11-01: back from UTC-4 to UTC-5 at 2:00; 25 hours long.
        { visitor: "nov-before", at: Date.UTC(2026, 10, 1, 3, 59) }, // 23:59 on 10-31 (EDT)
        { visitor: "nov-start", at: Date.UTC(2026, 10, 1, 4, 1) }, // 00:01 on 11-01 (EDT)
        { visitor: "nov-end", at: Date.UTC(2026, 10, 2, 4, 59) }, // 23:59 on 11-01 (EST)
        { visitor: "nov-after", at: Date.UTC(2026, 10, 2, 5, 1) }, // 00:01 on 11-02 (EST)
      ]);
      const march = await figures(db, day("2026-03-08"), {}, Date.UTC(2026, 2, 10));
      expect(march.totals.visits).toBe(2);
      expect(march.series).toHaveLength(23);
      const november = await figures(db, day("2026-11-01"), {}, Date.UTC(2026, 10, 3));
      expect(november.totals.visits).toBe(2);
      expect(november.series.length).toBeGreaterThanOrEqual(24); // 01:00 happens twice: one bucket
      // The daily aggregates follow the same days.
      await aggregateDay(db, "2026-03-08", TZ);
      await aggregateDay(db, "2026-11-01", TZ);
      const totals = await db
        .select()
        .from(insightDaily)
        .where(sql`dimension = 'total'`);
      expect(totals.map((r) => [r.day, r.visits]).sort()).toEqual([
        ["2026-03-08", 2],
        ["2026-11-01", 2],
      ]);
    });

    it("aggregates a day idempotently, reads aggregates beyond the raw retention equal to the raw figures, and prunes after 25 months", async () => {
      await seedDay();
      const period = day("2026-03-10");
      const fromRaw = await figures(db, period);
      await aggregateDay(db, "2026-03-10", TZ);
      const once = await db.select().from(insightDaily).orderBy(insightDaily.dimension, insightDaily.value);
      await aggregateDay(db, "2026-03-10", TZ);
      const twice = await db.select().from(insightDaily).orderBy(insightDaily.dimension, insightDaily.value);
      expect(twice).toEqual(once);
      // Sixty days later the raw events are gone: the same figures come from the aggregates.
      await db.delete(insightEvents);
      const later = NOON + 60 * 24 * 60 * MIN;
      const fromDaily = await figures(db, period, {}, later);
      expect(fromDaily.source).toBe("daily");
      expect(fromDaily.totals).toEqual(fromRaw.totals);
      expect(fromDaily.lists.campaign).toEqual(fromRaw.lists.campaign);
      expect(fromDaily.lists.entry).toEqual(fromRaw.lists.entry);
      expect(fromDaily.pages.map((r) => [r.value, r.pageviews])).toEqual(fromRaw.pages.map((r) => [r.value, r.pageviews]));
      // One filter is answered from its own aggregate; the lists are not narrowed, and a second filter is named as left out.
      const spring = await figures(db, period, { campaign: "spring", device: "desktop" }, later);
      expect(spring.totals).toMatchObject({ visits: 2, leads: 1 });
      expect(spring.ignoredFilters).toEqual(["device"]);
      expect(spring.listsUnfiltered).toBe(true);
      // Pruning: older than 25 months goes, the rest stays.
      const twoYearsOn = Date.UTC(2028, 3, 10, 16); // 25 months after 2026-03-10
      expect((await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now: twoYearsOn })).pruned).toBe(0);
      const prune = await maintainDailyAggregates(db, {
        retentionDays: RETENTION,
        timeZone: TZ,
        now: Date.UTC(2028, 3, 11, 16) + 24 * 60 * MIN,
      });
      expect(prune.pruned).toBeGreaterThan(0);
      const left = await db
        .select()
        .from(insightDaily)
        .where(sql`day = '2026-03-10'`);
      expect(left).toEqual([]);
    });

    it("reads an unfiltered week from the finished days' aggregates, with the same figures as the raw events and Web Vitals within 2 %", async () => {
      await seedDay(); // 2026-03-10
      await seedEvents(db, [
        { visitor: "d", at: NOON - 24 * 60 * MIN, path: "/about", referrerHost: "bing.com" }, // 2026-03-09
        {
          visitor: "d",
          at: NOON - 24 * 60 * MIN + 1000,
          kind: "web_vital",
          path: "/about",
          metric: "LCP",
          value: 2600,
          rating: "needs-improvement",
        },
        { visitor: "e", at: NOON + 24 * 60 * MIN, path: "/", utmCampaign: "spring" }, // 2026-03-11, "today"
        { visitor: "e", at: NOON + 24 * 60 * MIN + 1000, kind: "web_vital", path: "/", metric: "LCP", value: 1800, rating: "good" },
      ]);
      const now = NOON + 24 * 60 * MIN + 5 * MIN;
      const week = presetPeriod("7d", "2026-03-11", TZ);
      // Before the housekeeping: every day from the raw events (the finished days one at a time).
      const before = await figures(db, week, {}, now);
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now });
      const after = await figures(db, week, {}, now);
      expect(after.totals).toEqual(before.totals);
      expect(after.totals).toMatchObject({ visits: 4 + 1 + 1, leads: 1, calls: 1 });
      expect(after.lists).toEqual(before.lists);
      expect(after.pages).toEqual(before.pages);
      expect(after.series).toEqual(before.series);
      expect(after.clicks).toEqual([{ kind: "phone_call", location: "header", count: 1 }]);
      // LCP samples 1000, 3000, 5000, 2000, 2600, 1800: the exact 75th percentile is 2900.
      const [lcp] = after.vitals.all;
      expect(lcp).toMatchObject({ metric: "LCP", group: "all", samples: 6, good: 3, needsImprovement: 2, poor: 1 });
      expect(Math.abs(lcp!.p75 - 2900)).toBeLessThanOrEqual(2900 * 0.02);
      expect(after.vitals.pages.find((r) => r.group === "/about")).toMatchObject({ samples: 1, needsImprovement: 1 });
      expect(after.vitals).toEqual(before.vitals);
      // Sixty days on, the raw events are pruned: the visits come from the aggregates; Web Vitals,
      // like the events, cover the retention only, and their histograms go with it.
      await db.delete(insightEvents);
      const sixtyDaysOn = now + 60 * 24 * 60 * MIN;
      const later = await figures(db, week, {}, sixtyDaysOn);
      expect(later.source).toBe("daily");
      expect(later.totals.visits).toBe(4 + 1); // today's visit was never aggregated
      expect(later.vitals.all).toEqual([]);
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now: sixtyDaysOn });
      expect(await db.select().from(insightDailyVitals)).toEqual([]);
    });

    it("reads a filtered week from its filter's aggregates (one filter) or the stored visits (two), with the figures the events give", async () => {
      await seedDay(); // 2026-03-10
      await seedEvents(db, [
        { visitor: "d", at: NOON - 24 * 60 * MIN, path: "/about", referrerHost: "bing.com", device: "mobile" }, // 2026-03-09
        {
          visitor: "d",
          at: NOON - 24 * 60 * MIN + 1000,
          kind: "web_vital",
          path: "/about",
          metric: "LCP",
          value: 2600,
          rating: "needs-improvement",
        },
        { visitor: "d", at: NOON - 24 * 60 * MIN + 2 * MIN, path: "/contact", device: "mobile" },
        { visitor: "e", at: NOON + 24 * 60 * MIN, path: "/", utmCampaign: "spring" }, // 2026-03-11, "today"
        { visitor: "e", at: NOON + 24 * 60 * MIN + 1000, kind: "web_vital", path: "/", metric: "LCP", value: 1800, rating: "good" },
        { visitor: "e", at: NOON + 24 * 60 * MIN + 2000, kind: "email_click", path: "/", clickLocation: "footer" },
      ]);
      const now = NOON + 24 * 60 * MIN + 5 * MIN;
      const week = presetPeriod("7d", "2026-03-11", TZ);
      const views: Filters[] = [
        { campaign: "spring" },
        { campaign: "(none)" },
        { page: "/contact" },
        { page: "/services/managed-it", device: "desktop" },
        { referrer: "bing.com" },
        { device: "mobile" },
        { entry: "/contact", source: "newsletter", medium: "email" },
        { browser: "Safari" },
      ];
      const before = await Promise.all(views.map((filters) => figures(db, week, filters, now)));
      const totalsBefore = await Promise.all(
        views.map((filters) => periodTotals(db, { period: week, filters, timeZone: TZ, retentionDays: RETENTION, now })),
      );
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now });
      const stored = await db.execute<{ day: string; n: number }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from insight_visits group by 1 order by 1`,
      );
      expect(stored.rows).toEqual([
        { day: "2026-03-09", n: 1 },
        { day: "2026-03-10", n: 4 },
      ]);
      // Each filter's rows: the spring campaign on the 10th kept A's second visit and C's (C's phone tap in the header).
      const spring = await db.execute<Record<string, unknown>>(
        sql`select dimension, value, visits from insight_daily_filtered
          where filter = 'campaign' and filter_value = 'spring' and day = '2026-03-10' and dimension in ('total', 'phone_call', 'page')
          order by dimension, value`,
      );
      expect(spring.rows).toEqual([
        { dimension: "page", value: "/contact", visits: 1 },
        { dimension: "page", value: "/indianapolis-it-support", visits: 1 },
        { dimension: "phone_call", value: "header", visits: 1 },
        { dimension: "total", value: "", visits: 2 },
      ]);
      // A visit keeps its pages and the places of its taps.
      const c = await db.execute<Record<string, unknown>>(
        sql`select pages, page_views, phone_at, email_at from insight_visits where visitor = 'c'`,
      );
      expect(c.rows).toEqual([{ pages: ["/indianapolis-it-support"], page_views: [1], phone_at: ["header"], email_at: [] }]);
      for (const [i, filters] of views.entries()) {
        const after = await figures(db, week, filters, now);
        const what = JSON.stringify(filters);
        expect(after.totals, what).toEqual(before[i].totals);
        expect(after.lists, what).toEqual(before[i].lists);
        expect(after.pages, what).toEqual(before[i].pages);
        expect(after.series, what).toEqual(before[i].series);
        expect(after.clicks, what).toEqual(before[i].clicks);
        // Web Vitals from histograms: the same samples, each 75th percentile within 2 % of the exact one.
        for (const list of ["all", "pages", "families", "devices"] as const) {
          expect(
            after.vitals[list].map(({ p75: _, ...rest }) => rest),
            what,
          ).toEqual(before[i].vitals[list].map(({ p75: _, ...rest }) => rest));
          for (const [n, row] of after.vitals[list].entries())
            expect(Math.abs(row.p75 - before[i].vitals[list][n].p75), what).toBeLessThanOrEqual(before[i].vitals[list][n].p75 * 0.02);
        }
        expect(after.vitalsSample, what).toBeNull();
        expect(await periodTotals(db, { period: week, filters, timeZone: TZ, retentionDays: RETENTION, now }), what).toEqual(
          totalsBefore[i],
        );
      }
      expect(before[0].totals).toMatchObject({ visits: 3, leads: 1, calls: 1, emails: 1 });
      expect(before[2].totals).toMatchObject({ visits: 2, pageviews: 3 });
      // A single finished day, filtered, by the hour: from its stored visits too.
      const tenth = await figures(db, day("2026-03-10"), { campaign: "spring" }, now);
      expect(tenth.series.find((p) => p.bucket === "2026-03-10T09")).toMatchObject({ visits: 2 });
    });

    it("on a busy day, reads today in views of several days from today's aggregates, written again each minute, and says up to when", async () => {
      await seedDay(); // 2026-03-10, "today": 5 page views, a form and a call
      const now = NOON + 60 * MIN;
      const week = presetPeriod("7d", "2026-03-10", TZ);
      const busy = { timeZone: TZ, now, liveEvents: 3 };
      const weekOf = () =>
        dashboardFigures(db, { period: week, filters: {}, timeZone: TZ, retentionDays: RETENTION, now, todayLiveEvents: 3 });
      // No aggregates of today yet: counted live.
      const live = await weekOf();
      expect(live.todayThrough).toBeNull();
      expect(await refreshTodayAggregates(db, busy)).toBe(true);
      const read = await weekOf();
      expect(read.todayThrough).not.toBeNull();
      expect(read.totals).toEqual(live.totals);
      expect(read.lists).toEqual(live.lists);
      expect(read.pages).toEqual(live.pages);
      expect(read.vitals).toEqual(live.vitals);
      // The Today view too, its chart by the hour: the same figures as its events give.
      const todayOf = () =>
        dashboardFigures(db, { period: day("2026-03-10"), filters: {}, timeZone: TZ, retentionDays: RETENTION, now, todayLiveEvents: 3 });
      const todayLive = await figures(db, day("2026-03-10"), {}, now);
      const todayRead = await todayOf();
      expect(todayLive.todayThrough).toBeNull();
      expect(todayRead.todayThrough).not.toBeNull();
      expect(todayRead.totals).toEqual(todayLive.totals);
      expect(todayRead.series).toEqual(todayLive.series);
      expect(todayRead.lists).toEqual(todayLive.lists);
      expect(todayRead.pages).toEqual(todayLive.pages);
      expect(todayRead.clicks).toEqual(todayLive.clicks);
      expect(todayRead.vitals.all[0]).toMatchObject({ metric: "LCP", samples: 4 });
      expect(Math.abs(todayRead.vitals.all[0]!.p75 - 3500)).toBeLessThanOrEqual(3500 * 0.02);
      // A visit after them shows at the next refresh; in a filtered view (worked out from the events) at once.
      await seedEvents(db, [{ visitor: "new", at: NOON + 30 * MIN, path: "/about" }]);
      expect((await weekOf()).totals.visits).toBe(live.totals.visits);
      expect((await todayOf()).totals.visits).toBe(live.totals.visits);
      expect((await figures(db, day("2026-03-10"), { entry: "/about" }, now)).totals.visits).toBe(1);
      expect(await refreshTodayAggregates(db, busy)).toBe(false); // written under a minute ago
      expect(await refreshTodayAggregates(db, { ...busy, everyMs: 0 })).toBe(true);
      expect((await weekOf()).totals.visits).toBe(live.totals.visits + 1);
      expect((await todayOf()).series.find((p) => p.bucket === "2026-03-10T12")).toMatchObject({ visits: 1 });
      // Nothing new since: nothing written.
      expect(await refreshTodayAggregates(db, { ...busy, everyMs: 0 })).toBe(false);
      // Aggregates over five minutes old (their refresh stopped) are not used; nor on a quiet day.
      await db.update(insightDailyRuns).set({ aggregatedAt: new Date(now - 6 * MIN) });
      expect((await weekOf()).todayThrough).toBeNull();
      await db.update(insightDailyRuns).set({ aggregatedAt: new Date(now) });
      expect((await weekOf()).todayThrough).toBe(now);
      const quiet = await dashboardFigures(db, { period: week, filters: {}, timeZone: TZ, retentionDays: RETENTION, now });
      expect(quiet.todayThrough).toBeNull();
      expect(await refreshTodayAggregates(db, { timeZone: TZ, now, everyMs: 0 })).toBe(false);
    });

    it("reads a finished day, hour by hour, from its aggregates, with the figures its events give", async () => {
      await seedDay(); // 2026-03-10
      const nextDay = NOON + 24 * 60 * MIN;
      const fromEvents = await figures(db, day("2026-03-10"), {}, nextDay); // not aggregated yet
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now: nextDay });
      await db.delete(insightEvents).where(sql`kind <> 'phone_call'`); // what is read now is the aggregates
      const fromAggregates = await figures(db, day("2026-03-10"), {}, nextDay);
      expect(fromAggregates.totals).toEqual(fromEvents.totals);
      expect(fromAggregates.series).toHaveLength(24);
      expect(fromAggregates.series).toEqual(fromEvents.series);
      expect(fromAggregates.lists).toEqual(fromEvents.lists);
      expect(fromAggregates.pages).toEqual(fromEvents.pages);
      expect(fromAggregates.vitals.all[0]).toMatchObject({ metric: "LCP", samples: 4, good: 2, needsImprovement: 1, poor: 1 });
      // The day before, for the comparison, from the aggregates too.
      expect(
        await periodTotals(db, { period: day("2026-03-10"), filters: {}, timeZone: TZ, retentionDays: RETENTION, now: nextDay }),
      ).toEqual(fromEvents.totals);
    });

    it("reads any run of days' Web Vitals from their running sums, which start again at the oldest day kept", async () => {
      const DAY = 24 * 60 * MIN;
      // One LCP sample a day, 03-06 to 03-09: 1000, 2000, 3000, 4000.
      await seedEvents(
        db,
        [0, 1, 2, 3].flatMap((k) => [
          { visitor: `d${k}`, at: NOON - (4 - k) * DAY, path: "/" },
          { visitor: `d${k}`, at: NOON - (4 - k) * DAY + 1000, kind: "web_vital", metric: "LCP", value: 1000 * (k + 1), rating: "good" },
        ]),
      );
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now: NOON });
      const lcp = async (from: string, to: string, retentionDays = RETENTION) =>
        (await dashboardFigures(db, { period: periodOf("custom", from, to, TZ), filters: {}, timeZone: TZ, retentionDays, now: NOON }))
          .vitals.all[0];
      const middle = await lcp("2026-03-07", "2026-03-08");
      expect(middle).toMatchObject({ samples: 2, good: 2 });
      expect(Math.abs(middle!.p75 - 2750)).toBeLessThanOrEqual(2750 * 0.02); // 2000 and 3000
      expect(await lcp("2026-03-06", "2026-03-09")).toMatchObject({ samples: 4 });
      expect(await lcp("2026-03-09", "2026-03-09")).toMatchObject({ samples: 1 });
      // Three days kept from now on: 03-06 and 03-07 go, the running sums start at 03-08.
      await maintainDailyAggregates(db, { retentionDays: 3, timeZone: TZ, now: NOON });
      const [first] = await db
        .execute<{ day: string }>(sql`select to_char(min(day), 'YYYY-MM-DD') as day from insight_vitals_running`)
        .then((r) => r.rows);
      expect(first?.day).toBe("2026-03-08");
      const kept = await lcp("2026-03-08", "2026-03-09", 3);
      expect(kept).toMatchObject({ samples: 2 });
      expect(Math.abs(kept!.p75 - 3750)).toBeLessThanOrEqual(3750 * 0.02); // 3000 and 4000
    });

    it("has the housekeeping write today's aggregates every minute on a busy day", async () => {
      const now = Date.now();
      // One more page view than a quiet day has, all within the last 20 ms (today, but a few ms after midnight).
      await seedEvents(
        db,
        Array.from({ length: TODAY_LIVE_EVENTS + 1 }, (_, k) => ({ visitor: `v${k % 500}`, at: now - (k % 20) })),
      );
      const logged: string[] = [];
      const log = (line: string) => logged.push(line);
      const maintenance = startAuthMaintenance(db, { log, error: log }, undefined, { insightsRetentionDays: RETENTION, todayEveryMs: 50 });
      try {
        const today = sql`day = ${dayOf(now, TZ)}::date`;
        await expect
          .poll(async () => (await db.select().from(insightDailyRuns).where(today)).map((r) => r.events), { timeout: 15_000 })
          .toEqual([TODAY_LIVE_EVENTS + 1]);
      } finally {
        await maintenance.stop();
      }
      expect(logged.filter((line) => line.includes("failed"))).toEqual([]);
      const week = await dashboardFigures(db, {
        period: presetPeriod("7d", dayOf(now, TZ), TZ),
        filters: {},
        timeZone: TZ,
        retentionDays: RETENTION,
        now,
      });
      expect(week.todayThrough).not.toBeNull();
      expect(week.totals.pageviews).toBe(TODAY_LIVE_EVENTS + 1);
    });

    it("writes a day's aggregates once when processes write them at the same moment", async () => {
      await seedDay();
      const expected = await figures(db, day("2026-03-10"));
      const busy = { timeZone: TZ, now: NOON + 60 * MIN, liveEvents: 3, everyMs: 0 };
      const results = await Promise.all([
        ...Array.from({ length: 10 }, () => aggregateDay(db, "2026-03-10", TZ)),
        ...Array.from({ length: 10 }, () => refreshTodayAggregates(db, busy)),
      ]);
      expect(results.slice(0, 10)).toEqual(Array(10).fill(true));
      const [total] = await db
        .select()
        .from(insightDaily)
        .where(sql`dimension = 'total'`);
      expect(total).toMatchObject({ day: "2026-03-10", visits: expected.totals.visits, pageviews: expected.totals.pageviews });
      expect(await db.select().from(insightDailyRuns)).toHaveLength(1);
    });

    it("counts a Web Vitals sample in the visit of its page, without starting or prolonging a visit", async () => {
      const t = NOON - 3 * 60 * MIN;
      const lcp = (at: number, value: number) => ({
        visitor: "v",
        at,
        kind: "web_vital" as const,
        path: "/",
        metric: "LCP",
        value,
        rating: "good",
      });
      await seedEvents(db, [
        { visitor: "v", at: t, path: "/", utmCampaign: "fall" },
        lcp(t + 25 * MIN, 1000), // reported when the tab was hidden, 25 minutes on
        { visitor: "v", at: t + 50 * MIN, path: "/about" }, // 50 minutes after the last page view: a new visit
        lcp(t + 95 * MIN, 3000), // the second page's, reported 45 minutes after it
      ]);
      const data = await figures(db, day("2026-03-10"));
      expect(data.totals).toMatchObject({ visits: 2, pageviews: 2, bounces: 2 });
      const fall = await figures(db, day("2026-03-10"), { campaign: "fall" });
      expect(fall.totals).toMatchObject({ visits: 1, pageviews: 1 });
      // A filtered view reads Web Vitals as histograms: within 2 % of the sample.
      expect(fall.vitals.all).toMatchObject([{ metric: "LCP", samples: 1 }]);
      expect(Math.abs(fall.vitals.all[0].p75 - 1000)).toBeLessThanOrEqual(20);
      const about = await figures(db, day("2026-03-10"), { entry: "/about" });
      expect(about.vitals.all).toMatchObject([{ metric: "LCP", samples: 1 }]);
      expect(Math.abs(about.vitals.all[0].p75 - 3000)).toBeLessThanOrEqual(60);
    });

    it("takes a filtered view's Web Vitals from a fixed sample of its visits when they are many, and says so", async () => {
      const t = NOON - 24 * 60 * MIN; // 2026-03-09
      await seedEvents(
        db,
        Array.from({ length: 60 }, (_, i) => [
          { visitor: `v${i}`, at: t + i * 1000, path: "/", utmCampaign: "spring" },
          {
            visitor: `v${i}`,
            at: t + i * 1000 + 500,
            kind: "web_vital" as const,
            path: "/",
            metric: "LCP" as const,
            value: 1000 + i * 50,
            rating: "good" as const,
          },
        ]).flat(),
      );
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now: NOON });
      const week = presetPeriod("7d", "2026-03-10", TZ);
      const view = (vitalsSampleVisits?: number) =>
        dashboardFigures(db, {
          period: week,
          filters: { campaign: "spring" },
          timeZone: TZ,
          retentionDays: RETENTION,
          now: NOON,
          vitalsSampleVisits,
        });
      const all = await view();
      expect(all.totals.visits).toBe(60);
      expect(all.vitalsSample).toBeNull();
      expect(all.vitals.all).toMatchObject([{ metric: "LCP", samples: 60 }]);
      const sampled = await view(10);
      expect(sampled.totals.visits).toBe(60); // the figures stay whole
      expect(sampled.vitalsSample).toBeGreaterThan(0);
      expect(sampled.vitalsSample).toBeLessThan(60);
      const lcp = sampled.vitals.all[0];
      expect(lcp.samples).toBeGreaterThan(0);
      expect(lcp.samples).toBeLessThan(60);
      // A fixed sample: the same visits each time.
      expect((await view(10)).vitals).toEqual(sampled.vitals);
    });

    it("forgets stored visits and the filters' aggregates with the events they come from, and keeps the daily aggregates", async () => {
      await seedDay(); // 2026-03-10
      const DAY = 24 * 60 * MIN;
      const kept = async () =>
        (
          await db.execute<Record<string, number>>(sql`select
            (select count(*)::int from insight_visits where day = '2026-03-10') as visits,
            (select count(*)::int from insight_daily_filtered where day = '2026-03-10' and dimension = 'total') as filtered,
            (select count(*)::int from insight_daily where day = '2026-03-10' and dimension = 'total') as daily`)
        ).rows[0];
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now: NOON + 2 * DAY });
      expect(await kept()).toMatchObject({ visits: 4, daily: 1 });
      expect((await kept()).filtered).toBeGreaterThan(0);
      await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now: NOON + (RETENTION + 2) * DAY });
      expect(await kept()).toEqual({ visits: 0, filtered: 0, daily: 1 });
    });

    it("has the housekeeping aggregate each finished day within the retention once, and yesterday again", async () => {
      await seedDay();
      await seedEvents(db, [{ visitor: "late", at: NOON + 24 * 60 * MIN }]);
      const now = NOON + 2 * 24 * 60 * MIN; // 2026-03-12
      const first = await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now });
      expect(first.aggregated).toContain("2026-03-10");
      expect(first.aggregated).toHaveLength(RETENTION - 1); // the oldest day is partly pruned already
      const second = await maintainDailyAggregates(db, { retentionDays: RETENTION, timeZone: TZ, now });
      expect(second.aggregated).toEqual(["2026-03-11"]);
      // 12 months read the aggregates plus today's raw events, and compare with the year before.
      const year = presetPeriod("12m", "2026-03-12", TZ);
      await seedEvents(db, [{ visitor: "today", at: now }]);
      const data = await figures(db, year, {}, now + MIN);
      expect(data.source).toBe("daily");
      expect(data.totals.visits).toBe(4 + 1 + 1);
      expect(data.series).toHaveLength(365);
      expect(data.series.at(-1)).toMatchObject({ bucket: "2026-03-12", visits: 1 });
      const before = await periodTotals(db, {
        period: periodOf("custom", addDays(year.from, -365), addDays(year.from, -1), TZ),
        filters: {},
        timeZone: TZ,
        retentionDays: RETENTION,
        now,
      });
      expect(before.visits).toBe(0);
    });
  });
});
