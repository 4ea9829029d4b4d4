/**
 * The content studio's field descriptors: what a generic edit form renders for a content type
 * (app/components/admin/content-fields.tsx), what its schema is built from (field-schemas.ts) and
 * how a form is read back (form-values.ts). Plain data, no functions: a loader may send them.
 *
 * A field's path is its names joined by dots, list rows by their index: `phones.support`,
 * `faqs.2.question`, `groups.0.faqs.1.answer`; it is also the form control's name.
 */

/** A thing counted in messages and legends: "FAQ 3", "Add at least 3 FAQs". */
export interface Noun {
  one: string;
  many: string;
  /** With its article, when "a"/"an" by the first letter reads wrong: "an FAQ". */
  a?: string;
}

export interface Option {
  value: string;
  label: string;
}

interface FieldBase {
  /** The key in the item's data. */
  name: string;
  label: string;
  /** Help shown under the label. */
  hint?: string;
}

/**
 * A rule beyond length for one line of text: an SEO title (60 characters with the brand), an SEO
 * description (50 to 160), an id (lowercase words joined by hyphens, an anchor on the page), a
 * ZIP code.
 */
export type TextFormat = "seoTitle" | "seoDescription" | "id" | "postalCode";

/** One line of plain text. */
export interface TextField extends FieldBase {
  kind: "text";
  max: number;
  /** Characters at least (a name of one letter is a slip). */
  min?: number;
  format?: TextFormat;
  /** Left empty, the key is left out of the data (a testimonial's role). */
  optional?: boolean;
}

/** Paragraphs of plain text (blank lines separate paragraphs). */
export interface TextareaField extends FieldBase {
  kind: "textarea";
  max: number;
  /** Characters at least. */
  min?: number;
  rows?: number;
}

/**
 * Long text in Markdown (a legal document's section): paragraphs, lists, emphasis and links, edited
 * in the Markdown editor and shown on the page as the site's Markdown renderer makes it (ADR 017:
 * sanitised, links and images checked). The data is the Markdown as typed.
 */
export interface MarkdownField extends FieldBase {
  kind: "markdown";
  max: number;
  rows?: number;
}

/** A list of strings edited in one textarea: one per line, or one paragraph per blank-line-separated block. */
export interface LinesField extends FieldBase {
  kind: "lines";
  /** Characters per item. */
  max: number;
  min: number;
  maxItems: number;
  item: Noun;
  paragraphs?: boolean;
  /** Left empty, the key is left out of the data (a legal section without a list). */
  optional?: boolean;
  rows?: number;
}

/** A US phone number typed as text; the data is `{ display, e164 }`. */
export interface PhoneField extends FieldBase {
  kind: "phone";
}

export interface EmailField extends FieldBase {
  kind: "email";
}

/** An https:// address. */
export interface UrlField extends FieldBase {
  kind: "url";
}

/** A time of day, 24-hour "08:00". */
export interface TimeField extends FieldBase {
  kind: "time";
}

/** A date, "2026-11-01". */
export interface DateField extends FieldBase {
  kind: "date";
}

/** A decimal number (an office's latitude). */
export interface NumberField extends FieldBase {
  kind: "number";
  min: number;
  max: number;
  /** Shown in the message of a wrong value: "like 39.7684". */
  example: string;
}

/** One value from a list. */
export interface SelectField extends FieldBase {
  kind: "select";
  options: readonly Option[];
  /**
   * Options that come from other content, given to the form when it is shown (`offices`: the
   * business facts' offices). The schema then takes any id; the action checks it exists.
   */
  optionsFrom?: "offices";
  /** Left on its first option ("None"), the key is left out of the data (a testimonial's industry). */
  optional?: boolean;
}

/** Options of selects that come from other content (SelectField.optionsFrom), by source. */
export type DynamicOptions = Partial<Record<NonNullable<SelectField["optionsFrom"]>, readonly Option[]>>;

/** Any number of values from a list; the data keeps the options' order (weekdays). */
export interface CheckboxesField extends FieldBase {
  kind: "checkboxes";
  options: readonly Option[];
  min: number;
  item: Noun;
}

/** One box to tick, yes or no (show a testimonial on the home page); the data is a boolean, the form's value `yes` or empty. */
export interface CheckboxField extends FieldBase {
  kind: "checkbox";
}

/** The form value of a ticked CheckboxField (an unticked box posts nothing, read as empty). */
export const CHECKED = "yes";

/** An ordered list of values from a list, each chosen once (related services): a select per row. */
export interface ChoicesField extends FieldBase {
  kind: "choices";
  options: readonly Option[];
  min: number;
  max: number;
  item: Noun;
}

/** A value the form carries but nobody edits (a page's slug): one of `options`. */
export interface HiddenField extends FieldBase {
  kind: "hidden";
  options: readonly string[];
}

/** A nested object, shown as a fieldset. */
export interface GroupField extends FieldBase {
  kind: "group";
  fields: readonly Field[];
}

/** A list of objects with fields of their own (FAQs, offices, legal sections); rows are added and removed by buttons. */
export interface ListField extends FieldBase {
  kind: "list";
  fields: readonly Field[];
  min: number;
  max: number;
  item: Noun;
  /** A field of the rows whose values must differ (an id). */
  unique?: string;
}

export type Field =
  | TextField
  | TextareaField
  | MarkdownField
  | LinesField
  | PhoneField
  | EmailField
  | UrlField
  | TimeField
  | DateField
  | NumberField
  | SelectField
  | CheckboxField
  | CheckboxesField
  | ChoicesField
  | HiddenField
  | GroupField
  | ListField;

export type FieldKind = Field["kind"];

/**
 * A form's values, shaped like the item's data: a string for each one-value field (a phone by its
 * display text, a number as typed, `lines` as the textarea's text, a box `yes` or empty), a
 * string[] for checkboxes and choices, an object for a group, an array of objects for a list.
 */
export type FieldValue = string | string[] | FormValues | FormValues[];
export interface FormValues {
  [name: string]: FieldValue;
}

/** Field errors by path, the first problem of each. */
export type StudioFieldErrors = Record<string, string>;

/** `parent.name`, or `name` at the top. */
export const childPath = (parent: string, name: string | number): string => (parent ? `${parent}.${name}` : String(name));

/** A list button's intent: add a row, remove one, move one up. */
export type ListIntent = "add" | "remove" | "moveUp";

/** A list button's value: `add:faqs`, `remove:faqs.2`, `moveUp:groups.1.faqs.3` (list-intents.ts reads it). */
export const listIntentValue = (intent: ListIntent, list: string, index?: number): string =>
  index === undefined ? `${intent}:${list}` : `${intent}:${childPath(list, index)}`;
