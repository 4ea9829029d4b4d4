/** Insights' pure rules on the server (docs/requirements/insights.md#insights): device class, referrer host, day, visitor hash, rate limit, browser family. */
import { describe, expect, it } from "vitest";

import { dayIn, EventRateLimit, ratedVital, visitorHash } from "~/insights/collect.server";
import { insightBatchSchema } from "~/insights/event-schema.server";
import { deviceClass, referrerHost } from "~/insights/fields";
import { browserFamily } from "~/lib/browser-name";

describe("deviceClass", () => {
  it.each([
    [0, "mobile"],
    [390, "mobile"],
    [767, "mobile"],
    [768, "tablet"],
    [1023, "tablet"],
    [1024, "desktop"],
    [2560, "desktop"],
  ])("%i px is %s", (width, device) => {
    expect(deviceClass(width)).toBe(device);
  });
});

describe("referrerHost", () => {
  const own = ["www.crossroadsit.example", "127.0.0.1:3000"];
  it.each([
    ["https://www.google.com/search?q=managed+it", "www.google.com"],
    ["http://Bing.COM:8080/x", "bing.com"],
    ["https://www.crossroadsit.example/services", null],
    ["https://WWW.crossroadsit.example/", null],
    ["http://127.0.0.1:3000/about", null],
    ["android-app://com.google.android.gm/", null],
    ["not a url", null],
    ["", null],
    [undefined, null],
  ])("%s → %s", (referrer, host) => {
    expect(referrerHost(referrer, own)).toBe(host);
  });
});

describe("dayIn", () => {
  it("follows the office's time zone, not UTC", () => {
    // 03:30 UTC on 11 March is still 10 March in New York.
    expect(dayIn(Date.UTC(2026, 2, 11, 3, 30), "America/New_York")).toBe("2026-03-10");
    expect(dayIn(Date.UTC(2026, 2, 11, 5, 0), "America/New_York")).toBe("2026-03-11");
  });
});

describe("visitorHash", () => {
  const salt = "ab".repeat(32);
  it("is 16 bytes of hex that change with the salt, the address or the site (not with a user agent a script can change at will)", () => {
    const base = visitorHash(salt, "10.0.0.1", "www.crossroadsit.example");
    expect(base).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash(salt, "10.0.0.1", "www.crossroadsit.example")).toBe(base);
    expect(visitorHash("cd".repeat(32), "10.0.0.1", "www.crossroadsit.example")).not.toBe(base);
    expect(visitorHash(salt, "10.0.0.2", "www.crossroadsit.example")).not.toBe(base);
    expect(visitorHash(salt, "10.0.0.1", "other.example")).not.toBe(base);
  });
});

describe("EventRateLimit", () => {
  it("takes events up to the limit in a window, refuses a batch that would pass it, and starts again in the next window", () => {
    const limit = new EventRateLimit(100, 60_000);
    expect(limit.take("a", 60, 0)).toBe(true);
    expect(limit.take("a", 50, 1_000)).toBe(false);
    expect(limit.take("a", 40, 2_000)).toBe(true);
    expect(limit.take("a", 1, 3_000)).toBe(false);
    expect(limit.retryAfterSeconds("a", 3_000)).toBe(57);
    expect(limit.take("b", 100, 3_000)).toBe(true);
    expect(limit.take("a", 100, 60_000)).toBe(true);
  });
});

describe("the events' schema", () => {
  const ok = (events: unknown[]) => insightBatchSchema.safeParse({ width: 1280, events }).success;
  it("takes each kind with its own fields", () => {
    expect(ok([{ kind: "page_view", path: "/", referrer: "https://x.example/", utm_source: "a" }])).toBe(true);
    expect(ok([{ kind: "phone_call", path: "/", click_location: "top_bar" }])).toBe(true);
    expect(ok([{ kind: "web_vital", path: "/", metric: "CLS", value: 0.01, rating: "good" }])).toBe(true);
  });
  it("refuses another kind's fields, unknown values and control characters", () => {
    expect(ok([{ kind: "page_view", path: "/", click_location: "header" }])).toBe(false);
    expect(ok([{ kind: "phone_call", path: "/", click_location: "nowhere" }])).toBe(false);
    expect(ok([{ kind: "web_vital", path: "/", metric: "FID", value: 1, rating: "good" }])).toBe(false);
    expect(ok([{ kind: "page_view", path: "/a\tb" }])).toBe(false);
    expect(ok([{ kind: "page_view", path: "/" + "a".repeat(512) }])).toBe(false);
    expect(ok([{ kind: "page_view", path: "relative" }])).toBe(false);
  });
});

describe("browserFamily", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36", "Chrome"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Safari",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      "Edge",
    ],
    ["curl/8.5.0", "Other"],
    ["", "Other"],
  ])("%s → %s", (ua, family) => {
    expect(browserFamily(ua)).toBe(family);
  });
});

describe("Web Vitals as the server rates them", () => {
  it("rates a sample by Google's thresholds, whatever the browser said", () => {
    expect(ratedVital("LCP", 2500)).toBe("good");
    expect(ratedVital("LCP", 2501)).toBe("needs-improvement");
    expect(ratedVital("LCP", 4001)).toBe("poor");
    expect(ratedVital("INP", 200)).toBe("good");
    expect(ratedVital("INP", 501)).toBe("poor");
    expect(ratedVital("CLS", 0.1)).toBe("good");
    expect(ratedVital("CLS", 0.26)).toBe("poor");
    expect(ratedVital("FCP", 1900)).toBe("needs-improvement");
    expect(ratedVital("TTFB", 1801)).toBe("poor");
  });
});
