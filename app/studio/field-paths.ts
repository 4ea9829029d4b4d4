/**
 * Paths through a content type's fields: the field a path names, its label as a person reads it
 * ("FAQs › 3 › Question"), and the field a schema problem belongs to.
 */
import { childPath, type Field } from "./field-types";

export const LABEL_SEPARATOR = " › ";

export interface Located {
  field: Field;
  /** The path of the field (for a choice, of its row's select). */
  path: string;
  /** Labels from the top: ["FAQs", "3", "Question"]. */
  labels: string[];
  /** What is left of the path inside the field: the index of a line of a `lines` field. */
  rest: (string | number)[];
}

/** The field `segments` lead to, or null when no field has that path. */
export function locate(fields: readonly Field[], segments: readonly (string | number)[]): Located | null {
  let current = fields;
  let path = "";
  const labels: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const field = current.find((f) => f.name === String(segments[i]));
    if (!field) return null;
    path = childPath(path, field.name);
    labels.push(field.label);
    const next = segments[i + 1];
    const index = /^(0|[1-9]\d*)$/.test(String(next)) ? Number(next) : null;
    if (field.kind === "group" && next !== undefined) {
      current = field.fields;
      continue;
    }
    if (field.kind === "list" && index !== null) {
      path = childPath(path, index);
      labels.push(String(index + 1));
      if (segments.length === i + 2) return { field, path, labels, rest: [] };
      current = field.fields;
      i++;
      continue;
    }
    if (field.kind === "choices" && index !== null) {
      return { field, path: childPath(path, index), labels: [...labels, String(index + 1)], rest: segments.slice(i + 2) };
    }
    return { field, path, labels, rest: segments.slice(i + 1) };
  }
  return null;
}

/** "FAQs › 3 › Question" for `faqs.2.question`; the path itself for one no field has. */
export function fieldLabel(fields: readonly Field[], path: string): string {
  return locate(fields, path.split("."))?.labels.join(LABEL_SEPARATOR) ?? path;
}

/**
 * Where a problem at `segments` is shown, and its message: a line of a `lines` field is named in
 * the message of the field ("Line 4: …"); a problem under no field is shown at its first name.
 */
export function problemAt(
  fields: readonly Field[],
  segments: readonly (string | number)[],
  message: string,
): { path: string; message: string } {
  const found = locate(fields, segments);
  if (!found) return { path: String(segments[0] ?? ""), message };
  const { field, path, rest } = found;
  if (field.kind === "lines" && typeof rest[0] === "number")
    return { path, message: `${field.paragraphs ? "Paragraph" : "Line"} ${rest[0] + 1}: ${message}` };
  return { path, message };
}
