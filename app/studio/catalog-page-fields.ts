/**
 * The edit forms of the pages of a family (app/content/types.ts): a service, an industry, a city.
 * The slug is the page's address and is not edited: the form carries it, one of the known slugs.
 */
import { cities, industries, services } from "~/content/catalog";
import { citySlugs, industrySlugs, serviceSlugs, type CityPage, type IndustryPage, type ServicePage } from "~/content/types";

import type { ContentTypeDefinition } from "./content-type";
import { ctaGroup, faqList, featureList, lines, optionsOf, seoFields, text, textarea } from "./field-builders";
import type { Field, Noun } from "./field-types";

const slugField = (slugs: readonly string[]): Field => ({ kind: "hidden", name: "slug", label: "Page", options: slugs });

const SERVICE: Noun = { one: "service", many: "services" };
const serviceChoices = (name: string, label: string, range: { min: number; max: number }, hint: string): Field => ({
  kind: "choices",
  name,
  label,
  options: optionsOf(services),
  item: SERVICE,
  hint,
  ...range,
});

const POINT: Noun = { one: "point", many: "points" };

export const serviceType: ContentTypeDefinition<ServicePage> = {
  label: "Service page",
  fields: [
    slugField(serviceSlugs),
    ...seoFields,
    text("headline", "Headline"),
    textarea("intro", "Introduction", { rows: 4, hint: "What the service is, in two or three sentences." }),
    lines("whoFor", "Who it is for", POINT, { min: 3, maxItems: 5 }),
    featureList("included", "What is included", { one: "item", many: "items" }, { min: 4, max: 8 }),
    lines(
      "outcomes",
      "Outcomes",
      { one: "outcome", many: "outcomes" },
      { min: 3, maxItems: 5, hint: "Concrete, without invented numbers." },
    ),
    serviceChoices("related", "Related services", { min: 2, max: 4 }, "Shown in this order at the end of the page."),
    faqList({ min: 3, max: 5 }),
    ctaGroup(),
  ],
  check(page, report) {
    page.related.forEach((slug, index) => {
      if (slug === page.slug) report(`related.${index}`, "A service cannot be related to itself: choose another service.");
    });
  },
};

export const industryType: ContentTypeDefinition<IndustryPage> = {
  label: "Industry page",
  fields: [
    slugField(industrySlugs),
    ...seoFields,
    text("headline", "Headline"),
    textarea("intro", "Introduction", { rows: 4 }),
    featureList(
      "challenges",
      "Challenges",
      { one: "challenge", many: "challenges" },
      { min: 3, max: 5 },
      "The IT problems of this kind of business.",
    ),
    featureList("howWeHelp", "How we help", POINT, { min: 3, max: 6 }),
    lines("regulations", "Regulations", { one: "regulation", many: "regulations" }, { min: 0, maxItems: 8, max: 80 }),
    serviceChoices("services", "Recommended services", { min: 3, max: 5 }, "Shown in this order."),
    faqList({ min: 2, max: 6 }),
    ctaGroup(),
  ],
};

export const cityType: ContentTypeDefinition<CityPage> = {
  label: "City page",
  fields: [
    slugField(citySlugs),
    ...seoFields,
    {
      kind: "select",
      name: "officeId",
      label: "Office",
      options: [],
      optionsFrom: "offices",
      hint: "The office serving this city: its address and phone (the offices are in Business facts).",
    },
    text("headline", "Headline"),
    textarea("intro", "Introduction", { rows: 4 }),
    lines(
      "localContext",
      "The local economy",
      { one: "paragraph", many: "paragraphs" },
      { min: 1, maxItems: 4, paragraphs: true, rows: 10 },
    ),
    lines(
      "areasServed",
      "Areas served",
      { one: "place", many: "places" },
      { min: 3, maxItems: 12, max: 60, hint: "Nearby towns and areas." },
    ),
    {
      kind: "choices",
      name: "industries",
      label: "Local industries",
      options: optionsOf(industries),
      item: { one: "industry", many: "industries" },
      min: 1,
      max: 8,
      hint: "Each links to its industry page, in this order.",
    },
    textarea("onSite", "On-site response", { max: 1000, rows: 3, hint: "A sentence on response and drive times from the office." }),
    featureList("highlights", "Highlights", { one: "highlight", many: "highlights" }, { min: 2, max: 6 }),
    faqList({ min: 2, max: 6 }),
    ctaGroup(),
  ],
};

/** The names of the catalog: a page's title in the studio's lists. */
export const catalogNames: Record<string, string> = Object.fromEntries(
  [...services, ...industries, ...cities].map((entry) => [entry.slug, entry.name]),
);
