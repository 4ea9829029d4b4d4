/**
 * An item's form values (field-types.ts `FormValues`) both ways: from its data, for the form to
 * show; from a posted form, as typed, for the schema to check and for a refused form to show again.
 * A list's rows are read from the indexes the form posts (`faqs.0.question`, `faqs.1.question`).
 */
import { fieldsOf, inCurrentShape, type ContentType, type ItemData } from "./content-types";
import { CHECKED, childPath, type Field, type FieldValue, type FormValues } from "./field-types";
import { joinItems } from "./lines";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map((v) => (typeof v === "string" ? v : String(v))) : []);

/** One field's value as the form shows it. */
function valueOf(field: Field, value: unknown): FieldValue {
  switch (field.kind) {
    case "phone":
      return isRecord(value) && typeof value.display === "string" ? value.display : typeof value === "string" ? value : "";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value : "";
    case "lines":
      return Array.isArray(value) ? joinItems(strings(value), field.paragraphs) : typeof value === "string" ? value : "";
    case "checkbox":
      return value === true || value === CHECKED ? CHECKED : "";
    case "checkboxes":
    case "choices":
      return strings(value);
    case "group":
      return valuesOfFields(field.fields, value);
    case "list":
      return Array.isArray(value) ? value.map((row) => valuesOfFields(field.fields, row)) : [];
    default:
      return typeof value === "string" ? value : "";
  }
}

/** Values of an object with these fields; what is missing shows empty. */
export function valuesOfFields(fields: readonly Field[], data: unknown): FormValues {
  const record = isRecord(data) ? data : {};
  return Object.fromEntries(fields.map((field) => [field.name, valueOf(field, record[field.name])]));
}

/** The form values of an item's data, for its edit form. */
export function formValues(type: ContentType, data: ItemData): FormValues {
  return valuesOfFields(fieldsOf(type), inCurrentShape(type, data));
}

/** Empty values of a new list row (a list inside it gets its minimum of empty rows). */
export function emptyValues(fields: readonly Field[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)]));
}

function emptyValue(field: Field): FieldValue {
  switch (field.kind) {
    case "checkboxes":
      return [];
    case "choices":
      return Array.from({ length: field.min }, () => "");
    case "group":
      return emptyValues(field.fields);
    case "list":
      return Array.from({ length: field.min }, () => emptyValues(field.fields));
    default:
      return "";
  }
}

/** The form's names, to find a list's rows without scanning every entry for each list. */
type Names = ReadonlySet<string>;

/** A list's row indexes as posted, in order: the digits after `path.` in a name (at most 4 of them). */
function rowIndexes(names: Names, path: string, scalar: boolean): number[] {
  const prefix = `${path}.`;
  const found = new Set<number>();
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    const match = (scalar ? /^(0|[1-9]\d{0,3})$/ : /^(0|[1-9]\d{0,3})\./).exec(rest);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function readField(field: Field, form: FormData, names: Names, path: string): FieldValue {
  switch (field.kind) {
    case "checkboxes":
      return form.getAll(path).filter((v): v is string => typeof v === "string");
    case "choices":
      return rowIndexes(names, path, true).map((index) => text(form, childPath(path, index)));
    case "group":
      return readFields(field.fields, form, names, path);
    case "list":
      return rowIndexes(names, path, false).map((index) => readFields(field.fields, form, names, childPath(path, index)));
    default:
      return text(form, path);
  }
}

function readFields(fields: readonly Field[], form: FormData, names: Names, prefix: string): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, readField(field, form, names, childPath(prefix, field.name))]));
}

/** What a posted form holds for these fields, as typed (a file where text belongs reads as empty). */
export function readFormValues(fields: readonly Field[], form: FormData): FormValues {
  return readFields(fields, form, new Set(form.keys()), "");
}

/**
 * The form entries that post `values` (name, value), as the rendered form does: for tests, and
 * for a script that posts an item.
 */
export function formEntries(fields: readonly Field[], values: FormValues, prefix = ""): [string, string][] {
  const entries: [string, string][] = [];
  for (const field of fields) {
    const path = childPath(prefix, field.name);
    const value = values[field.name];
    if (field.kind === "group") entries.push(...formEntries(field.fields, isRecord(value) ? (value as FormValues) : {}, path));
    else if (field.kind === "list")
      (Array.isArray(value) ? (value as FormValues[]) : []).forEach((row, index) =>
        entries.push(...formEntries(field.fields, row, childPath(path, index))),
      );
    else if (field.kind === "checkboxes") for (const v of strings(value)) entries.push([path, v]);
    else if (field.kind === "choices") strings(value).forEach((v, index) => entries.push([childPath(path, index), v]));
    // An unticked box posts nothing.
    else if (field.kind === "checkbox") {
      if (value === CHECKED) entries.push([path, CHECKED]);
    } else entries.push([path, typeof value === "string" ? value : ""]);
  }
  return entries;
}
