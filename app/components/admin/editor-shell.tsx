import { useRef, useState, type ReactNode } from "react";
import { Form, isRouteErrorResponse, Link, useNavigation, useRouteError, type ShouldRevalidateFunction } from "react-router";

import { ActionMessage } from "~/components/feedback/action-message";
import type { FieldProps } from "~/components/forms/field";
import { useTypedBeforeHydration } from "~/components/forms/use-typed-before-hydration";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { SLUG_MAX, SLUG_PATTERN_HTML, slugify } from "~/lib/slug";
import type { EditorResult } from "~/markdown/editor-types";

import { ConfirmedDeleteForm, DeleteStep } from "./confirm-delete";
import { ConfirmDialog, UnsavedChangesDialog } from "./confirm-dialog";
import { MarkdownPreview } from "./markdown-preview";
import { useDocumentPreview } from "./use-document-preview";
import { useUnsavedChanges } from "./use-unsaved-changes";

/** What every Markdown editor edits; each adds its own fields. */
export type EditorValues = { title: string; slug: string; body: string };

type ChangeEvent = React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/** The saved values, with what the server sent back (a preview or a refused save) in their place. */
function withEchoed<V extends EditorValues>(saved: V, echoed: Partial<Record<string, string>> | undefined): V {
  if (!echoed) return saved;
  const merged = { ...saved };
  for (const key of Object.keys(saved) as (keyof V & string)[]) {
    const value = echoed[key];
    if (value !== undefined && value !== null) merged[key] = value as V[typeof key];
  }
  return merged;
}

/**
 * The state of a Markdown editor (documents, blog posts): the values being edited (what the
 * server sent back first, then what was typed before hydration), the slug made from the title
 * on a new item until the slug is typed, unsaved changes, the live preview, the submission on
 * its way and the answer of the last one.
 */
export function useMarkdownEditor<V extends EditorValues>({
  saved,
  isNew,
  normalised,
  initialPreview,
  actionData,
}: {
  saved: V;
  isNew: boolean;
  /** The values as the server stores them, so trailing spaces or line endings never count as changes. */
  normalised: (values: V) => string;
  initialPreview: string;
  actionData?: EditorResult<string, string, Partial<V>>;
}) {
  const echoed =
    actionData && (actionData.intent === "preview" || actionData.ok === false) && "values" in actionData ? actionData.values : undefined;
  const errors: FieldErrors<Extract<keyof V, string>> = (actionData?.ok === false && actionData.fieldErrors) || {};
  const [values, setValues] = useState<V>(() => withEchoed(saved, echoed));
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => isNew && (values.slug === "" || values.slug === slugify(values.title)));
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, setValues);
  const dirty = normalised(values) !== normalised(saved);
  const preview = useDocumentPreview(values.body, initialPreview, actionData);
  const blocker = useUnsavedChanges(dirty);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const busy = pending !== "" && pending !== "preview";

  const set = (field: keyof V) => (event: ChangeEvent) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value, ...(field === "title" && slugFollowsTitle ? { slug: slugify(value) } : {}) }));
    if (field === "slug") setSlugFollowsTitle(value === "");
  };
  // The answer of a save, unpublish or delete (a preview says nothing).
  const result = actionData?.intent === "preview" ? undefined : actionData;
  return { isNew, values, set, errors, formRef, dirty, preview, blocker, pending, busy, result };
}

export type MarkdownEditorState = ReturnType<typeof useMarkdownEditor<EditorValues>>;

/** What a `Field` gives its control. */
type ControlProps = Parameters<FieldProps["children"]>[0];

/** The slug's input, typed as it is used in the address: no capitals, no spelling fixes. */
export function SlugInput({
  control,
  required,
  value,
  onChange,
}: {
  control: ControlProps;
  required: boolean;
  value: string;
  onChange: (event: ChangeEvent) => void;
}) {
  return (
    <input
      {...control}
      name="slug"
      type="text"
      maxLength={SLUG_MAX}
      pattern={SLUG_PATTERN_HTML}
      required={required}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={onChange}
      className={cn(control.className, "font-mono")}
    />
  );
}

/** The Markdown body's text area. */
export function MarkdownBodyInput({
  control,
  rows,
  maxLength,
  value,
  onChange,
}: {
  control: ControlProps;
  rows: number;
  maxLength: number;
  value: string;
  onChange: (event: ChangeEvent) => void;
}) {
  return (
    <textarea
      {...control}
      name="body"
      rows={rows}
      maxLength={maxLength}
      spellCheck
      value={value}
      onChange={onChange}
      className={cn(control.className, "font-mono leading-6")}
    />
  );
}

/**
 * What the Markdown editors (/admin/docs/new and :id, /admin/blog/new and :id) have in common:
 * the heading and the way back, the action's message (or, without JavaScript, the step that
 * confirms a deletion), the form with its save and preview buttons, the live preview rendered by
 * the server (intent=preview), the status panel with unpublish and delete, and the dialogs that
 * confirm a deletion and leaving with unsaved changes. Each editor brings its own fields, its
 * publication buttons and its status lines. Without JavaScript every button is a plain form
 * submission.
 */
export function EditorShell({
  editor,
  what,
  listPath,
  backLabel,
  item,
  fields,
  publishButtons,
  status,
  deleteMessage,
}: {
  editor: MarkdownEditorState;
  what: "document" | "post";
  /** The list this editor belongs to (/admin/docs); the item's own page is below it. */
  listPath: string;
  backLabel: string;
  /** The item being edited; none on the new item's page. */
  item?: { id: string; title: string };
  fields: ReactNode;
  /** Between "Save" and "Preview": the editor's own publication buttons. */
  publishButtons: ReactNode;
  /** The status panel's lines (dt and dd), and the label of its unpublish button when it has one. */
  status?: { details: ReactNode; unpublishLabel?: string };
  /** What the delete dialog says will happen. */
  deleteMessage?: ReactNode;
}) {
  const { isNew, result, pending, busy, dirty, preview, blocker, formRef } = editor;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const Label = what === "document" ? "Document" : "Post";

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{item ? `Edit “${item.title}”` : `New ${what}`}</h1>
        <Link to={listPath} className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          {backLabel}
        </Link>
      </div>

      {result && result.ok !== "confirm" && <ActionMessage result={result} />}

      {result?.ok === "confirm" && item && (
        <DeleteStep question={`Delete “${item.title}”? This cannot be undone.`} cancelTo={`${listPath}/${item.id}`} cancelLabel="Keep it" />
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form
          method="post"
          ref={formRef}
          id={`${what}_form`}
          className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
          aria-label={Label}
        >
          {fields}
          <div className="flex flex-wrap items-center gap-3">
            {/* The first submit button is the form's default (Enter in a field): a save, never a publish. */}
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {pending === "save" ? "Saving…" : isNew ? "Save draft" : "Save changes"}
            </Button>
            {publishButtons}
            <Button type="submit" name="intent" value="preview" disabled={busy} variant="secondary">
              Preview
            </Button>
            <p className="text-sm text-slate-600" aria-live="polite">
              {dirty ? "Unsaved changes" : isNew ? "" : "All changes saved"}
            </p>
          </div>
        </Form>

        <MarkdownPreview html={preview.html} error={preview.error} busy={preview.busy} what={what} />
      </div>

      {item && status && (
        <section aria-labelledby="status_heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="status_heading" className="text-lg font-semibold">
            Status
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">{status.details}</dl>
          <div className="mt-4 flex flex-wrap gap-3">
            {status.unpublishLabel && (
              <Form method="post">
                <input type="hidden" name="intent" value="unpublish" />
                <Button type="submit" disabled={busy} variant="secondary">
                  {pending === "unpublish" ? "Unpublishing…" : status.unpublishLabel}
                </Button>
              </Form>
            )}
            <Form
              method="post"
              onSubmit={(event) => {
                // With JavaScript, confirm in a dialog; without it, the server asks on a confirmation step.
                event.preventDefault();
                setConfirmingDelete(true);
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" disabled={busy} variant="danger-outline">
                Delete…
              </Button>
            </Form>
          </div>
        </section>
      )}

      {item && (
        <ConfirmDialog
          open={confirmingDelete}
          title={`Delete this ${what}?`}
          onCancel={() => setConfirmingDelete(false)}
          actions={<ConfirmedDeleteForm onSubmit={() => setConfirmingDelete(false)} />}
        >
          {deleteMessage}
        </ConfirmDialog>
      )}

      <UnsavedChangesDialog blocker={blocker} what={what} />
    </>
  );
}

/** An editor's shouldRevalidate: a preview writes nothing, so the page's data need not be reloaded. */
export const previewKeepsData: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

/**
 * An item editor's error boundary: an unknown or deleted item is said inside the admin area, with
 * the way back; any other error goes on up to the layout's.
 */
const NOT_FOUND = {
  document: { title: "Document not found", text: "There is no document at this address. It may have been deleted." },
  post: { title: "Post not found", text: "There is no post at this address. It may have been deleted." },
  content: { title: "Content not found", text: "There is no editable item at this address." },
} as const;

export function ItemNotFound({ what, listPath, backLabel }: { what: keyof typeof NOT_FOUND; listPath: string; backLabel: string }) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight">{NOT_FOUND[what].title}</h1>
      <p className="mt-2 text-slate-700">{NOT_FOUND[what].text}</p>
      <Link to={listPath} className="mt-4 inline-block font-semibold text-accent underline underline-offset-4">
        {backLabel}
      </Link>
    </section>
  );
}
