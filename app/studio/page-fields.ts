/** The edit forms of the single pages: home, about, and the questions page (app/content/site-content.ts). */
import type { AboutContent, FaqContent, HomeContent } from "~/content/site-content";

import type { ContentTypeDefinition } from "./content-type";
import { ctaGroup, faqList, featureList, group, introGroup, lines, list, seoFields, text, textarea } from "./field-builders";

export const homeType: ContentTypeDefinition<HomeContent> = {
  label: "Home page",
  fields: [
    ...seoFields,
    group("hero", "Hero", [
      text("eyebrow", "Eyebrow", { hint: "The short line above the headline." }),
      text("headline", "Headline"),
      textarea("text", "Text", { rows: 3 }),
    ]),
    group("painPoints", "Problems we solve", [
      text("heading", "Heading"),
      textarea("intro", "Introduction", { rows: 3 }),
      featureList("items", "Problems", { one: "problem", many: "problems" }, { min: 3, max: 9 }),
    ]),
    introGroup("servicesIntro", "Services section"),
    introGroup("industriesIntro", "Industries section"),
    introGroup("citiesIntro", "Offices section"),
    introGroup("statsIntro", "Figures section"),
    introGroup("approachIntro", "Approach section"),
    featureList(
      "approach",
      "Approach steps",
      { one: "step", many: "steps" },
      { min: 4, max: 4 },
      "The four steps of taking over a client's IT, in order.",
    ),
    introGroup("complianceIntro", "Compliance section"),
    ctaGroup(),
  ],
};

export const aboutType: ContentTypeDefinition<AboutContent> = {
  label: "About page",
  fields: [
    ...seoFields,
    text("headline", "Headline"),
    textarea("intro", "Introduction", { rows: 3 }),
    lines("story", "Our story", { one: "paragraph", many: "paragraphs" }, { min: 1, maxItems: 10, paragraphs: true, rows: 12 }),
    featureList("values", "Values", { one: "value", many: "values" }, { min: 2, max: 8 }),
    featureList("howWeWork", "How we work", { one: "point", many: "points" }, { min: 2, max: 8 }),
    ctaGroup(),
  ],
};

export const faqType: ContentTypeDefinition<FaqContent> = {
  label: "Questions page",
  fields: [
    ...seoFields,
    text("headline", "Headline"),
    textarea("intro", "Introduction", { rows: 3 }),
    list(
      "groups",
      "Topics",
      { one: "topic", many: "topics" },
      [
        text("id", "Topic ID", { format: "id", hint: "Its place on the page, /faq#getting-started: lowercase words joined by hyphens." }),
        text("topic", "Topic"),
        faqList({ min: 1, max: 20 }),
      ],
      { min: 1, max: 12, unique: "id" },
    ),
  ],
};
