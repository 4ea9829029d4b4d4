/**
 * The edit form of a legal document (terms, privacy): sections with an id (their anchor on the
 * page), a heading and their text in Markdown.
 */
import type { LegalDocument } from "~/content/types";
import { plainToMarkdown } from "~/lib/plain-markdown";

import type { ContentTypeDefinition } from "./content-type";
import { list, markdown, seoFields, text, textarea } from "./field-builders";

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
        markdown("body", "Text", { rows: 10 }),
      ],
      { min: 1, max: 40, unique: "id" },
    ),
  ],
  // Sections were once paragraphs and an optional list: stored content, history and export files
  // from then read as Markdown of the same words.
  upgrade(data) {
    if (!isRecord(data) || !Array.isArray(data.sections)) return data;
    return {
      ...data,
      sections: data.sections.map((section: unknown) => {
        if (!isRecord(section) || "body" in section || !Array.isArray(section.paragraphs)) return section;
        const { paragraphs, list: items, ...rest } = section;
        const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
        return { ...rest, body: plainToMarkdown(strings(paragraphs), strings(items)) };
      }),
    };
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
