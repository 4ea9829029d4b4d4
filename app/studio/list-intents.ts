/**
 * The list buttons of the studio's forms, which work without JavaScript: each posts the form with
 * `intent` = `add:<list>`, `remove:<list>.<row>` or `moveUp:<list>.<row>` (`add:faqs`,
 * `remove:groups.1.faqs.3`), and the form comes back changed, unsaved, with what was typed.
 */
import { locate } from "./field-paths";
import {
  childPath,
  listIntentValue,
  type Field,
  type FieldValue,
  type FormValues,
  type ListIntent,
  type StudioFieldErrors,
} from "./field-types";
import { emptyValues } from "./form-values";
import { countOf } from "./nouns";

export type { ListIntent };

export interface ListEdit {
  intent: ListIntent;
  /** The list's path: `faqs`, `groups.1.faqs`. */
  list: string;
  /** The row removed or moved up. */
  index: number | null;
}

/** A list button's intent, or null when `intent` is another (save, publish). */
export function parseListIntent(intent: string): ListEdit | null {
  const match = /^(add|remove|moveUp):([A-Za-z0-9.]{1,200})$/.exec(intent);
  if (!match) return null;
  const kind = match[1] as ListIntent;
  if (kind === "add") return { intent: kind, list: match[2], index: null };
  const row = /^(.+)\.(0|[1-9]\d{0,3})$/.exec(match[2]);
  return row ? { intent: kind, list: row[1], index: Number(row[2]) } : null;
}

export interface ListEditResult {
  values: FormValues;
  fieldErrors: StudioFieldErrors;
  /** What to focus once the form is shown again: a field's path, or a button's intent value. */
  focus?: string;
}

/** The path of the first control of a new or moved row (descending into groups and lists). */
function firstControl(fields: readonly Field[], prefix: string): string | undefined {
  const field = fields.find((f) => f.kind !== "hidden");
  if (!field) return undefined;
  const path = childPath(prefix, field.name);
  if (field.kind === "group") return firstControl(field.fields, path);
  if (field.kind === "list" || field.kind === "choices") return listIntentValue("add", path);
  return path;
}

/** The array at a list's path in `values` (a copy the caller may change). */
function rowsAt(values: FormValues, list: string): FieldValue[] | null {
  let current: FieldValue | undefined = values;
  for (const segment of list.split(".")) {
    if (Array.isArray(current)) current = /^\d+$/.test(segment) ? (current as FieldValue[])[Number(segment)] : undefined;
    else if (current && typeof current === "object") current = (current as FormValues)[segment];
    else return null;
  }
  return Array.isArray(current) ? (current as FieldValue[]) : null;
}

/** `values` with the edit made; null when the list or row does not exist. */
export function applyListEdit(fields: readonly Field[], typed: FormValues, edit: ListEdit): ListEditResult | null {
  const found = locate(fields, edit.list.split("."));
  if (!found || found.path !== edit.list || found.rest.length > 0) return null;
  const field = found.field;
  if (field.kind !== "list" && field.kind !== "choices") return null;
  const values = structuredClone(typed);
  const rows = rowsAt(values, edit.list);
  if (!rows) return null;
  const rowFocus = (index: number) =>
    field.kind === "choices" ? childPath(edit.list, index) : firstControl(field.fields, childPath(edit.list, index));

  if (edit.intent === "add") {
    if (rows.length >= field.max)
      return { values, fieldErrors: { [edit.list]: `There can be at most ${countOf(field.max, field.item)}.` }, focus: edit.list };
    rows.push(field.kind === "choices" ? "" : emptyValues(field.fields));
    return { values, fieldErrors: {}, focus: rowFocus(rows.length - 1) };
  }
  const index = edit.index ?? -1;
  if (index < 0 || index >= rows.length) return null;
  if (edit.intent === "remove") {
    if (rows.length <= field.min)
      return {
        values,
        fieldErrors: { [edit.list]: `Keep at least ${countOf(field.min, field.item)}: change one rather than remove it.` },
        focus: edit.list,
      };
    rows.splice(index, 1);
    return {
      values,
      fieldErrors: {},
      focus: rows.length > 0 ? rowFocus(Math.min(index, rows.length - 1)) : listIntentValue("add", edit.list),
    };
  }
  if (index === 0) return { values, fieldErrors: {}, focus: rowFocus(0) };
  [rows[index - 1], rows[index]] = [rows[index], rows[index - 1]];
  return { values, fieldErrors: {}, focus: index - 1 > 0 ? listIntentValue("moveUp", edit.list, index - 1) : rowFocus(0) };
}
