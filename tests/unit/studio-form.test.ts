/**
 * The content studio's edit forms read back (app/studio/item-form.ts): each kind of bad input
 * gets its message at its field and keeps what was typed; the list buttons change the form
 * without saving.
 */
import { describe, expect, it } from "vitest";

import { seedContent } from "~/content/seed";
import type { ContentType } from "~/studio/content-types";
import type { FormValues } from "~/studio/field-types";
import { formValues } from "~/studio/form-values";
import { KEPT_OVER_LIMIT, parseItemForm } from "~/studio/item-form";
import { parsePhone, PHONE_MESSAGE } from "~/studio/phone";
import { EMAIL_MESSAGE, URL_MESSAGE } from "~/studio/text-rules";

import { postedForm } from "./studio-helpers";

const seed = seedContent();
const service = seed.services["co-managed-it"];
const city = seed.cities["fishers-it-support"];

/** The seed item's form values with `change` made to them. */
function edited(type: ContentType, data: object, change: (values: FormValues) => void): FormValues {
  const values = formValues(type, data as never);
  change(values);
  return values;
}

/** Posts the changed form: the refusal (the test fails when it was accepted). */
function refused(type: ContentType, data: object, change: (values: FormValues) => void, extra?: Record<string, string>) {
  const values = edited(type, data, change);
  const result = parseItemForm(type, postedForm(type, values, extra));
  if (result.ok) throw new Error("The form was accepted.");
  return { ...result, typed: values };
}

const row = (values: FormValues, list: string, index: number) => (values[list] as FormValues[])[index];
const group = (values: FormValues, name: string) => values[name] as FormValues;

describe("phone numbers", () => {
  it.each([
    ["(317) 555-0142", "(317) 555-0142"],
    ["317-555-0142", "(317) 555-0142"],
    ["317.555.0142", "(317) 555-0142"],
    ["3175550142", "(317) 555-0142"],
    ["+1 317 555 0142", "(317) 555-0142"],
    ["1 (317) 555-0142", "(317) 555-0142"],
  ])("%s is read as %s", (typed, display) => {
    expect(parsePhone(typed)).toEqual({ display, e164: `+1${display.replace(/\D/g, "")}` });
  });

  it.each(["555-0142", "+44 20 7946 0958", "(317) 555-0142 ext 4", "017-555-0142", "317-055-0142", "call us", ""])(
    "%s is refused",
    (typed) => {
      expect(parsePhone(typed)).toBeNull();
    },
  );

  it("a phone is posted as text and saved as display and E.164", () => {
    const values = edited("facts", seed.facts, (v) => (group(v, "phones").support = "+1 812.555.0199"));
    const result = parseItemForm("facts", postedForm("facts", values));
    expect(result.ok && result.data.phones.support).toEqual({ display: "(812) 555-0199", e164: "+18125550199" });
  });

  it("a number without its area code is refused beside the field, and kept as typed", () => {
    const result = refused("facts", seed.facts, (v) => (group(v, "phones").support = "555-0142"));
    expect(result.fieldErrors).toEqual({ "phones.support": PHONE_MESSAGE });
    expect(group(result.values, "phones").support).toBe("555-0142");
    expect(result.values).toEqual(result.typed);
    expect(result.intent).toBeUndefined();
  });

  it("an office's phone too", () => {
    const result = refused("facts", seed.facts, (v) => (row(v, "offices", 2).phone = "12"));
    expect(result.fieldErrors).toEqual({ "offices.2.phone": PHONE_MESSAGE });
  });
});

describe("the messages of bad input, at their fields", () => {
  it("an e-mail address", () => {
    const result = refused("facts", seed.facts, (v) => (group(v, "emails").general = "hello at crossroads"));
    expect(result.fieldErrors).toEqual({ "emails.general": EMAIL_MESSAGE });
    expect(group(result.values, "emails").general).toBe("hello at crossroads");
  });

  it.each([
    "http://pay.crossroadsit.example",
    "javascript:alert(1)",
    "https://",
    "pay.crossroadsit.example",
    "https://user:pw@pay.example.com",
  ])("the address %s", (typed) => {
    const result = refused("facts", seed.facts, (v) => (group(group(v, "portals"), "payment").href = typed));
    expect(result.fieldErrors).toEqual({ "portals.payment.href": URL_MESSAGE });
  });

  it("an empty required field, keeping every other typed value", () => {
    const result = refused("service", service, (v) => {
      v.headline = "   ";
      v.intro = "A new intro, typed.";
    });
    expect(result.fieldErrors).toEqual({ headline: "Enter the headline." });
    expect(result.values.intro).toBe("A new intro, typed.");
    expect(result.values.headline).toBe("   ");
  });

  it("a line too long", () => {
    const result = refused("service", service, (v) => (v.headline = "x".repeat(201)));
    expect(result.fieldErrors).toEqual({ headline: "Keep the headline to 200 characters or fewer: it has 201." });
  });

  it("a megabyte in a paragraph: a message, and the value sent back cut short", () => {
    const result = refused("service", service, (v) => (row(v, "faqs", 1).answer = "a".repeat(1024 * 1024)));
    expect(result.fieldErrors).toEqual({ "faqs.1.answer": "Keep the answer to 5,000 characters or fewer: it has 1,048,576." });
    expect((row(result.values, "faqs", 1).answer as string).length).toBe(5000 + KEPT_OVER_LIMIT);
  });

  it("NUL and other control characters, in a line and in paragraphs", () => {
    const result = refused("service", service, (v) => {
      v.headline = "Managed\u0000IT";
      v.intro = "Line one\u0007";
    });
    expect(result.fieldErrors).toEqual({
      headline: "The headline cannot contain line breaks, tabs or other control characters.",
      intro: "The introduction cannot contain control characters (line breaks and tabs are fine).",
    });
    expect(result.values.headline).toBe("Managed\u0000IT");
  });

  it("markup is text: kept as typed, never stripped", () => {
    const values = edited("service", service, (v) => {
      v.headline = "<b>Managed</b> IT & <script>alert(1)</script>";
      v.intro = "Two paragraphs.\r\n\r\n<img src=x onerror=alert(1)>";
    });
    const result = parseItemForm("service", postedForm("service", values));
    expect(result.ok && result.data.headline).toBe("<b>Managed</b> IT & <script>alert(1)</script>");
    expect(result.ok && result.data.intro).toBe("Two paragraphs.\n\n<img src=x onerror=alert(1)>");
  });

  it("a value not in a select's list", () => {
    const result = refused("facts", seed.facts, (v) => (row(v, "offices", 0).state = "CA"));
    expect(result.fieldErrors).toEqual({ "offices.0.state": "Choose the state from the list." });
    expect(row(result.values, "offices", 0).state).toBe("CA");
    // The offices come from the business facts: the form checks the id's shape, the action that it exists.
    const office = refused("city", city, (v) => (v.officeId = "Atlantis!"));
    expect(office.fieldErrors).toEqual({ officeId: "Choose the office from the list." });
  });

  it("a page's slug that is not a known page", () => {
    const result = refused("service", service, (v) => (v.slug = "free-pizza"));
    expect(result.fieldErrors).toEqual({ slug: "This form is out of date: open the page again." });
  });

  it("related services: known, each once, never the page itself", () => {
    const result = refused("service", service, (v) => (v.related = ["managed-it", "managed-it", "pizza", ""]));
    expect(result.fieldErrors).toEqual({
      "related.1": "Choose each service once: Managed IT is already chosen.",
      "related.2": "Choose a service from the list.",
      "related.3": "Choose a service, or remove this row.",
    });
    const self = refused("service", service, (v) => (v.related = ["managed-it", "co-managed-it"]));
    expect(self.fieldErrors).toEqual({ "related.1": "A service cannot be related to itself: choose another service." });
  });

  it("a list of lines: how many, and which line is too long", () => {
    const few = refused("service", service, (v) => (v.whoFor = "One\n\n  \nTwo"));
    expect(few.fieldErrors).toEqual({ whoFor: "Enter at least 3 points, one per line." });
    const long = refused("service", service, (v) => (v.whoFor = `One\n${"y".repeat(201)}\nThree`));
    expect(long.fieldErrors).toEqual({ whoFor: "Line 2: Keep each line to 200 characters or fewer: this one has 201." });
  });

  it("paragraphs of a list are separated by blank lines; a single line break inside one is a space", () => {
    const values = edited("city", city, (v) => (v.localContext = "First paragraph,\r\ncontinued.\r\n\r\n\r\nSecond one."));
    const result = parseItemForm("city", postedForm("city", values));
    expect(result.ok && result.data.localContext).toEqual(["First paragraph, continued.", "Second one."]);
  });

  it("the SEO title fits 60 characters with the brand, the description 50 to 160", () => {
    const result = refused("service", service, (v) => {
      v.title = "Co-Managed IT Support for In-House IT Teams in IN";
      v.description = "Too short.";
    });
    expect(result.fieldErrors).toEqual({
      title: "Keep the title to 44 characters or fewer, so that it fits in 60 with “ | Crossroads IT” added: it has 49.",
      description: "Write a description of 50 to 160 characters (search results show about 155): it has 10.",
    });
  });

  it("ids unique within their list, and written as an anchor", () => {
    const result = refused("legal", seed.terms, (v) => {
      row(v, "sections", 1).id = "scope";
      row(v, "sections", 2).id = "No Spaces";
    });
    expect(result.fieldErrors).toEqual({
      "sections.1.id": "Each section needs its own section ID: “scope” is used more than once.",
      "sections.2.id": "Use lowercase letters, digits and single hyphens, at most 60 characters, like getting-started.",
    });
    const offices = refused("facts", seed.facts, (v) => (row(v, "offices", 3).id = "fishers"));
    expect(offices.fieldErrors).toEqual({ "offices.3.id": "Each office needs its own office ID: “fishers” is used more than once." });
  });

  it("times, weekdays, numbers and dates", () => {
    const result = refused("facts", seed.facts, (v) => {
      group(v, "hours").opens = "8am";
      group(v, "hours").days = [];
      row(v, "offices", 0).latitude = "north";
    });
    expect(result.fieldErrors).toEqual({
      "hours.opens": "Enter the opening time as hours and minutes, like 08:00 or 18:00.",
      "hours.days": "Choose at least one day.",
      "offices.0.latitude": "Enter the latitude as a number from -90 to 90, like 39.7684.",
    });
    const unknownDay = refused("facts", seed.facts, (v) => (group(v, "hours").days = ["Monday", "Funday"]));
    expect(unknownDay.fieldErrors).toEqual({ "hours.days": "Choose days from the list." });
    const date = refused("legal", seed.privacy, (v) => (v.effectiveDate = "2026-02-30"));
    expect(date.fieldErrors).toEqual({ effectiveDate: "Enter the effective date as a date, like 2026-11-01." });
  });

  it("rules across fields, once the fields are valid: closing after opening", () => {
    const result = refused("facts", seed.facts, (v) => (group(v, "hours").closes = "07:30"));
    expect(result.fieldErrors).toEqual({ "hours.closes": "The closing time must be later than the opening time." });
  });

  it("weekdays are saved in the week's order", () => {
    const values = edited("facts", seed.facts, (v) => (group(v, "hours").days = ["Saturday", "Monday"]));
    const result = parseItemForm("facts", postedForm("facts", values));
    expect(result.ok && result.data.hours.days).toEqual(["Monday", "Saturday"]);
  });

  it("a legal section's optional list left empty is left out", () => {
    const values = edited("legal", seed.terms, (v) => (row(v, "sections", 3).list = "  \n "));
    const result = parseItemForm("legal", postedForm("legal", values));
    expect(result.ok && result.data.sections[3]).not.toHaveProperty("list");
  });
});

describe("list buttons change the form and save nothing", () => {
  it("add: an empty row at the end, what was typed kept, focus on the new row", () => {
    const result = refused("service", service, (v) => (v.headline = ""), { intent: "add:faqs" });
    expect(result.intent).toBe("add");
    expect(result.fieldErrors).toEqual({});
    expect(result.values.headline).toBe("");
    expect(result.values.faqs).toHaveLength(service.faqs.length + 1);
    expect(row(result.values, "faqs", service.faqs.length)).toEqual({ question: "", answer: "" });
    expect(result.focus).toBe(`faqs.${service.faqs.length}.question`);
  });

  it("add in a nested list: a topic's FAQs", () => {
    const faq = seed.faq;
    const result = refused("faq", faq, () => {}, { intent: "add:groups.1.faqs" });
    const faqs = row(result.values, "groups", 1).faqs as FormValues[];
    expect(faqs).toHaveLength(faq.groups[1].faqs.length + 1);
    expect(result.focus).toBe(`groups.1.faqs.${faq.groups[1].faqs.length}.question`);
    const topic = refused("faq", faq, () => {}, { intent: "add:groups" });
    expect(row(topic.values, "groups", faq.groups.length)).toEqual({ id: "", topic: "", faqs: [{ question: "", answer: "" }] });
  });

  it("remove: that row, the others kept", () => {
    const result = refused("service", service, (v) => (row(v, "faqs", 2).question = "Typed question?"), { intent: "remove:faqs.1" });
    expect(result.intent).toBe("remove");
    expect((result.values.faqs as FormValues[]).map((f) => f.question)).toEqual([
      service.faqs[0].question,
      "Typed question?",
      ...service.faqs.slice(3).map((f) => f.question),
    ]);
    expect(result.focus).toBe("faqs.1.question");
  });

  it("move up: swaps the row with the one above", () => {
    const result = refused("service", service, () => {}, { intent: "moveUp:related.2" });
    expect(result.intent).toBe("moveUp");
    expect(result.values.related).toEqual([service.related[0], service.related[2], service.related[1]]);
    expect(result.focus).toBe("moveUp:related.1");
  });

  it("add and remove in a list of choices", () => {
    const added = refused("service", service, () => {}, { intent: "add:related" });
    expect(added.values.related).toEqual([...service.related, ""]);
    expect(added.focus).toBe(`related.${service.related.length}`);
  });

  it("refuses to go past the list's limits, beside the list", () => {
    const home = seed.home;
    const add = refused("home", home, () => {}, { intent: "add:approach" });
    expect(add.fieldErrors).toEqual({ approach: "There can be at most 4 steps." });
    expect(add.values.approach).toHaveLength(4);
    const remove = refused("home", home, () => {}, { intent: "remove:approach.0" });
    expect(remove.fieldErrors).toEqual({ approach: "Keep at least 4 steps: change one rather than remove it." });
    expect(remove.values.approach).toHaveLength(4);
  });

  it("a list or row that does not exist changes nothing", () => {
    for (const intent of ["add:nothing", "remove:faqs.99", "moveUp:headline.1", "add:faqs.0.question"]) {
      const result = refused("service", service, () => {}, { intent });
      expect(result.values, intent).toEqual(formValues("service", service));
      expect(result.fieldErrors).toEqual({});
    }
  });

  it("another intent (save) checks and answers the data", () => {
    const result = parseItemForm("service", postedForm("service", formValues("service", service), { intent: "save" }));
    expect(result.ok && result.data).toEqual(service);
  });

  it("rows are read from the indexes posted, in order, however many digits they have", () => {
    const form = postedForm("service", formValues("service", service));
    form.append("faqs.99999.question", "never read");
    form.append("faqs.00.question", "never read");
    const result = parseItemForm("service", form);
    expect(result.ok && result.data.faqs).toEqual(service.faqs);
  });
});

describe("the page being edited", () => {
  it("keeps its own slug, whatever the form carries", () => {
    const values = edited("service", service, (v) => (v.slug = "managed-it"));
    const result = parseItemForm("service", postedForm("service", values), { slug: "co-managed-it" });
    expect(result.ok && result.data.slug).toBe("co-managed-it");
  });
});

describe("testimonials: one item holding the list", () => {
  const item = { testimonials: seed.testimonials };
  const saved = (change: (values: FormValues) => void, extra?: Record<string, string>) => {
    const result = parseItemForm("testimonials", postedForm("testimonials", edited("testimonials", item, change), extra));
    if (!result.ok) throw new Error(`Refused: ${JSON.stringify(result.fieldErrors)}`);
    return result.data.testimonials;
  };
  const first = (values: FormValues) => row(values, "testimonials", 0);

  it("the quote, the name, the role and the company: their lengths, each message at its field", () => {
    const result = refused("testimonials", item, (v) => {
      first(v).quote = "Great service.";
      first(v).person = "D";
      first(v).role = "r".repeat(81);
      first(v).company = "   ";
      row(v, "testimonials", 1).quote = "q".repeat(601);
    });
    expect(result.fieldErrors).toEqual({
      "testimonials.0.quote": "Write at least 20 characters for the quote: it has 14.",
      "testimonials.0.person": "Write at least 2 characters for the name: it has 1.",
      "testimonials.0.role": "Keep the role to 80 characters or fewer: it has 81.",
      "testimonials.0.company": "Enter the company.",
      "testimonials.1.quote": "Keep the quote to 600 characters or fewer: it has 601.",
    });
    expect(first(result.values).quote).toBe("Great service.");
  });

  it("the role and the industry are optional: left empty, they are left out", () => {
    const [changed] = saved((v) => {
      first(v).role = "  ";
      first(v).industry = "";
    });
    expect(changed).not.toHaveProperty("role");
    expect(changed).not.toHaveProperty("industry");
    expect(changed.person).toBe(seed.testimonials[0].person);
  });

  it("an industry not in the list; services known, each once", () => {
    const result = refused("testimonials", item, (v) => {
      first(v).industry = "pizza";
      first(v).services = ["voip", "voip", "pizza", ""];
    });
    expect(result.fieldErrors).toEqual({
      "testimonials.0.industry": "Choose the industry from the list.",
      "testimonials.0.services.1": "Choose each service once: VoIP is already chosen.",
      "testimonials.0.services.2": "Choose a service from the list.",
      "testimonials.0.services.3": "Choose a service, or remove this row.",
    });
  });

  it("services keep the order chosen", () => {
    const [changed] = saved((v) => (first(v).services = ["voip", "access-control", "managed-it"]));
    expect(changed.services).toEqual(["voip", "access-control", "managed-it"]);
  });

  it("“Show on the home page”: ticked is yes, unticked (nothing posted) is no, anything else is refused", () => {
    expect(saved((v) => (first(v).onHome = ""))[0].onHome).toBe(false);
    expect(saved((v) => (row(v, "testimonials", 3).onHome = "yes"))[3].onHome).toBe(true);
    const form = postedForm("testimonials", formValues("testimonials", item));
    form.set("testimonials.0.onHome", "maybe");
    const result = parseItemForm("testimonials", form);
    expect(result.ok ? null : result.fieldErrors).toEqual({
      "testimonials.0.onHome": "Tick “Show on the home page” or leave it empty.",
    });
  });

  it("a testimonial must be shown somewhere: the home page, an industry or a service", () => {
    const result = refused("testimonials", item, (v) => {
      first(v).onHome = "";
      first(v).industry = "";
      first(v).services = [];
    });
    expect(result.fieldErrors).toEqual({
      "testimonials.0.onHome": "This testimonial would be shown nowhere: tick “Show on the home page”, or choose an industry or a service.",
    });
  });

  it("none at all is fine; more than 50 are refused", () => {
    expect(saved((v) => (v.testimonials = []))).toEqual([]);
    const many = refused("testimonials", item, (v) => {
      const rows = v.testimonials as FormValues[];
      v.testimonials = Array.from({ length: 51 }, (_, i) => rows[i % rows.length]);
    });
    expect(many.fieldErrors).toEqual({ testimonials: "There can be at most 50 testimonials: remove 1." });
  });

  it("list buttons: a new empty testimonial at the end, a service added inside a row, the last one removed", () => {
    const count = seed.testimonials.length;
    const added = refused("testimonials", item, () => {}, { intent: "add:testimonials" });
    expect(row(added.values, "testimonials", count)).toEqual({
      quote: "",
      person: "",
      role: "",
      company: "",
      industry: "",
      services: [],
      onHome: "",
    });
    expect(added.focus).toBe(`testimonials.${count}.quote`);
    const service = refused("testimonials", item, () => {}, { intent: "add:testimonials.1.services" });
    expect(row(service.values, "testimonials", 1).services).toEqual([...seed.testimonials[1].services, ""]);
    expect(service.focus).toBe(`testimonials.1.services.${seed.testimonials[1].services.length}`);
    let values = formValues("testimonials", item);
    for (let i = 0; i < count; i++) {
      const result = parseItemForm("testimonials", postedForm("testimonials", values, { intent: "remove:testimonials.0" }));
      expect(result.ok ? {} : result.fieldErrors).toEqual({});
      values = result.values;
    }
    expect(values.testimonials).toEqual([]);
    expect(parseItemForm("testimonials", postedForm("testimonials", values))).toMatchObject({ ok: true, data: { testimonials: [] } });
  });
});
