/** "Compare with current" (app/studio/compare.ts): exactly the fields that differ, as readable text. */
import { describe, expect, it } from "vitest";

import { seedContent } from "~/content/seed";
import { compareItem } from "~/studio/compare";
import { contentItems } from "~/studio/content-types";

const seed = seedContent();

describe("compareItem", () => {
  it("finds nothing between an item and itself", () => {
    for (const item of contentItems(seed)) expect(compareItem(item.type, item.data, structuredClone(item.data)), item.id).toEqual([]);
  });

  it("finds exactly the changed fields of a service page, in the form's order, labelled", () => {
    const before = seed.services["co-managed-it"];
    const after = structuredClone(before);
    after.title = "Co-Managed IT";
    after.whoFor[1] = "A changed point";
    after.faqs[2].question = "A new question?";
    after.faqs.push({ question: "Added?", answer: "Yes." });
    after.related = ["cybersecurity", "managed-it", "it-consulting"];

    expect(compareItem("service", before, after)).toEqual([
      { path: "title", label: "SEO title", before: before.title, after: "Co-Managed IT" },
      { path: "whoFor.1", label: "Who it is for › 2", before: before.whoFor[1], after: "A changed point" },
      { path: "related.0", label: "Related services › 1", before: "Managed IT", after: "Cybersecurity" },
      { path: "related.1", label: "Related services › 2", before: "Cybersecurity", after: "Managed IT" },
      { path: "faqs.2.question", label: "FAQs › 3 › Question", before: before.faqs[2].question, after: "A new question?" },
      { path: "faqs.4.question", label: "FAQs › 5 › Question", before: "", after: "Added?" },
      { path: "faqs.4.answer", label: "FAQs › 5 › Answer", before: "", after: "Yes." },
    ]);
  });

  it("shows phones by their display, choices by their labels, numbers as written", () => {
    const before = seed.facts;
    const after = structuredClone(before);
    after.phones.support = { display: "(317) 555-0199", e164: "+13175550199" };
    after.hours.days = ["Monday", "Tuesday"];
    after.offices[0].state = "TN";
    after.offices[0].latitude = 40.1;
    after.offices.pop();

    const changes = compareItem("facts", before, after);
    expect(changes.slice(0, 4)).toEqual([
      { path: "phones.support", label: "Phones › Support", before: "(317) 555-0142", after: "(317) 555-0199" },
      { path: "hours.days", label: "Hours › Open on", before: "Monday, Tuesday, Wednesday, Thursday, Friday", after: "Monday, Tuesday" },
      { path: "offices.0.state", label: "Offices › 1 › State", before: "Indiana", after: "Tennessee" },
      { path: "offices.0.latitude", label: "Offices › 1 › Latitude", before: "39.7684", after: "40.1" },
    ]);
    // The removed office: each of its fields, from its text to nothing.
    const removed = changes.slice(4);
    expect(removed.map((c) => c.path)).toEqual(
      ["id", "city", "state", "street", "postalCode", "phone", "href", "latitude", "longitude"].map((name) => `offices.6.${name}`),
    );
    expect(removed.every((c) => c.after === "" && c.before !== "")).toBe(true);
    expect(removed.find((c) => c.path === "offices.6.href")?.before).toBe("Clarksville IT Support");
  });

  it("names a nested list's rows: a topic's FAQs", () => {
    const before = seed.faq;
    const after = structuredClone(before);
    after.groups[1].faqs[0].answer = "Changed.";
    expect(compareItem("faq", before, after)).toEqual([
      {
        path: "groups.1.faqs.0.answer",
        label: "Topics › 2 › FAQs › 1 › Answer",
        before: before.groups[1].faqs[0].answer,
        after: "Changed.",
      },
    ]);
  });

  it("testimonials: a box as Yes or No, an industry by its name, an optional field added", () => {
    const before = { testimonials: seed.testimonials };
    const after = structuredClone(before);
    after.testimonials[0].onHome = false;
    after.testimonials[1].industry = "accounting";
    after.testimonials[1].role = "Partner";
    expect(compareItem("testimonials", before, after)).toEqual([
      { path: "testimonials.0.onHome", label: "Testimonials › 1 › Show on the home page", before: "Yes", after: "No" },
      { path: "testimonials.1.role", label: "Testimonials › 2 › Role", before: "", after: "Partner" },
      { path: "testimonials.1.industry", label: "Testimonials › 2 › Industry", before: "Legal Services", after: "Accounting" },
    ]);
  });
});
