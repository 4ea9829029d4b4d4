// @vitest-environment jsdom
/** The visit the contact form reports: its first page, campaign and the site that sent it (docs/requirements.md#contact-form). */
import { afterEach, describe, expect, it } from "vitest";
import { rememberVisit, VISIT_KEY } from "~/lib/analytics";

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
