/**
 * What the studio knows of a content type besides its data's TypeScript type: its label, its
 * fields (the form and the schema come from them) and the rules across fields.
 */
import type { Field } from "./field-types";

/** A problem of the item as a whole, reported at a field's path. */
export type Report = (path: string, message: string) => void;

export interface ContentTypeDefinition<T> {
  /** "Business facts", "Service page". */
  label: string;
  fields: readonly Field[];
  /** Rules across fields, run once every field is valid: a closing time after the opening time. */
  check?(data: T, report: Report): void;
  /**
   * Data of an earlier shape of this type (stored, in a history version or in an export file)
   * brought to the current one; anything else is answered as it is. Runs before the schema, the
   * edit form and the comparison of versions read the data.
   */
  upgrade?(data: unknown): unknown;
}
