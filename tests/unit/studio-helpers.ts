/** Helpers of the content studio's tests: an item's form as the browser posts it. */
import { fieldsOf, type ContentType } from "~/studio/content-types";
import type { FormValues } from "~/studio/field-types";
import { formEntries } from "~/studio/form-values";

/** The FormData a form showing `values` posts, with `extra` entries (an intent). */
export function postedForm(type: ContentType, values: FormValues, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of formEntries(fieldsOf(type), values)) form.append(name, value);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return form;
}
