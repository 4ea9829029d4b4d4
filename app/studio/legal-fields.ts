/**
 * The edit form of a legal document (terms, privacy): sections with an id (their anchor on the
 * page), a heading, paragraphs and an optional list.
 */
import type { LegalDocument } from "~/content/types";

import type { ContentTypeDefinition } from "./content-type";
import { lines, list, seoFields, text, textarea } from "./field-builders";

export const legalType: ContentTypeDefinition<LegalDocument> = {
  label: "Legal document",
  fields: [
    ...seoFields,
    text("heading", "Heading"),
    { kind: "date", name: "effectiveDate", label: "Effective date", hint: "The date these words apply from." },
    textarea("intro", "Introduction", { rows: 5 }),
    list(
      "sections",
      "Sections",
      { one: "section", many: "sections" },
      [
        text("id", "Section ID", { format: "id", hint: "Its address on the page (#scope): lowercase words joined by hyphens." }),
        text("heading", "Heading"),
        lines("paragraphs", "Paragraphs", { one: "paragraph", many: "paragraphs" }, { min: 1, maxItems: 20, paragraphs: true, rows: 8 }),
        lines(
          "list",
          "List",
          { one: "list item", many: "list items" },
          {
            min: 0,
            maxItems: 30,
            max: 1000,
            optional: true,
            hint: "Optional: a bulleted list after the paragraphs.",
          },
        ),
      ],
      { min: 1, max: 40, unique: "id" },
    ),
  ],
};
