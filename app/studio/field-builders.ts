/**
 * Short ways to declare the studio's fields (field-types.ts), with the site's limits as defaults,
 * and the groups several content types share: SEO title and description, a call to action,
 * features, FAQs.
 */
import type {
  Field,
  GroupField,
  LinesField,
  ListField,
  MarkdownField,
  Noun,
  Option,
  TextareaField,
  TextField,
  TextFormat,
} from "./field-types";
import {
  LINE_MAX,
  MARKDOWN_HINT,
  MARKDOWN_MAX,
  PARAGRAPH_MAX,
  SEO_DESCRIPTION_MAX,
  SEO_DESCRIPTION_MIN,
  SEO_TITLE_MAX,
} from "./text-rules";

export const text = (
  name: string,
  label: string,
  options: { max?: number; min?: number; format?: TextFormat; optional?: boolean; hint?: string } = {},
): TextField => ({
  kind: "text",
  name,
  label,
  max: options.max ?? LINE_MAX,
  ...(options.min ? { min: options.min } : {}),
  ...(options.format ? { format: options.format } : {}),
  ...(options.optional ? { optional: true } : {}),
  ...(options.hint ? { hint: options.hint } : {}),
});

export const textarea = (
  name: string,
  label: string,
  options: { max?: number; min?: number; rows?: number; hint?: string } = {},
): TextareaField => ({
  kind: "textarea",
  name,
  label,
  max: options.max ?? PARAGRAPH_MAX,
  ...(options.min ? { min: options.min } : {}),
  ...(options.rows ? { rows: options.rows } : {}),
  ...(options.hint ? { hint: options.hint } : {}),
});

/** Long text in Markdown; the hint says what it can do. */
export const markdown = (name: string, label: string, options: { max?: number; rows?: number; hint?: string } = {}): MarkdownField => ({
  kind: "markdown",
  name,
  label,
  max: options.max ?? MARKDOWN_MAX,
  rows: options.rows ?? 12,
  hint: `${options.hint ? `${options.hint} ` : ""}${MARKDOWN_HINT}`,
});

/** A list of lines (or paragraphs) in one textarea; the hint says how they are separated. */
export const lines = (
  name: string,
  label: string,
  item: Noun,
  options: { min: number; maxItems: number; max?: number; paragraphs?: boolean; optional?: boolean; rows?: number; hint?: string },
): LinesField => {
  const { hint, ...rest } = options;
  const how = options.paragraphs ? `One ${item.one} per block, with a blank line between them.` : `One ${item.one} per line.`;
  return {
    kind: "lines",
    name,
    label,
    item,
    ...rest,
    max: options.max ?? (options.paragraphs ? PARAGRAPH_MAX : LINE_MAX),
    hint: hint ? `${hint} ${how}` : how,
  };
};

export const group = (name: string, label: string, fields: readonly Field[], hint?: string): GroupField => ({
  kind: "group",
  name,
  label,
  fields,
  ...(hint ? { hint } : {}),
});

export const list = (
  name: string,
  label: string,
  item: Noun,
  fields: readonly Field[],
  options: { min: number; max: number; unique?: string; hint?: string },
): ListField => ({ kind: "list", name, label, item, fields, ...options });

/** Options from a catalog's entries: value = slug, label = name. */
export const optionsOf = (entries: readonly { slug: string; name: string }[]): Option[] =>
  entries.map((e) => ({ value: e.slug, label: e.name }));

/** Every page's title and description for search results. */
export const seoFields: readonly Field[] = [
  text("title", "SEO title", {
    max: SEO_TITLE_MAX,
    format: "seoTitle",
    hint: "The title of the browser tab and of search results; the brand is added after it.",
  }),
  text("description", "SEO description", {
    max: SEO_DESCRIPTION_MAX,
    format: "seoDescription",
    hint: `The summary under the title in search results: ${SEO_DESCRIPTION_MIN} to ${SEO_DESCRIPTION_MAX} characters, different on every page.`,
  }),
];

export const ctaGroup = (hint = "The closing band at the end of the page, beside the buttons to call or get in touch."): GroupField =>
  group("cta", "Call to action", [text("title", "Heading"), textarea("text", "Text", { rows: 3 })], hint);

/** A heading and its paragraph (the home page's section intros). */
export const introGroup = (name: string, label: string): GroupField =>
  group(name, label, [text("heading", "Heading"), textarea("text", "Text", { rows: 3 })]);

/** Cards of a title and a paragraph. */
export const featureList = (name: string, label: string, item: Noun, range: { min: number; max: number }, hint?: string): ListField =>
  list(name, label, item, [text("title", "Title"), textarea("text", "Text", { rows: 3 })], { ...range, ...(hint ? { hint } : {}) });

export const FAQ: Noun = { one: "FAQ", many: "FAQs", a: "an FAQ" };

export const faqList = (range: { min: number; max: number }, name = "faqs"): ListField =>
  list(
    name,
    "FAQs",
    FAQ,
    [text("question", "Question"), textarea("answer", "Answer", { rows: 4, hint: "Plain text; a blank line starts a new paragraph." })],
    range,
  );
