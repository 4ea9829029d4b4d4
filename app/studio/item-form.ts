/**
 * An item's edit form read back (docs/decisions/027-one-form-pipeline.md: the route reads the body
 * with parseForm within its limit, then hands its FormData here): the item's data, or what was
 * typed with a message beside each field that needs one. A list button (list-intents.ts) changes
 * the form and saves nothing.
 */
import { fieldsOf, schemaOf, type ContentData, type ContentType } from "./content-types";
import { problemAt } from "./field-paths";
import type { Field, FieldValue, FormValues, StudioFieldErrors } from "./field-types";
import { readFormValues } from "./form-values";
import { applyListEdit, parseListIntent, type ListIntent } from "./list-intents";

/**
 * The body limit for parseForm (app/lib/form.server.ts) of an item's form: the largest item of the
 * seed posts 15 KB. A megabyte pasted into one field still arrives whole, and is answered beside
 * that field with the rest of the form kept; a body beyond this is refused (413) with a message.
 */
export const ITEM_FORM_LIMIT = 2 * 1024 * 1024;

/** A refused form keeps at most this many characters more than a field's limit (a pasted megabyte is not sent back). */
export const KEPT_OVER_LIMIT = 1000;

export type ItemFormResult<T> =
  | { ok: true; data: T; values: FormValues }
  | {
      ok: false;
      /** Set when a list button was pressed: the form changed, nothing was checked or saved. */
      intent?: ListIntent;
      /** What was typed (with the row added, removed or moved), to show the form again. */
      values: FormValues;
      fieldErrors: StudioFieldErrors;
      /** After a list button: what to focus when the form is shown again, a field's path or a button's intent value. */
      focus?: string;
    };

/** Data without the keys whose value is undefined (an optional list left empty), as stored JSON has it. */
function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutUndefined(v)]),
    ) as T;
  return value;
}

const limitOf = (field: Field): number | null =>
  field.kind === "text" || field.kind === "textarea" || field.kind === "markdown"
    ? field.max
    : field.kind === "lines"
      ? field.max * field.maxItems
      : null;

/** `values` with each text cut to its field's limit plus KEPT_OVER_LIMIT characters. */
function capped(fields: readonly Field[], values: FormValues): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    const value: FieldValue | undefined = values[field.name];
    const limit = limitOf(field) ?? 2000;
    if (typeof value === "string") out[field.name] = value.slice(0, limit + KEPT_OVER_LIMIT);
    else if (field.kind === "group") out[field.name] = capped(field.fields, value as FormValues);
    else if (field.kind === "list") out[field.name] = (value as FormValues[]).map((row) => capped(field.fields, row));
    else if (Array.isArray(value)) out[field.name] = (value as string[]).map((v) => v.slice(0, 2000));
  }
  return out;
}

/** Checks values (as typed, or an item's stored data) against a content type's schema. */
export function checkItem<T extends ContentType>(
  type: T,
  input: unknown,
): { ok: true; data: ContentData[T] } | { ok: false; fieldErrors: StudioFieldErrors } {
  const parsed = schemaOf(type).safeParse(input);
  if (parsed.success) return { ok: true, data: withoutUndefined(parsed.data) };
  const fieldErrors: StudioFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const segments = issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
    const { path, message } = problemAt(fieldsOf(type), segments, issue.message);
    fieldErrors[path] ??= message;
  }
  return { ok: false, fieldErrors };
}

/**
 * The posted edit form of an item of `type`: its data, or the values as typed with the field
 * errors (a list button: the values changed, no errors but the list's own). `item.slug` (from
 * parseItemId) stands for the slug the form carries, so a page's data is always that page's.
 */
export function parseItemForm<T extends ContentType>(
  type: T,
  form: FormData,
  item: { slug?: string | null } = {},
): ItemFormResult<ContentData[T]> {
  const fields = fieldsOf(type);
  const typed = readFormValues(fields, form);
  // A page of a family is the page being edited, whatever slug the form carries.
  if (item.slug && "slug" in typed) typed.slug = item.slug;
  const intent = form.get("intent");
  const edit = typeof intent === "string" ? parseListIntent(intent) : null;
  if (edit) {
    const changed = applyListEdit(fields, capped(fields, typed), edit);
    return {
      ok: false,
      intent: edit.intent,
      values: changed?.values ?? capped(fields, typed),
      fieldErrors: changed?.fieldErrors ?? {},
      ...(changed?.focus ? { focus: changed.focus } : {}),
    };
  }
  const checked = checkItem(type, typed);
  if (checked.ok) return { ok: true, data: checked.data, values: typed };
  return { ok: false, values: capped(fields, typed), fieldErrors: checked.fieldErrors };
}
