/**
 * The Insights dashboard's pure parts (docs/requirements/insights.md#insights-dashboard): the period and
 * filters read from the address (bad input falls back with a message), the links written back,
 * and the bar chart's geometry.
 */
import { describe, expect, it } from "vitest";

import { barChart, labelEvery, niceCeiling } from "~/insights/chart";
import { addMonths, dashboardHref, parseDashboardQuery, presetPeriod } from "~/insights/dashboard-params";

const TZ = "America/New_York";
/** 2026-03-10 12:00 in New York. */
const NOON = Date.UTC(2026, 2, 10, 16);
const parse = (query: string, now = NOON) => parseDashboardQuery(new URL(`https://x.example/admin/insights${query}`), now, TZ);

describe("the dashboard's address", () => {
  it("reads the preset periods as days in the office's time zone, each compared with as many days before", () => {
    const week = parse("");
    expect(week.period).toMatchObject({ key: "7d", from: "2026-03-04", to: "2026-03-10", hourly: false });
    expect(week.previous).toMatchObject({ from: "2026-02-25", to: "2026-03-03" });
    expect(new Date(week.period.start).toISOString()).toBe("2026-03-04T05:00:00.000Z"); // EST midnight
    expect(new Date(week.period.end).toISOString()).toBe("2026-03-11T04:00:00.000Z"); // EDT midnight
    expect(parse("?period=today").period).toMatchObject({ from: "2026-03-10", to: "2026-03-10", hourly: true });
    expect(parse("?period=today").previous).toMatchObject({ from: "2026-03-09", to: "2026-03-09" });
    expect(parse("?period=30d").period.from).toBe("2026-02-09");
    expect(parse("?period=12m").period).toMatchObject({ from: "2025-03-11", to: "2026-03-10" });
    // 11:30 PM on the 10th in New York is already the 11th in UTC: still the 10th here.
    expect(parse("?period=today", Date.UTC(2026, 2, 11, 3, 30)).period.from).toBe("2026-03-10");
  });

  it("takes a custom range, and falls back to 7 days with a message for a bad one", () => {
    const custom = parse("?from=2026-01-01&to=2026-01-31");
    expect(custom.period).toMatchObject({ key: "custom", from: "2026-01-01", to: "2026-01-31" });
    expect(custom.previous).toMatchObject({ from: "2025-12-01", to: "2025-12-31" });
    expect(custom.problems).toEqual([]);
    for (const [query, message] of [
      ["?from=2026-02-30&to=2026-03-01", "real days"],
      ["?from=yesterday", "real days"],
      ["?from=2026-03-09&to=2026-03-01", "after the end date"],
      ["?from=2023-01-01&to=2026-03-01", "at most 25 months"],
      ["?from=2027-01-01&to=2027-01-02", "in the future"],
      ["?period=forever", "not one of the choices"],
      [`?from=${"9".repeat(5000)}`, "real days"],
    ]) {
      const parsed = parse(query);
      expect(parsed.period.key, query).toBe("7d");
      expect(parsed.problems.join(" "), query).toContain(message);
    }
    // An end in the future is today.
    expect(parse("?from=2026-03-01&to=2026-12-31").period.to).toBe("2026-03-10");
  });

  it("keeps valid filters and leaves out a control character, an oversized value or an unknown device, saying so", () => {
    const ok = parse("?campaign=spring&device=mobile&referrer=(none)&page=/services/managed-it");
    expect(ok.filters).toEqual({ campaign: "spring", device: "mobile", referrer: "(none)", page: "/services/managed-it" });
    const bad = parse(`?campaign=a%00b&device=toaster&page=${"x".repeat(600)}&browser=Firefox`);
    expect(bad.filters).toEqual({ browser: "Firefox" });
    expect(bad.problems).toHaveLength(3);
  });

  it("writes links that read back to the same period and filters", () => {
    const week = presetPeriod("7d", "2026-03-10", TZ);
    expect(dashboardHref(week, {})).toBe("/admin/insights");
    const href = dashboardHref(
      { key: "custom", from: "2026-01-01", to: "2026-01-31" },
      { campaign: "a&b=c", page: "/" },
      "/admin/insights.csv",
      {
        table: "pages",
      },
    );
    expect(href).toBe("/admin/insights.csv?table=pages&from=2026-01-01&to=2026-01-31&page=%2F&campaign=a%26b%3Dc");
    const back = parse(href.slice(href.indexOf("?")));
    expect(back.filters).toEqual({ campaign: "a&b=c", page: "/" });
    expect(back.period).toMatchObject({ from: "2026-01-01", to: "2026-01-31" });
  });

  it("adds months to the month's last day when it is shorter", () => {
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-03-10", -25)).toBe("2024-02-10");
  });
});

describe("the bar chart", () => {
  it("rounds the axis up to a nice number", () => {
    expect([0, 1, 3, 7, 11, 240, 1001].map(niceCeiling)).toEqual([1, 1, 5, 10, 20, 250, 2000]);
  });

  it("gives each value an equal slot and a height in proportion, with whole-number grid lines", () => {
    const chart = barChart([0, 5, 10], 340, 120);
    expect(chart.max).toBe(10);
    expect(chart.plot).toEqual({ left: 40, top: 8, right: 336, bottom: 100 });
    const [a, b, c] = chart.bars;
    expect(a.height).toBe(0);
    expect(c.height).toBe(92);
    expect(b.height).toBe(46);
    expect(c.y).toBe(8);
    expect(b.x - a.x).toBeCloseTo(c.x - b.x, 1);
    expect(a.x).toBeGreaterThanOrEqual(40);
    expect(c.x + c.width).toBeLessThanOrEqual(336);
    expect(chart.ticks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(barChart([1, 0]).ticks.map((t) => t.value)).toEqual([0, 1]);
    expect(barChart([]).bars).toEqual([]);
  });

  it("labels at most a few bars", () => {
    expect(labelEvery(24, 6)).toBe(4);
    expect(labelEvery(365, 7)).toBe(53);
    expect(labelEvery(3, 7)).toBe(1);
  });
});
