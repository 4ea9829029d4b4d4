/**
 * Insights' weekly summary, its pure parts (docs/requirements/insights.md#insights-weekly-summary): when it
 * is due in the office's time zone and which weeks it compares, and the e-mail's text.
 */
import { describe, expect, it } from "vitest";

import { site } from "~/config/site";
import { changeText, dueSummaryWeek, quotedName, renderWeeklySummary, weekLabel, type WeeklySummary } from "~/insights/weekly-summary";

const TZ = "America/New_York";
const SITE = "https://www.crossroadsit.example";

describe("when the weekly summary is due", () => {
  it("is due on Monday from 07:00 office time, for Monday to Sunday just ended against the week before", () => {
    // Monday 2026-11-23, 07:00 EST = 12:00 UTC.
    const due = dueSummaryWeek(Date.UTC(2026, 10, 23, 12, 0), TZ);
    expect(due?.week).toMatchObject({ from: "2026-11-16", to: "2026-11-22", key: "custom", hourly: false });
    expect(due?.previous).toMatchObject({ from: "2026-11-09", to: "2026-11-15" });
    expect(new Date(due!.week.start).toISOString()).toBe("2026-11-16T05:00:00.000Z");
    expect(new Date(due!.week.end).toISOString()).toBe("2026-11-23T05:00:00.000Z");
    // Still due late on Monday (23:30 EST is Tuesday in UTC).
    expect(dueSummaryWeek(Date.UTC(2026, 10, 24, 4, 30), TZ)?.week.from).toBe("2026-11-16");
  });

  it("is not due before 07:00 on Monday, nor on any other day (in the office's time zone, not UTC's)", () => {
    expect(dueSummaryWeek(Date.UTC(2026, 10, 23, 11, 59), TZ)).toBeNull(); // 06:59 EST
    expect(dueSummaryWeek(Date.UTC(2026, 10, 24, 5, 0), TZ)).toBeNull(); // Tuesday 00:00 EST
    expect(dueSummaryWeek(Date.UTC(2026, 10, 23, 3, 0), TZ)).toBeNull(); // Monday in UTC, Sunday 22:00 EST
    for (let day = 17; day <= 22; day++) expect(dueSummaryWeek(Date.UTC(2026, 10, day, 15), TZ), `Nov ${day}`).toBeNull();
  });

  it("sums up whole days across a daylight-saving change", () => {
    // Monday 2026-03-09, 09:00 EDT: the week of Mar 2-8 had 23-hour Sunday (clocks forward on Mar 8).
    const due = dueSummaryWeek(Date.UTC(2026, 2, 9, 13), TZ)!;
    expect(due.week).toMatchObject({ from: "2026-03-02", to: "2026-03-08" });
    expect((due.week.end - due.week.start) / 3_600_000).toBe(7 * 24 - 1);
  });
});

const summary = (over: Partial<WeeklySummary> = {}): WeeklySummary => {
  const due = dueSummaryWeek(Date.UTC(2026, 10, 23, 13), TZ)!;
  return {
    ...due,
    visitors: { now: 1234, before: 1100 },
    visits: { now: 1500, before: 1500 },
    leads: { now: 3, before: 0 },
    calls: { now: 4, before: 8 },
    emails: { now: 0, before: 0 },
    referrers: [
      { value: "google.com", visits: 700, before: 650 },
      { value: "bing.com", visits: 40, before: 0 },
    ],
    sources: [{ value: "newsletter", visits: 25, before: 30 }],
    newlyPoor: [
      { path: "/services/managed-it", metric: "LCP", p75: 4620, samples: 12, before: 2100 },
      { path: "/contact", metric: "INP", p75: 640, samples: 1, before: null },
    ],
    ...over,
  };
};

describe("the weekly summary's text", () => {
  it("writes the changes in percent, 'new' from nothing, and nothing when both weeks are empty", () => {
    expect(changeText({ now: 1234, before: 1100 })).toBe("+12 %");
    expect(changeText({ now: 4, before: 8 })).toBe("-50 %");
    expect(changeText({ now: 5, before: 5 })).toBe("no change");
    expect(changeText({ now: 3, before: 0 })).toBe("new");
    expect(changeText({ now: 0, before: 0 })).toBe("");
  });

  it("names weeks within a month, across months and across years", () => {
    expect(weekLabel({ from: "2026-11-16", to: "2026-11-22" })).toBe("Nov 16-22, 2026");
    expect(weekLabel({ from: "2026-11-30", to: "2026-12-06" })).toBe("Nov 30-Dec 6, 2026");
    expect(weekLabel({ from: "2026-12-28", to: "2027-01-03" })).toBe("Dec 28, 2026-Jan 3, 2027");
  });

  it("has the figures beside the week before, the top sources, the newly poor pages, the dashboard link and the way out", () => {
    const { subject, text } = renderWeeklySummary(summary(), SITE);
    expect(subject).toBe(`${site.brand} website: your week in Insights, Nov 16-22, 2026`);
    expect(text).toContain(`The ${site.brand} website's week in Insights: November 16, 2026 (Monday) to November 22, 2026 (Sunday)`);
    expect(text).toContain("(Nov 9-15, 2026)");
    expect(text).toMatch(/^Visitors +1,234 +1,100 +\+12 %$/m);
    expect(text).toMatch(/^Visits +1,500 +1,500 +no change$/m);
    expect(text).toMatch(/^Contact requests +3 +0 +new$/m);
    expect(text).toMatch(/^Phone taps +4 +8 +-50 %$/m);
    expect(text).toMatch(/^E-mail taps +0 +0$/m);
    expect(text).toContain('  "google[.]com": 700 visits (week before: 650)\n  "bing[.]com": 40 visits (week before: 0)\n');
    expect(text).toContain('  "newsletter": 25 visits (week before: 30)\n');
    expect(text).toContain("reported by visitors' browsers");
    expect(text).toContain("  /services/managed-it: LCP 4.6 s (12 samples); 2.1 s the week before\n");
    expect(text).toContain("  /contact: INP 640 ms (1 sample); no samples the week before\n");
    expect(text).toContain(`${SITE}/admin/insights?from=2026-11-16&to=2026-11-22`);
    expect(text).toContain(`${SITE}/account`);
    expect(text).toContain("untick");
  });

  it("says so when a list is empty, and lists at most ten newly poor pages", () => {
    const empty = renderWeeklySummary(summary({ referrers: [], sources: [], newlyPoor: [] }), SITE).text;
    expect(empty).toContain("None: no referring site brought enough visitors to list.");
    expect(empty).toContain("None: no tagged campaign link brought enough visitors to list.");
    expect(empty).toContain("None: no page's LCP or INP turned poor this week.");
    const many = Array.from({ length: 13 }, (_, i) => ({ path: `/p${i}`, metric: "LCP" as const, p75: 5000, samples: 3, before: null }));
    const text = renderWeeklySummary(summary({ newlyPoor: many }), SITE).text;
    expect(text).toContain("/p9: LCP");
    expect(text).not.toContain("/p10: LCP");
    expect(text).toContain("...and 3 more: see the dashboard's Web Vitals by page.");
  });
});

describe("a stranger's words in the summary", () => {
  it("are quoted plain text that no mail program makes a link: no address, host or e-mail is left whole", () => {
    const words = "SECURITY NOTICE: admin password expired, sign in at https://crossroadsit-login.example/reset";
    expect(quotedName(words)).toBe('"SECURITY NOTICE[:] admin password expired, sign in at https[:][/][/]"'); // 60 characters at most
    expect(quotedName("crossroadsit-login.example")).toBe('"crossroadsit-login[.]example"');
    expect(quotedName("ops@evil.example")).toBe('"ops[@]evil[.]example"');
    expect(quotedName("a\u202eb\u200bc\nd\u0000e")).toBe('"abcde"');
    const { text } = renderWeeklySummary(summary({ sources: [{ value: words, visits: 400, before: 0 }], referrers: [] }), SITE);
    expect(text).not.toMatch(/https?:\/\/crossroadsit-login/);
    expect(text).not.toContain("crossroadsit-login.example");
  });
});
