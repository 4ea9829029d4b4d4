/**
 * What changed between two versions of an item, for the history's "compare with current": each
 * field that differs, in the form's order, as readable text (a phone by its display, a choice by
 * its label, lists row by row and line by line), labelled like "FAQs › 3 › Question".
 */
import { fieldsOf, inCurrentShape, type ContentType, type ItemData } from "./content-types";
import { LABEL_SEPARATOR } from "./field-paths";
import { childPath, type Field, type Option } from "./field-types";

export interface FieldChange {
  /** The field's path: `faqs.2.question`, `whoFor.1`. */
  path: string;
  label: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const optionLabel = (options: readonly Option[], value: unknown) =>
  typeof value === "string" ? (options.find((o) => o.value === value)?.label ?? value) : "";

/** One value as text: a phone by its display, a number as written, a choice by its label. */
function asText(field: Field, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (field.kind === "phone") return isRecord(value) && typeof value.display === "string" ? value.display : "";
  if (field.kind === "select") return optionLabel(field.options, value);
  if (field.kind === "checkbox") return value === true ? "Yes" : "No";
  if (field.kind === "checkboxes")
    return arrayOf(value)
      .map((v) => optionLabel(field.options, v))
      .join(", ");
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

function compareFields(fields: readonly Field[], before: unknown, after: unknown, path: string, labels: string[], out: FieldChange[]) {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  for (const field of fields) compareField(field, a[field.name], b[field.name], childPath(path, field.name), [...labels, field.label], out);
}

function compareField(field: Field, before: unknown, after: unknown, path: string, labels: string[], out: FieldChange[]) {
  const changed = (at: string, atLabels: string[], x: string, y: string) => {
    if (x !== y) out.push({ path: at, label: atLabels.join(LABEL_SEPARATOR), before: x, after: y });
  };
  switch (field.kind) {
    case "group":
      return compareFields(field.fields, before, after, path, labels, out);
    case "list":
    case "lines":
    case "choices": {
      const a = arrayOf(before);
      const b = arrayOf(after);
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const at = childPath(path, i);
        const atLabels = [...labels, String(i + 1)];
        if (field.kind === "list") compareFields(field.fields, a[i], b[i], at, atLabels, out);
        else if (field.kind === "choices") changed(at, atLabels, optionLabel(field.options, a[i]), optionLabel(field.options, b[i]));
        else changed(at, atLabels, typeof a[i] === "string" ? (a[i] as string) : "", typeof b[i] === "string" ? (b[i] as string) : "");
      }
      return;
    }
    default:
      return changed(path, labels, asText(field, before), asText(field, after));
  }
}

/** The fields of an item of `type` that differ between `before` and `after`, in the form's order. */
export function compareItem(type: ContentType, before: ItemData, after: ItemData): FieldChange[] {
  const out: FieldChange[] = [];
  compareFields(fieldsOf(type), inCurrentShape(type, before) as ItemData, inCurrentShape(type, after) as ItemData, "", [], out);
  return out;
}
