/**
 * The zod schema of a content type, built from its field descriptors (field-types.ts), so the
 * form and the rules cannot drift apart. One schema reads both shapes of an item: its stored data
 * (a phone as `{ display, e164 }`, a list of lines as an array, a number as a number) and its form
 * values (the same as typed text), and answers the data. Messages are the studio's (text-rules.ts),
 * one per field.
 */
import { z } from "zod";

import {
  CHECKED,
  type CheckboxesField,
  type ChoicesField,
  type Field,
  type LinesField,
  type ListField,
  type NumberField,
} from "./field-types";
import { splitItems } from "./lines";
import { countOf, withArticle } from "./nouns";
import { parsePhone, PHONE_MESSAGE } from "./phone";
import {
  dateProblem,
  emailProblem,
  formatProblem,
  inSentence,
  lineProblem,
  listItemProblem,
  paragraphProblem,
  timeProblem,
  urlProblem,
} from "./text-rules";

type Problem = (value: string) => string | null;

/** A string, trimmed (`normalise` first), with the first problem `problems` find as its issue. */
function checkedString(required: string, problems: Problem[], normalise: (s: string) => string = (s) => s) {
  return z
    .string({ error: required })
    .transform((s) => normalise(s).trim())
    .superRefine((value, ctx) => {
      for (const problem of problems) {
        const message = problem(value);
        if (message) return void ctx.addIssue({ code: "custom", message });
      }
    });
}

const lineEnds = (s: string) => s.replace(/\r\n?/g, "\n");
const required =
  (label: string): Problem =>
  (value) =>
    value === "" ? `Enter the ${inSentence(label)}.` : null;

function linesSchema(field: LinesField) {
  const unit = field.paragraphs ? "paragraph" : "line";
  const how = field.paragraphs ? "with a blank line between them" : "one per line";
  const items = z
    .array(
      checkedString(`Enter the ${unit}.`, [
        (s) => (s === "" ? `A ${unit} cannot be empty.` : null),
        (s) => listItemProblem(s, unit, field.max),
      ]),
      { error: `Enter the ${inSentence(field.label)}, ${how}.` },
    )
    .superRefine((list, ctx) => {
      if (list.length < field.min) ctx.addIssue({ code: "custom", message: `Enter at least ${countOf(field.min, field.item)}, ${how}.` });
      if (list.length > field.maxItems)
        ctx.addIssue({
          code: "custom",
          message: `Enter at most ${countOf(field.maxItems, field.item)}, ${how}: there are ${list.length}.`,
        });
    });
  const read = (value: unknown) => {
    const list = typeof value === "string" ? splitItems(value, field.paragraphs) : value;
    return field.optional && Array.isArray(list) && list.length === 0 ? undefined : list;
  };
  return z.preprocess(read, field.optional ? items.optional() : items);
}

function numberSchema(field: NumberField) {
  const message = `Enter the ${inSentence(field.label)} as a number from ${field.min} to ${field.max}, like ${field.example}.`;
  const read = (value: unknown) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    return /^-?\d{1,4}(?:\.\d{1,10})?$/.test(text) ? Number(text) : undefined;
  };
  return z.preprocess(read, z.number({ error: message }).min(field.min, message).max(field.max, message));
}

const optionValues = (field: { options: readonly { value: string }[] }) => new Set(field.options.map((o) => o.value));

function checkboxesSchema(field: CheckboxesField) {
  const known = optionValues(field);
  const order = field.options.map((o) => o.value);
  return z
    .preprocess(
      (value) => (typeof value === "string" ? [value] : value),
      z.array(z.string(), { error: `Choose ${field.item.many} from the list.` }),
    )
    .superRefine((values, ctx) => {
      if (values.some((v) => !known.has(v)))
        return void ctx.addIssue({ code: "custom", message: `Choose ${field.item.many} from the list.` });
      if (new Set(values).size < field.min) ctx.addIssue({ code: "custom", message: `Choose at least ${countOf(field.min, field.item)}.` });
    })
    .transform((values) => order.filter((v) => values.includes(v)));
}

function choicesSchema(field: ChoicesField) {
  const known = optionValues(field);
  const labelOf = (value: string) => field.options.find((o) => o.value === value)?.label ?? value;
  return z.array(z.string(), { error: `Choose ${field.item.many} from the list.` }).superRefine((values, ctx) => {
    values.forEach((value, index) => {
      if (value === "") ctx.addIssue({ code: "custom", path: [index], message: `Choose ${withArticle(field.item)}, or remove this row.` });
      else if (!known.has(value))
        ctx.addIssue({ code: "custom", path: [index], message: `Choose ${withArticle(field.item)} from the list.` });
      else if (values.indexOf(value) < index)
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: `Choose each ${field.item.one} once: ${labelOf(value)} is already chosen.`,
        });
    });
    if (values.length < field.min) ctx.addIssue({ code: "custom", message: `Choose at least ${countOf(field.min, field.item)}.` });
    if (values.length > field.max)
      ctx.addIssue({ code: "custom", message: `Choose at most ${countOf(field.max, field.item)}: there are ${values.length}.` });
  });
}

function listSchema(field: ListField) {
  const uniqueLabel = field.fields.find((f) => f.name === field.unique)?.label ?? "";
  return z.array(schemaOfFields(field.fields), { error: `Add ${withArticle(field.item)}.` }).superRefine((rows, ctx) => {
    if (rows.length < field.min) ctx.addIssue({ code: "custom", message: `Add at least ${countOf(field.min, field.item)}.` });
    if (rows.length > field.max)
      ctx.addIssue({
        code: "custom",
        message: `There can be at most ${countOf(field.max, field.item)}: remove ${rows.length - field.max}.`,
      });
    if (!field.unique) return;
    const key = field.unique;
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const value = (row as Record<string, unknown> | undefined)?.[key];
      if (typeof value !== "string" || value === "") return;
      if (seen.has(value))
        ctx.addIssue({
          code: "custom",
          path: [index, key],
          message: `Each ${field.item.one} needs its own ${inSentence(uniqueLabel)}: “${value}” is used more than once.`,
        });
      seen.add(value);
    });
  });
}

/** The schema of one field's value. */
export function schemaOfField(field: Field): z.ZodType {
  const label = field.label;
  switch (field.kind) {
    case "text": {
      const text = checkedString(`Enter the ${inSentence(label)}.`, [
        (s) => (field.optional && s === "" ? null : lineProblem(s, label, field.max, field.min)),
        (s) => (field.format && s !== "" ? formatProblem(field.format, s) : null),
      ]);
      // Optional: left empty (or absent from stored data), the key is left out.
      return field.optional ? text.transform((s) => s || undefined).optional() : text;
    }
    case "textarea":
      return checkedString(`Enter the ${inSentence(label)}.`, [(s) => paragraphProblem(s, label, field.max, field.min)], lineEnds);
    case "markdown":
      return checkedString(`Enter the ${inSentence(label)}.`, [(s) => paragraphProblem(s, label, field.max)], lineEnds);
    case "lines":
      return linesSchema(field);
    case "phone":
      return z
        .preprocess(
          (value) => (value && typeof value === "object" && "display" in value ? value.display : value),
          z.string({ error: PHONE_MESSAGE }),
        )
        .transform((text, ctx) => {
          const phone = parsePhone(text);
          if (!phone) ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
          return phone ?? { display: "", e164: "" };
        });
    case "email":
      return checkedString(`Enter the ${inSentence(label)}.`, [required(label), emailProblem]);
    case "url":
      return checkedString(`Enter the ${inSentence(label)}.`, [required(label), urlProblem]);
    case "time":
      return checkedString(`Enter the ${inSentence(label)}.`, [(s) => timeProblem(s, label)]);
    case "date":
      return checkedString(`Enter the ${inSentence(label)}.`, [(s) => dateProblem(s, label)]);
    case "number":
      return numberSchema(field);
    case "select":
    case "hidden": {
      if (field.kind === "select" && field.optionsFrom) {
        const message = `Choose the ${inSentence(label)} from the list.`;
        return z.string({ error: message }).refine((value) => /^[a-z0-9][a-z0-9-]{0,39}$/.test(value), message);
      }
      const known = new Set(field.kind === "select" ? field.options.map((o) => o.value) : field.options);
      const message =
        field.kind === "select" ? `Choose the ${inSentence(label)} from the list.` : "This form is out of date: open the page again.";
      const value = z.string({ error: message }).refine((value) => known.has(value), message);
      // Optional: "None" (empty), or absent from stored data, leaves the key out.
      return field.kind === "select" && field.optional ? z.preprocess((v) => (v === "" ? undefined : v), value.optional()) : value;
    }
    case "checkbox": {
      const message = `Tick “${label}” or leave it empty.`;
      // The form posts `yes` or nothing; stored data holds a boolean (absent reads as unticked).
      const read = (v: unknown) => (v === CHECKED ? true : v === "" || v === undefined ? false : v);
      return z.preprocess(read, z.boolean({ error: message }));
    }
    case "checkboxes":
      return checkboxesSchema(field);
    case "choices":
      return choicesSchema(field);
    case "group":
      return schemaOfFields(field.fields);
    case "list":
      return listSchema(field);
  }
}

/** The schema of an object with these fields. */
export function schemaOfFields(fields: readonly Field[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, schemaOfField(field)])), { error: "This form is incomplete." });
}
