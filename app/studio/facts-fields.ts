/**
 * The business facts' edit form (BusinessFacts, app/config/site.ts): phones, e-mail addresses,
 * portals, hours, the figures the site shows and the offices.
 */
import { site, type BusinessFacts, type StateCode, type Weekday } from "~/config/site";
import { cities } from "~/content/catalog";

import type { ContentTypeDefinition } from "./content-type";
import { group, lines, list, text, textarea } from "./field-builders";
import type { Field, Noun, Option } from "./field-types";

export const WEEKDAYS: readonly Weekday[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const phone = (name: string, label: string, hint?: string): Field => ({ kind: "phone", name, label, ...(hint ? { hint } : {}) });
const email = (name: string, label: string): Field => ({ kind: "email", name, label });
const url = (name: string, label: string): Field => ({ kind: "url", name, label });
const time = (name: string, label: string, hint: string): Field => ({ kind: "time", name, label, hint });

const link = (name: string, label: string): Field => group(name, label, [text("name", "Name"), url("href", "Address")]);

const STAT: Noun = { one: "figure", many: "figures" };
const stats = (name: string, label: string, hint: string): Field =>
  list(name, label, STAT, [text("value", "Figure", { max: 20, hint: "Short: 99.9%, 24/7, 500+." }), text("label", "Label", { max: 60 })], {
    min: 1,
    max: 6,
    hint,
  });

const STATES: Option[] = (Object.keys(site.states) as StateCode[]).map((code) => ({ value: code, label: site.states[code] }));
const CITY_PAGES: Option[] = cities.map((city) => ({ value: city.href, label: city.name }));

const officeFields: readonly Field[] = [
  text("id", "Office ID", { format: "id", hint: "Names the office for its city page; lowercase, like indianapolis." }),
  text("city", "City"),
  { kind: "select", name: "state", label: "State", options: STATES },
  text("street", "Street address"),
  text("postalCode", "ZIP code", { max: 10, format: "postalCode" }),
  phone("phone", "Phone"),
  { kind: "select", name: "href", label: "City page", options: CITY_PAGES, hint: "The page about this office's area." },
  { kind: "number", name: "latitude", label: "Latitude", min: -90, max: 90, example: "39.7684", hint: "For maps and search engines." },
  { kind: "number", name: "longitude", label: "Longitude", min: -180, max: 180, example: "-86.1581" },
];

export const factsFields: readonly Field[] = [
  text("tagline", "Tagline", { hint: "Under the logo in the footer (a full stop is added) and in link previews." }),
  textarea("description", "Description", { max: 500, rows: 3, hint: "The company's description for search engines." }),
  text("foundingYearsClaim", "Years of experience", { max: 40, hint: "As the About page says it: 35+ years." }),
  group("phones", "Phones", [
    phone("support", "Support", "For clients: the top bar and click-to-call."),
    phone("sales", "Sales", "For new business: the calls to action."),
  ]),
  group("emails", "E-mail addresses", [email("general", "General"), email("support", "Support")]),
  group("portals", "Portals", [link("payment", "Payment portal"), link("client", "Client portal")]),
  list("social", "Social profiles", { one: "profile", many: "profiles" }, [text("name", "Network", { max: 40 }), url("href", "Address")], {
    min: 0,
    max: 8,
  }),
  group("hours", "Hours", [
    text("business", "Business hours", { max: 80, hint: "As printed: Mon–Fri 8AM–6PM EST." }),
    text("emergency", "Emergency support"),
    text("onSite", "On-site response"),
    time("opens", "Opening time", "For search engines and the contact form's reply time: 08:00."),
    time("closes", "Closing time", "24-hour clock: 18:00."),
    {
      kind: "checkboxes",
      name: "days",
      label: "Open on",
      options: WEEKDAYS.map((day) => ({ value: day, label: day })),
      min: 1,
      item: { one: "day", many: "days" },
    },
  ]),
  stats("claims", "Claims", "The figures of the About page. Only claims the company can back."),
  stats("trustStats", "Trust figures", "The figures band of the home page."),
  lines(
    "compliance",
    "Compliance frameworks",
    { one: "framework", many: "frameworks" },
    {
      min: 1,
      maxItems: 12,
      max: 60,
      hint: "Frameworks we help clients meet, not certifications we hold.",
    },
  ),
  lines("statesAlsoServed", "Other states served", { one: "state", many: "states" }, { min: 0, maxItems: 20, max: 40 }),
  list("offices", "Offices", { one: "office", many: "offices" }, officeFields, { min: 1, max: 20, unique: "id" }),
];

export const factsType: ContentTypeDefinition<BusinessFacts> = {
  label: "Business facts",
  fields: factsFields,
  check(facts, report) {
    if (facts.hours.closes <= facts.hours.opens) report("hours.closes", "The closing time must be later than the opening time.");
  },
};
