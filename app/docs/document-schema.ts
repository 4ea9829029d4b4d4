/**
 * The document form's schema: what the server accepts for a title, slug, collection
 * and Markdown body. Errors are worded for the person at the editor.
 */
import { z } from "zod";

import type { FieldErrors, FormFields } from "~/lib/action-result";
import { hasControlCharacter, normaliseMultilineText } from "~/lib/control-characters";
import { formatCount } from "~/lib/list-of";
import { SLUG_MAX, SLUG_PATTERN, slugify } from "~/lib/slug";

import { BODY_MAX, COLLECTION_KEYS, TITLE_MAX } from "./document-rules";

export const titleSchema = z
  .string()
  .trim()
  .min(1, "Enter a title.")
  .max(TITLE_MAX, `Keep the title to ${TITLE_MAX} characters or fewer.`)
  .refine((s) => !hasControlCharacter(s), "The title cannot contain control characters (tabs, line breaks and the like).");

export const SLUG_MESSAGE = "Use lowercase letters, digits and single hyphens, for example onboarding-checklist.";

export const slugSchema = z
  .string()
  .trim()
  .min(1, "Enter a slug: the last part of the document's address.")
  .max(SLUG_MAX, `Keep the slug to ${SLUG_MAX} characters or fewer.`)
  .regex(SLUG_PATTERN, SLUG_MESSAGE);

export const collectionSchema = z.enum(COLLECTION_KEYS, "Choose a collection.");

/** Line endings made \n; control characters other than newline and tab removed. */
export function normaliseBody(body: string): string {
  return normaliseMultilineText(body);
}

export const bodySchema = z
  .string()
  .transform(normaliseBody)
  .pipe(z.string().max(BODY_MAX, `The document is too long: at most ${formatCount(BODY_MAX)} characters.`));

export const documentSchema = z.object({
  title: titleSchema,
  slug: slugSchema,
  collection: collectionSchema,
  body: bodySchema,
});

export type DocumentInput = z.infer<typeof documentSchema>;
export type DocumentField = keyof DocumentInput;
/** What the person typed, echoed back on an error so nothing is lost. */
export type DocumentValues = Record<DocumentField, string>;
export type DocumentFieldErrors = FieldErrors<DocumentField>;

export type ParsedDocument =
  { ok: true; data: DocumentInput; values: DocumentValues } | { ok: false; errors: DocumentFieldErrors; values: DocumentValues };

const text = (fields: FormFields, name: string) => {
  const value = fields[name];
  return typeof value === "string" ? value : "";
};

/** Reads the editor's fields. An empty slug is taken from the title, as the editor suggests. */
export function parseDocumentForm(form: FormFields): ParsedDocument {
  const values: DocumentValues = {
    title: text(form, "title"),
    slug: text(form, "slug"),
    collection: text(form, "collection"),
    body: text(form, "body"),
  };
  const slug = values.slug.trim() === "" && !hasControlCharacter(values.title) ? slugify(values.title) : values.slug.trim().toLowerCase();
  const result = documentSchema.safeParse({ ...values, slug });
  if (result.success) return { ok: true, data: result.data, values: { ...values, slug: result.data.slug } };
  const errors: DocumentFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as DocumentField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}
