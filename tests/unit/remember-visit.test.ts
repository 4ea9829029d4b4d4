// @vitest-environment jsdom
/** The visit the contact form reports: its first page, campaign and the site that sent it (docs/requirements/leads.md#contact-form). */
import { afterEach, describe, expect, it } from "vitest";

import { rememberVisit, VISIT_KEY } from "~/analytics/analytics";
import { headScript } from "~/first-paint/first-paint.server";

function land(path: string, referrer: string): Record<string, string> {
  sessionStorage.clear();
  window.history.replaceState({}, "", path);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
  rememberVisit();
  return JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? "{}") as Record<string, string>;
}

describe("rememberVisit", () => {
  afterEach(() => sessionStorage.clear());

  it("keeps the landing page, its campaign and the referring site's host, never the referrer's path or query", () => {
    expect(land("/services/voip?utm_source=news&utm_campaign=spring&q=1", "https://www.Google.com/search?q=managed+it")).toEqual({
      landing_page: "/services/voip?utm_source=news&utm_campaign=spring&q=1",
      utm_source: "news",
      utm_campaign: "spring",
      referrer_host: "www.google.com",
    });
  });

  it("notes no referring site for the site's own pages, none at all, or a referrer that is not a web page", () => {
    expect(land("/about", `${window.location.origin}/blog`)).not.toHaveProperty("referrer_host");
    expect(land("/about", "")).not.toHaveProperty("referrer_host");
    expect(land("/about", "android-app://com.google.android.gm/")).not.toHaveProperty("referrer_host");
  });

  it("changes nothing on the visit's later pages", () => {
    land("/?utm_source=ads", "https://duckduckgo.com/");
    window.history.replaceState({}, "", "/contact");
    Object.defineProperty(document, "referrer", { value: "https://elsewhere.example/", configurable: true });
    rememberVisit();
    expect(JSON.parse(sessionStorage.getItem(VISIT_KEY)!)).toMatchObject({
      landing_page: "/?utm_source=ads",
      referrer_host: "duckduckgo.com",
    });
  });
});

describe("the head script of every page", () => {
  afterEach(() => sessionStorage.clear());

  /** Runs the script a page carries at the top of <head> on `path`, reached from `referrer`. */
  function open(path: string, referrer: string): Record<string, string> | null {
    window.history.replaceState({}, "", path);
    Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
    new Function(headScript())();
    const stored = sessionStorage.getItem(VISIT_KEY);
    return stored === null ? null : (JSON.parse(stored) as Record<string, string>);
  }

  it("notes the visit before anything else runs, so a visitor who leaves the landing page untouched keeps its campaign", () => {
    expect(open("/services/voip?utm_source=news&utm_medium=email", "https://www.bing.com/search?q=x")).toEqual({
      landing_page: "/services/voip?utm_source=news&utm_medium=email",
      utm_source: "news",
      utm_medium: "email",
      referrer_host: "www.bing.com",
    });
    expect(open("/contact", "http://localhost:3000/services/voip")).toMatchObject({
      landing_page: "/services/voip?utm_source=news&utm_medium=email",
    });
  });

  it("notes nothing on sign-in and the staff pages, where nothing is measured", () => {
    expect(open("/auth/login?utm_source=news", "")).toBeNull();
    expect(open("/admin/leads", "")).toBeNull();
  });
});
