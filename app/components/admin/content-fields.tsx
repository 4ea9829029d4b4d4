import { useState, type ReactNode } from "react";

import { ErrorText, Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  CHECKED,
  listIntentValue,
  type CheckboxesField,
  type CheckboxField,
  type ChoicesField,
  type DynamicOptions,
  type FieldValue,
  type FormValues,
  type GroupField,
  type ListField,
  type Field as StudioField,
  type StudioFieldErrors,
} from "~/studio/field-types";
import { rowName, withArticle } from "~/studio/nouns";
import { PHONE_MAX } from "~/studio/phone";
import { EMAIL_MAX, inSentence, URL_MAX } from "~/studio/text-rules";

import { MarkdownFieldPreview } from "./markdown-field-preview";

interface Shared {
  errors: StudioFieldErrors;
  /** Options of selects that come from other content (the offices). */
  dynamicOptions: DynamicOptions;
  /** What to focus as the form appears (after a list button): a field's path or a button's intent value. */
  focus?: string;
  idPrefix: string;
}

const idOf = (shared: Shared, path: string) => `${shared.idPrefix}-${path.replace(/\./g, "-")}`;
const join = (path: string, name: string | number) => (path ? `${path}.${name}` : String(name));
const asString = (value: FieldValue | undefined) => (typeof value === "string" ? value : "");
const asStrings = (value: FieldValue | undefined) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const asRows = (value: FieldValue | undefined) =>
  Array.isArray(value) ? value.filter((v): v is FormValues => typeof v === "object" && v !== null && !Array.isArray(v)) : [];
const asGroup = (value: FieldValue | undefined): FormValues =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as FormValues) : {};

const fieldsetClass = "min-w-0 space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5";
const rowClass = "min-w-0 space-y-5 rounded-md border border-slate-200 bg-slate-50 p-4";
const legendClass = "px-1 font-semibold text-navy-900";

/** A fieldset's legend, hint and error, tied to it by aria-describedby (as Field ties a control's). */
function Fieldset({
  id,
  legend,
  hint,
  error,
  focusError,
  className,
  children,
}: {
  id: string;
  legend: ReactNode;
  hint?: string;
  error?: string;
  focusError?: boolean;
  className: string;
  children: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset id={id} aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined} className={className}>
      <legend className={legendClass}>{legend}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error &&
        (focusError ? (
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the list's refusal, after its own button was pressed (WCAG 3.3.1)
          <div tabIndex={-1} autoFocus>
            <ErrorText id={errorId} text={error} className="text-sm font-medium text-red-800" />
          </div>
        ) : (
          <ErrorText id={errorId} text={error} className="text-sm font-medium text-red-800" />
        ))}
      {children}
    </fieldset>
  );
}

const optionalMark = <span className="font-normal text-slate-600"> (optional)</span>;

/** A list button: it posts the form with its intent; the form comes back changed, unsaved. */
function ListButton({ value, focus, children }: { value: string; focus?: string; children: ReactNode }) {
  return (
    <Button
      type="submit"
      name="intent"
      value={value}
      variant="secondary"
      size="sm"
      formNoValidate
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the button pressed, or the next one, after the form came back (no JavaScript needed)
      autoFocus={focus === value}
    >
      {children}
    </Button>
  );
}

/** A row's Move up and Remove buttons; each names its row for screen readers ("Remove FAQ 3"). */
function RowButtons({
  field,
  list,
  index,
  count,
  focus,
}: {
  field: ListField | ChoicesField;
  list: string;
  index: number;
  count: number;
  focus?: string;
}) {
  const name = rowName(field.item, index);
  if (index === 0 && count <= field.min) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {index > 0 && (
        <ListButton value={listIntentValue("moveUp", list, index)} focus={focus}>
          Move up <span className="sr-only">{name}</span>
        </ListButton>
      )}
      {count > field.min && (
        <ListButton value={listIntentValue("remove", list, index)} focus={focus}>
          Remove <span className="sr-only">{name}</span>
        </ListButton>
      )}
    </div>
  );
}

function AddButton({ field, path, count, focus }: { field: ListField | ChoicesField; path: string; count: number; focus?: string }) {
  if (count >= field.max) return null;
  return (
    <ListButton value={listIntentValue("add", path)} focus={focus}>
      Add {withArticle(field.item)}
    </ListButton>
  );
}

function ListFields({ field, path, value, shared }: { field: ListField; path: string; value: FieldValue | undefined; shared: Shared }) {
  const rows = asRows(value);
  const id = idOf(shared, path);
  return (
    <Fieldset
      id={id}
      legend={
        <>
          {field.label}
          {field.min === 0 && optionalMark}
        </>
      }
      hint={field.hint}
      error={shared.errors[path]}
      focusError={shared.focus === path}
      className={fieldsetClass}
    >
      {rows.map((row, index) => {
        const rowPath = join(path, index);
        return (
          <Fieldset
            key={rowPath}
            id={idOf(shared, rowPath)}
            legend={rowName(field.item, index)}
            error={shared.errors[rowPath]}
            className={rowClass}
          >
            <Fields fields={field.fields} values={row} path={rowPath} shared={shared} />
            <RowButtons field={field} list={path} index={index} count={rows.length} focus={shared.focus} />
          </Fieldset>
        );
      })}
      <AddButton field={field} path={path} count={rows.length} focus={shared.focus} />
    </Fieldset>
  );
}

function ChoiceFields({
  field,
  path,
  value,
  shared,
}: {
  field: ChoicesField;
  path: string;
  value: FieldValue | undefined;
  shared: Shared;
}) {
  const chosen = asStrings(value);
  return (
    <Fieldset
      id={idOf(shared, path)}
      legend={
        <>
          {field.label}
          {field.min === 0 && optionalMark}
        </>
      }
      hint={field.hint}
      error={shared.errors[path]}
      focusError={shared.focus === path}
      className={fieldsetClass}
    >
      {chosen.map((current, index) => {
        const rowPath = join(path, index);
        return (
          <div key={rowPath} className="flex flex-wrap items-end gap-x-3 gap-y-2">
            <Field id={idOf(shared, rowPath)} label={rowName(field.item, index)} error={shared.errors[rowPath]} className="min-w-60 flex-1">
              {(control) => (
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the row added or moved, after the form came back (no JavaScript needed)
                <select {...control} name={rowPath} defaultValue={current} required autoFocus={shared.focus === rowPath}>
                  <option value="">Choose {withArticle(field.item)}</option>
                  {field.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <RowButtons field={field} list={path} index={index} count={chosen.length} focus={shared.focus} />
          </div>
        );
      })}
      <AddButton field={field} path={path} count={chosen.length} focus={shared.focus} />
    </Fieldset>
  );
}

function Checkboxes({
  field,
  path,
  value,
  shared,
}: {
  field: CheckboxesField;
  path: string;
  value: FieldValue | undefined;
  shared: Shared;
}) {
  const checked = new Set(asStrings(value));
  const id = idOf(shared, path);
  const error = shared.errors[path];
  return (
    <Fieldset
      id={id}
      legend={
        <>
          {field.label}
          {field.min === 0 && optionalMark}
        </>
      }
      hint={field.hint}
      error={error}
      className="min-w-0 space-y-3"
    >
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {field.options.map((option, index) => (
          <label key={option.value} htmlFor={`${id}-${index}`} className="inline-flex min-h-6 items-center gap-2 text-navy-900">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              name={path}
              value={option.value}
              defaultChecked={checked.has(option.value)}
              aria-invalid={error ? true : undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the first box, when a list button asked for this field
              autoFocus={index === 0 && shared.focus === path}
              className="size-4"
            />
            {option.label}
          </label>
        ))}
      </div>
    </Fieldset>
  );
}

function GroupFields({ field, path, value, shared }: { field: GroupField; path: string; value: FieldValue | undefined; shared: Shared }) {
  return (
    <Fieldset id={idOf(shared, path)} legend={field.label} hint={field.hint} error={shared.errors[path]} className={fieldsetClass}>
      <Fields fields={field.fields} values={asGroup(value)} path={path} shared={shared} />
    </Fieldset>
  );
}

/** One box to tick, its label beside it; its hint and error under it, tied by aria-describedby. */
function CheckboxControl({
  field,
  path,
  value,
  shared,
}: {
  field: CheckboxField;
  path: string;
  value: FieldValue | undefined;
  shared: Shared;
}) {
  const id = idOf(shared, path);
  const error = shared.errors[path];
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex min-h-6 items-center gap-2">
        <input
          id={id}
          type="checkbox"
          name={path}
          value={CHECKED}
          defaultChecked={asString(value) === CHECKED}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the box, when a list button asked for this field
          autoFocus={shared.focus === path}
          className="size-4"
        />
        <label htmlFor={id} className="font-medium text-navy-900">
          {field.label}
        </label>
      </div>
      {field.hint && (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {field.hint}
        </p>
      )}
      {error && <ErrorText id={errorId} text={error} className="mt-1.5 text-sm font-medium text-red-800" />}
    </div>
  );
}

/** A field of one control: a labelled input, select or textarea (Field: label, hint, error, aria). */
function ControlField({ field, path, value, shared }: { field: StudioField; path: string; value: FieldValue | undefined; shared: Shared }) {
  const text = asString(value);
  const optional =
    (field.kind === "lines" && (field.optional || field.min === 0)) ||
    ((field.kind === "text" || field.kind === "select") && field.optional === true);
  const autoFocus = shared.focus === path;
  return (
    <Field id={idOf(shared, path)} label={field.label} hint={field.hint} error={shared.errors[path]} optional={optional}>
      {(control) => {
        // autoFocus: the first field of a row just added or moved, after the form came back (no JavaScript needed).
        const common = { ...control, name: path, defaultValue: text, autoFocus, required: !optional };
        switch (field.kind) {
          case "textarea":
            return <textarea {...common} rows={field.rows ?? 4} maxLength={field.max} />;
          case "markdown":
            return (
              <>
                <textarea
                  {...common}
                  rows={field.rows ?? 12}
                  maxLength={field.max}
                  spellCheck
                  className={cn(common.className, "font-mono leading-6")}
                />
                <MarkdownFieldPreview controlId={common.id} label={field.label} />
              </>
            );
          case "lines":
            return <textarea {...common} rows={field.rows ?? Math.max(4, Math.min(12, text.split("\n").length + 1))} />;
          case "select":
            return (
              <select {...common}>
                <option value="">{field.optional ? "None" : `Choose the ${inSentence(field.label)}`}</option>
                {(field.optionsFrom ? (shared.dynamicOptions[field.optionsFrom] ?? []) : field.options).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          case "phone":
            return <input {...common} type="tel" inputMode="tel" autoComplete="off" maxLength={PHONE_MAX} />;
          case "email":
            return <input {...common} type="email" inputMode="email" autoComplete="off" maxLength={EMAIL_MAX} />;
          case "url":
            return <input {...common} type="url" inputMode="url" autoComplete="off" maxLength={URL_MAX} />;
          case "time":
            return <input {...common} type="time" />;
          case "date":
            return <input {...common} type="date" />;
          case "number":
            return <input {...common} type="text" inputMode="decimal" autoComplete="off" maxLength={20} />;
          default:
            return <input {...common} type="text" autoComplete="off" maxLength={field.kind === "text" ? field.max : undefined} />;
        }
      }}
    </Field>
  );
}

function Fields({ fields, values, path, shared }: { fields: readonly StudioField[]; values: FormValues; path: string; shared: Shared }) {
  return fields.map((field) => {
    const at = join(path, field.name);
    const value = values[field.name];
    switch (field.kind) {
      case "hidden":
        return <input key={at} type="hidden" name={at} value={asString(value)} />;
      case "group":
        return <GroupFields key={at} field={field} path={at} value={value} shared={shared} />;
      case "list":
        return <ListFields key={at} field={field} path={at} value={value} shared={shared} />;
      case "choices":
        return <ChoiceFields key={at} field={field} path={at} value={value} shared={shared} />;
      case "checkboxes":
        return <Checkboxes key={at} field={field} path={at} value={value} shared={shared} />;
      case "checkbox":
        return <CheckboxControl key={at} field={field} path={at} value={value} shared={shared} />;
      default:
        return <ControlField key={at} field={field} path={at} value={value} shared={shared} />;
    }
  });
}

/**
 * The fields of a content studio item (app/studio): its field descriptors rendered with their
 * values and errors, for a form the route renders around them. Without JavaScript everything
 * works: lists are changed by submit buttons (`intent` = `add:<list>`, `remove:<list>.<row>`,
 * `moveUp:<list>.<row>`) whose answer (app/studio/item-form.ts) shows the form again, changed
 * and unsaved. Controls are uncontrolled (what was typed is posted as is); other `values` (the
 * next answer) render them afresh, focusing `focus`.
 *
 * `defaultIntent`: the intent of a form sent with Enter in a field. Enter presses a form's first
 * submit button, which would otherwise be a list's Remove or Add; with it, a hidden button with
 * this intent comes first.
 */
export function ContentFields({
  fields,
  values,
  errors = {},
  focus,
  idPrefix = "item",
  defaultIntent,
  dynamicOptions = {},
}: {
  fields: readonly StudioField[];
  values: FormValues;
  errors?: StudioFieldErrors;
  focus?: string;
  /** Makes the ids unique on the page: `<idPrefix>-faqs-2-question`. */
  idPrefix?: string;
  defaultIntent?: string;
  dynamicOptions?: DynamicOptions;
}) {
  // Uncontrolled controls keep what they show: other values (the next answer) render a new set,
  // compared by content so that a parent that rebuilds the same values does not wipe what is typed.
  const serial = JSON.stringify([values, focus ?? null]);
  const [shown, setShown] = useState({ serial, version: 0 });
  if (shown.serial !== serial) setShown({ serial, version: shown.version + 1 });
  return (
    <div key={shown.version} className="space-y-6">
      {defaultIntent && (
        <button type="submit" name="intent" value={defaultIntent} hidden>
          Save
        </button>
      )}
      <Fields fields={fields} values={values} path="" shared={{ errors, focus, idPrefix, dynamicOptions }} />
    </div>
  );
}
