/**
 * The edit form of the testimonials (app/content/types.ts `Testimonial`): one item holding the
 * list, rows added, removed and moved by the list's buttons. Each testimonial is shown on the home
 * page when ticked, on its industry's page and on its services' pages.
 */
import { industries, services } from "~/content/catalog";
import type { TestimonialsContent } from "~/content/site-content";

import type { ContentTypeDefinition } from "./content-type";
import { list, optionsOf, text, textarea } from "./field-builders";
import type { Noun } from "./field-types";

export const TESTIMONIALS_MAX = 50;

const TESTIMONIAL: Noun = { one: "testimonial", many: "testimonials" };

export const testimonialsType: ContentTypeDefinition<TestimonialsContent> = {
  label: "Testimonials",
  fields: [
    list(
      "testimonials",
      "Testimonials",
      TESTIMONIAL,
      [
        textarea("quote", "Quote", {
          min: 20,
          max: 600,
          rows: 4,
          hint: "The client's own words, with their permission: plain text, no quotation marks (the page adds them).",
        }),
        text("person", "Name", { min: 2, max: 80, hint: "The person quoted." }),
        text("role", "Role", { max: 80, optional: true, hint: "Their job, like Office manager." }),
        text("company", "Company", { min: 2, max: 100 }),
        {
          kind: "select",
          name: "industry",
          label: "Industry",
          options: optionsOf(industries),
          optional: true,
          hint: "The industry page that shows it.",
        },
        {
          kind: "choices",
          name: "services",
          label: "Services",
          options: optionsOf(services),
          item: { one: "service", many: "services" },
          min: 0,
          max: services.length,
          hint: "The service pages that show it.",
        },
        { kind: "checkbox", name: "onHome", label: "Show on the home page" },
      ],
      {
        min: 0,
        max: TESTIMONIALS_MAX,
        hint: "Shown on the home page when ticked, and on the pages of the industry and services each one names.",
      },
    ),
  ],
  check({ testimonials }, report) {
    testimonials.forEach((testimonial, index) => {
      if (!testimonial.onHome && !testimonial.industry && testimonial.services.length === 0)
        report(
          `testimonials.${index}.onHome`,
          "This testimonial would be shown nowhere: tick “Show on the home page”, or choose an industry or a service.",
        );
    });
  },
};
