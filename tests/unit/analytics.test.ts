// @vitest-environment jsdom
/** Analytics events (docs/requirements/public-site.md#analytics): the right fields, no personal data, never a crash. */
import { afterEach, describe, expect, it } from "vitest";

import { contactClickEvent, isTrackedPath, pageViewEvent, pushEvent } from "~/analytics/analytics";

const PAGE = "https://www.crossroadsit.example/contact";

describe("contactClickEvent", () => {
  it("a tel: link gives phone_call with the location, the number without tel: and the page", () => {
    expect(contactClickEvent("tel:+13175550142", "top_bar", PAGE)).toEqual({
      event: "phone_call",
      click_location: "top_bar",
      phone_number: "+13175550142",
      page_url: PAGE,
    });
  });

  it("a mailto: link gives email_click with location and page, and no e-mail address", () => {
    const event = contactClickEvent("mailto:hello@crossroadsit.example?subject=Hi", "footer", PAGE);
    expect(event).toEqual({ event: "email_click", click_location: "footer", page_url: PAGE });
    expect(JSON.stringify(event)).not.toContain("@");
  });

  it("any other link gives no event", () => {
    for (const href of ["/contact", "https://pay.crossroadsit.example", "#main", "", "javascript:void(0)", "sms:+13175550142"]) {
      expect(contactClickEvent(href, "header", PAGE), href).toBeNull();
    }
  });

  it('a link with no location is reported as "main"', () => {
    expect(contactClickEvent("tel:+13175550100", null, PAGE)).toMatchObject({ click_location: "main" });
    expect(contactClickEvent("mailto:support@crossroadsit.example", "", PAGE)).toMatchObject({ click_location: "main" });
  });
});

describe("pushEvent", () => {
  afterEach(() => {
    delete (window as { dataLayer?: unknown }).dataLayer;
  });

  it("creates window.dataLayer and appends events in order", () => {
    expect(window.dataLayer).toBeUndefined();
    const first = pageViewEvent("Home | Crossroads IT", "https://www.crossroadsit.example/");
    const second = contactClickEvent("tel:+13175550142", "header", PAGE)!;
    pushEvent(first);
    pushEvent(second);
    expect(window.dataLayer).toEqual([first, second]);
  });

  it("appends to an existing dataLayer (the tag manager's own array)", () => {
    const existing: unknown[] = [{ "gtm.start": 1 }];
    window.dataLayer = existing;
    pushEvent(pageViewEvent("About", "https://www.crossroadsit.example/about"));
    expect(window.dataLayer).toBe(existing);
    expect(existing).toHaveLength(2);
    expect(existing[1]).toMatchObject({ event: "page_view", page_title: "About" });
  });

  it("never throws when dataLayer.push throws", () => {
    Object.defineProperty(window, "dataLayer", {
      configurable: true,
      writable: true,
      value: {
        push: () => {
          throw new Error("broken tag");
        },
      },
    });
    expect(() => pushEvent(pageViewEvent("x", PAGE))).not.toThrow();
  });

  it("never throws when reading dataLayer throws", () => {
    Object.defineProperty(window, "dataLayer", {
      configurable: true,
      get() {
        throw new Error("blocked");
      },
    });
    expect(() => pushEvent(pageViewEvent("x", PAGE))).not.toThrow();
  });
});

describe("no analytics on staff pages, document viewers and sign-in", () => {
  it.each([
    ["/", true],
    ["/contact", true],
    ["/services/managed-it", true],
    ["/administration-tips", true],
    ["/authors", true],
    ["/admin", false],
    ["/admin/docs/123", false],
    ["/mloe/printer-setup", false],
    ["/ste/onboarding", false],
    ["/auth/login", false],
  ])("%s is tracked: %s", (path, tracked) => {
    expect(isTrackedPath(path)).toBe(tracked);
  });

  it("pushEvent pushes nothing while such a page is shown", () => {
    window.history.replaceState(null, "", "/admin/leads");
    window.dataLayer = [];
    pushEvent(pageViewEvent("Leads", window.location.href));
    expect(window.dataLayer).toEqual([]);
    window.history.replaceState(null, "", "/contact");
    pushEvent(pageViewEvent("Contact", window.location.href));
    expect(window.dataLayer).toHaveLength(1);
    window.history.replaceState(null, "", "/");
  });
});
