/** The content studio's registry (app/studio/content-types.ts): item ids, titles, preview paths, reading and replacing an item. */
import { describe, expect, it } from "vitest";

import { seedContent } from "~/content/seed";
import type { TestimonialsContent } from "~/content/site-content";
import { contentItems, itemData, parseItemId, previewPath, typeLabel, withItem, type ItemId } from "~/studio/content-types";

const seed = seedContent();

describe("item ids", () => {
  it.each([
    ["facts", "facts", null],
    ["home", "home", null],
    ["about", "about", null],
    ["faq", "faq", null],
    ["testimonials", "testimonials", null],
    ["service/voip", "service", "voip"],
    ["industry/healthcare", "industry", "healthcare"],
    ["city/fishers-it-support", "city", "fishers-it-support"],
    ["legal/terms", "legal", "terms"],
    ["legal/privacy", "legal", "privacy"],
  ])("%s is a %s", (id, type, slug) => {
    expect(parseItemId(id)).toEqual({ id, type, slug });
  });

  it.each([
    "",
    "blog",
    "service",
    "service/",
    "service/pizza",
    "services/voip",
    "legal/cookies",
    "facts/x",
    "testimonials/1",
    "testimonial",
    "city/fishers",
    "constructor/x",
    "__proto__",
  ])("refuses %j", (id) => {
    expect(parseItemId(id)).toBeNull();
  });
});

describe("items", () => {
  const items = contentItems(seed);
  const byId = (id: string) => items.find((item) => item.id === id)!;

  it("titles, labels and the public page that previews each", () => {
    expect(
      items.map((item) => [item.id, item.title, item.path]).filter(([id]) => !/^(service|industry|city)\//.test(id) || id.endsWith("voip")),
    ).toEqual([
      ["facts", "Business facts", "/contact"],
      ["home", "Home page", "/"],
      ["about", "About page", "/about"],
      ["faq", "Questions page", "/faq"],
      ["testimonials", "Testimonials", "/"],
      ["service/voip", "VoIP", "/services/voip"],
      ["legal/terms", "Terms and Conditions", "/terms-and-conditions"],
      ["legal/privacy", "Privacy Policy", "/privacy-policy"],
    ]);
    expect(byId("industry/healthcare")).toMatchObject({ title: "Healthcare", path: "/industries/healthcare" });
    expect(byId("city/fishers-it-support")).toMatchObject({ title: "Fishers IT Support", path: "/fishers-it-support" });
    expect(previewPath("city/clarksville-tn-it-support")).toBe("/clarksville-tn-it-support");
    expect(typeLabel("facts")).toBe("Business facts");
    expect(typeLabel("service")).toBe("Service page");
    expect(typeLabel("testimonials")).toBe("Testimonials");
  });

  it("every item's data is the content's own", () => {
    expect(itemData(seed, "facts")).toBe(seed.facts);
    expect(itemData(seed, "service/voip")).toBe(seed.services.voip);
    expect(itemData(seed, "legal/privacy")).toBe(seed.privacy);
    // The testimonials are one item holding the list.
    expect((itemData(seed, "testimonials") as TestimonialsContent).testimonials).toBe(seed.testimonials);
  });

  it("withItem: a copy with that item replaced, the original untouched", () => {
    const page = { ...seed.services.voip, headline: "Phones that follow you" };
    const next = withItem(seed, "service/voip", page);
    expect(next.services.voip.headline).toBe("Phones that follow you");
    expect(seed.services.voip.headline).not.toBe("Phones that follow you");
    expect(next.services.cybersecurity).toBe(seed.services.cybersecurity);
    expect(next.facts).toBe(seed.facts);
    for (const id of ["facts", "home", "testimonials", "legal/terms", "city/fishers-it-support"] as ItemId[]) {
      const copy = withItem(seed, id, structuredClone(itemData(seed, id)));
      expect(copy).not.toBe(seed);
      expect(copy).toEqual(seed);
    }
  });

  it("withItem: the testimonials item replaces the content's list", () => {
    const [first] = seed.testimonials;
    const next = withItem(seed, "testimonials", { testimonials: [first] });
    expect(next.testimonials).toEqual([first]);
    expect(seed.testimonials.length).toBeGreaterThan(1);
    expect(next.home).toBe(seed.home);
  });

  it("withItem refuses a page's data under another page's id", () => {
    expect(() => withItem(seed, "service/voip", seed.services.cybersecurity)).toThrow();
  });
});
