// @vitest-environment jsdom
/**
 * Insights' sender in the browser (docs/requirements/insights.md#insights): the dataLayer events as the
 * fields Insights keeps (path, UTM, referrer, click location, Web Vital), batches within the
 * server's limits, one send when the page is hidden, and nothing under GPC or Do Not Track.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { contactClickEvent, pageViewEvent } from "~/analytics/analytics";
import { batchesOf, insightOf, utmOf, type InsightEvent } from "~/insights/insights-beacon";

const PAGE = "https://www.crossroadsit.example/services/managed-it?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=xyz#top";

describe("utmOf", () => {
  it("takes the five utm_* parameters that have a value, and nothing else", () => {
    expect(utmOf("?utm_source=news&utm_medium=email&utm_campaign=&utm_term=it+support&utm_content=cta&email=a@b.example")).toEqual({
      utm_source: "news",
      utm_medium: "email",
      utm_term: "it support",
      utm_content: "cta",
    });
    expect(utmOf("")).toEqual({});
  });
  it("cuts each to 200 characters and removes control characters", () => {
    expect(utmOf(`?utm_source=${"x".repeat(300)}&utm_medium=a%00b%0Ac`)).toEqual({ utm_source: "x".repeat(100), utm_medium: "abc" });
  });
});

describe("insightOf", () => {
  it("a page view: the path without query or fragment, its campaign, and the referrer given", () => {
    expect(insightOf(pageViewEvent("Managed IT", PAGE), PAGE, "https://www.google.com/")).toEqual({
      kind: "page_view",
      path: "/services/managed-it",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring",
      referrer: "https://www.google.com/",
    });
  });
  it("a staff preview of a draft (?preview=) is not measured", () => {
    const preview = "https://www.crossroadsit.example/contact?preview=facts";
    expect(insightOf(pageViewEvent("Contact", preview), preview)).toBeNull();
  });
  it("tel: and mailto: clicks keep the click location and never the phone number", () => {
    const call = insightOf(contactClickEvent("tel:+13175550142", "header", PAGE), PAGE);
    expect(call).toEqual({
      kind: "phone_call",
      path: "/services/managed-it",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring",
      click_location: "header",
    });
    expect(JSON.stringify(call)).not.toContain("5550142");
    expect(insightOf(contactClickEvent("mailto:help@crossroadsit.example", "footer", "https://www.crossroadsit.example/"), PAGE)).toEqual({
      kind: "email_click",
      path: "/",
      click_location: "footer",
    });
  });
  it("a form submission is not sent (the server counts the leads it stores); a Web Vital keeps its name, value and rating", () => {
    const submit = {
      event: "form_submit",
      form_type: "contact",
      company: "Whitfield Dental",
      referral_source: "",
      utm_source: "",
      utm_medium: "",
      utm_campaign: "",
    };
    expect(insightOf(submit, "https://www.crossroadsit.example/contact")).toBeNull();
    const vital = {
      event: "web_vitals",
      metric_name: "INP",
      metric_value: 96,
      metric_rating: "good",
      metric_id: "v5-1",
      page_location: "https://www.crossroadsit.example/",
    };
    expect(insightOf(vital, PAGE)).toEqual({ kind: "web_vital", path: "/", metric: "INP", value: 96, rating: "good" });
  });
  it("nothing for other items of dataLayer and for private paths", () => {
    expect(insightOf({ event: "gtm.js", "gtm.start": 1 }, PAGE)).toBeNull();
    expect(insightOf(pageViewEvent("Leads", "https://www.crossroadsit.example/admin/leads"), PAGE)).toBeNull();
    expect(insightOf(null, PAGE)).toBeNull();
  });
});

describe("batchesOf", () => {
  it("splits into bodies of at most 50 events and 12,000 bytes", () => {
    const small: InsightEvent[] = Array.from({ length: 120 }, () => ({ kind: "page_view", path: "/" }));
    expect(batchesOf(small, 390).map((b) => (JSON.parse(b) as { events: unknown[] }).events.length)).toEqual([50, 50, 20]);
    expect(JSON.parse(batchesOf(small, 390)[0])).toMatchObject({ width: 390 });
    const large: InsightEvent[] = Array.from({ length: 20 }, () => ({
      kind: "page_view",
      path: "/" + "p".repeat(500),
      utm_source: "é".repeat(200),
    }));
    const bodies = batchesOf(large, 1280);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(12_000);
    expect(bodies.flatMap((b) => (JSON.parse(b) as { events: unknown[] }).events)).toHaveLength(20);
  });
});

describe("startInsights", () => {
  const beacons: { url: string; body: string }[] = [];

  beforeEach(() => {
    vi.resetModules();
    beacons.length = 0;
    window.dataLayer = [];
    Object.defineProperty(navigator, "sendBeacon", {
      configurable: true,
      value: (url: string, body: string) => beacons.push({ url, body }) > 0,
    });
    window.history.replaceState(null, "", "/faq?utm_source=partner");
  });
  afterEach(() => {
    Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: undefined });
    Object.defineProperty(navigator, "doNotTrack", { configurable: true, value: null });
    vi.useRealTimers();
  });

  const start = async () => {
    // A fresh copy of both modules: the sender starts once per document.
    const analytics = await import("~/analytics/analytics");
    const beacon = await import("~/insights/insights-beacon");
    return { analytics, beacon };
  };

  it("sends what dataLayer already held and what is pushed later, in one batch when the page is hidden", async () => {
    const { analytics, beacon } = await start();
    analytics.pushEvent(analytics.pageViewEvent("FAQ", window.location.href));
    beacon.startInsights();
    analytics.pushEvent(analytics.contactClickEvent("tel:+13175550142", "top_bar", window.location.href)!);
    expect(beacons).toEqual([]);
    window.dispatchEvent(new Event("pagehide"));
    expect(beacons).toHaveLength(1);
    expect(beacons[0].url).toBe("/api/events");
    const sent = JSON.parse(beacons[0].body) as { width: number; events: InsightEvent[] };
    expect(sent.events).toEqual([
      { kind: "page_view", path: "/faq", utm_source: "partner" },
      { kind: "phone_call", path: "/faq", utm_source: "partner", click_location: "top_bar" },
    ]);
    expect(typeof sent.width).toBe("number");
    // dataLayer is as before: the site's own events, unchanged.
    expect(window.dataLayer).toHaveLength(2);
    expect(window.dataLayer?.[1]).toMatchObject({ event: "phone_call", phone_number: "+13175550142" });
  });

  it("sends at most every 5 seconds while the page is visible", async () => {
    vi.useFakeTimers();
    const { analytics, beacon } = await start();
    beacon.startInsights();
    analytics.pushEvent(analytics.pageViewEvent("FAQ", window.location.href));
    analytics.pushEvent(analytics.pageViewEvent("FAQ", window.location.href));
    vi.advanceTimersByTime(4_999);
    expect(beacons).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(beacons).toHaveLength(1);
    expect((JSON.parse(beacons[0].body) as { events: unknown[] }).events).toHaveLength(2);
  });

  it.each([
    ["Global Privacy Control", "globalPrivacyControl", true],
    ["Do Not Track", "doNotTrack", "1"],
  ])("sends nothing with %s", async (_name, property, value) => {
    Object.defineProperty(navigator, property, { configurable: true, value });
    const { analytics, beacon } = await start();
    beacon.startInsights();
    analytics.pushEvent(analytics.pageViewEvent("FAQ", window.location.href));
    window.dispatchEvent(new Event("pagehide"));
    expect(beacons).toEqual([]);
    expect(window.dataLayer).toHaveLength(1); // the tag manager's dataLayer is unchanged
  });
});
