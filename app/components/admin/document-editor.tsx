import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ActionMessage } from "./action-message";
import { ConfirmedDeleteForm, DeleteStep } from "./confirm-delete";
import { ConfirmDialog } from "./confirm-dialog";
import { MarkdownPreview } from "./markdown-preview";
import { useDocumentPreview } from "./use-document-preview";
import { useUnsavedChanges } from "./use-unsaved-changes";
import { Field } from "~/components/forms/field";
import { useTypedBeforeHydration } from "~/components/forms/use-typed-before-hydration";
import { Button } from "~/components/ui/button";
import { BODY_MAX, COLLECTION_KEYS, DOCUMENT_COLLECTION_LABELS, TITLE_MAX, viewerPath } from "~/docs/document-rules";
import { SLUG_MAX, SLUG_PATTERN_HTML, slugify } from "~/lib/slug";
import type { DocumentValues, DocumentFieldErrors } from "~/docs/document-schema";
import type { DocumentEditorActionData, EditorDocument } from "~/docs/editor-types";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/format-date";

// Field ids use underscores: ids of headings in the preview are made of [a-z0-9-] only, so they never clash.
const FIELD_ID = { title: "document_title", slug: "document_slug", collection: "document_collection", body: "document_body" } as const;

/** Compared the way the server stores them, so trailing spaces or line endings never count as changes. */
function normalised(v: DocumentValues): string {
  return JSON.stringify([v.title.trim(), v.slug.trim().toLowerCase(), v.collection, v.body.replace(/\r\n?/g, "\n")]);
}

/**
 * The Markdown editor of /admin/docs/new and /admin/docs/:id: fields, a live preview rendered by
 * the server (the route's action, intent=preview), save and publish, and a guard against leaving
 * with unsaved changes. Without JavaScript every button is a plain form submission.
 */
export function DocumentEditor({
  document,
  initialPreview,
  actionData,
}: {
  document?: EditorDocument;
  initialPreview: string;
  actionData?: DocumentEditorActionData;
}) {
  const isNew = !document;
  const saved: DocumentValues = {
    title: document?.title ?? "",
    slug: document?.slug ?? "",
    collection: document?.collection ?? "docs",
    body: document?.body ?? "",
  };
  const typed = actionData?.intent === "preview" || actionData?.ok === false ? actionData.values : undefined;
  const echoed: DocumentValues | undefined = typed && {
    title: typed.title ?? saved.title,
    slug: typed.slug ?? saved.slug,
    collection: typed.collection ?? saved.collection,
    body: typed.body ?? saved.body,
  };
  const errors: DocumentFieldErrors = (actionData?.ok === false && actionData.fieldErrors) || {};

  const [values, setValues] = useState<DocumentValues>(() => echoed ?? saved);
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => {
    const start = echoed ?? saved;
    return isNew && (start.slug === "" || start.slug === slugify(start.title));
  });
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, setValues);
  const dirty = normalised(values) !== normalised(saved);

  const preview = useDocumentPreview(values.body, initialPreview, actionData);
  const blocker = useUnsavedChanges(dirty);

  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const busy = pending !== "" && pending !== "preview";

  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const set = (field: keyof DocumentValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === "title" && slugFollowsTitle) next.slug = slugify(value);
      return next;
    });
    if (field === "slug") setSlugFollowsTitle(value === "");
  };

  const address = viewerPath(values.collection, values.slug.trim() || "<slug>");
  // The answer of a save, unpublish or delete (a preview says nothing).
  const result = actionData?.intent === "preview" ? undefined : actionData;

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{isNew ? "New document" : `Edit “${document.title}”`}</h1>
        <Link to="/admin/docs" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          Back to the library
        </Link>
      </div>

      {result && result.ok !== "confirm" && <ActionMessage result={result} />}

      {result?.ok === "confirm" && document && (
        <DeleteStep
          question={`Delete “${document.title}”? This cannot be undone.`}
          cancelTo={`/admin/docs/${document.id}`}
          cancelLabel="Keep it"
        />
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form
          method="post"
          ref={form}
          id="document_form"
          className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
          aria-label="Document"
        >
          <Field id={FIELD_ID.title} label="Title" error={errors.title}>
            {(field) => (
              <input
                {...field}
                name="title"
                type="text"
                required
                maxLength={TITLE_MAX}
                autoComplete="off"
                value={values.title}
                onChange={set("title")}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-[1fr_12rem] sm:items-end">
            <Field
              id={FIELD_ID.slug}
              label="Slug"
              error={errors.slug}
              hint={
                <>
                  Lowercase letters, digits and single hyphens.{" "}
                  {address ? (
                    <>
                      Readers open it at <code className="break-all">{address}</code> once published.
                    </>
                  ) : (
                    "Staff docs are read here in the library."
                  )}
                  {isNew && " Left empty, it is made from the title."}
                </>
              }
            >
              {(field) => (
                <input
                  {...field}
                  name="slug"
                  type="text"
                  maxLength={SLUG_MAX}
                  pattern={SLUG_PATTERN_HTML}
                  required={!isNew}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={values.slug}
                  onChange={set("slug")}
                  className={cn(field.className, "font-mono")}
                />
              )}
            </Field>
            <Field id={FIELD_ID.collection} label="Collection" error={errors.collection}>
              {(field) => (
                <select {...field} name="collection" value={values.collection} onChange={set("collection")}>
                  {COLLECTION_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {DOCUMENT_COLLECTION_LABELS[key]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field
            id={FIELD_ID.body}
            label="Body (Markdown)"
            error={errors.body}
            hint="Headings (#), lists, links, tables, code blocks and images by URL. Scripts and unsafe links are removed when the document is shown."
          >
            {(field) => (
              <textarea
                {...field}
                name="body"
                rows={22}
                maxLength={BODY_MAX}
                spellCheck
                value={values.body}
                onChange={set("body")}
                className={cn(field.className, "font-mono leading-6")}
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            {/* The first submit button is the form's default (Enter in a field): a save, never a publish. */}
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {pending === "save" ? "Saving…" : isNew ? "Save draft" : "Save changes"}
            </Button>
            {(isNew || !document.published) && (
              <Button type="submit" name="intent" value="publish" disabled={busy} variant="secondary">
                {pending === "publish" ? "Publishing…" : "Save and publish"}
              </Button>
            )}
            <Button type="submit" name="intent" value="preview" disabled={busy} variant="secondary">
              Preview
            </Button>
            <p className="text-sm text-slate-600" aria-live="polite">
              {dirty ? "Unsaved changes" : isNew ? "" : "All changes saved"}
            </p>
          </div>
        </Form>

        <MarkdownPreview html={preview.html} error={preview.error} busy={preview.busy} what="document" />
      </div>

      {document && <DocumentStatus document={document} busy={busy} pending={pending} onDelete={() => setConfirmingDelete(true)} />}

      {document && (
        <ConfirmDialog
          open={confirmingDelete}
          title="Delete this document?"
          onCancel={() => setConfirmingDelete(false)}
          actions={<ConfirmedDeleteForm onSubmit={() => setConfirmingDelete(false)} />}
        >
          “{document.title}” will be removed from the library
          {viewerPath(document.collection, document.slug) ? " and from its reading address" : ""}. This cannot be undone.
        </ConfirmDialog>
      )}

      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        cancelLabel="Stay and keep editing"
        onCancel={() => blocker.reset?.()}
        actions={
          <Button type="button" variant="danger" onClick={() => blocker.proceed?.()}>
            Leave and discard changes
          </Button>
        }
      >
        This document has changes that are not saved. They will be lost if you leave.
      </ConfirmDialog>
    </>
  );
}

/** Status, dates, where readers find it, unpublish, delete. */
function DocumentStatus({
  document,
  busy,
  pending,
  onDelete,
}: {
  document: EditorDocument;
  busy: boolean;
  pending: string;
  onDelete: () => void;
}) {
  const address = document.published ? viewerPath(document.collection, document.slug) : null;
  return (
    <section aria-labelledby="status_heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="status_heading" className="text-lg font-semibold">
        Status
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-navy-900">State</dt>
        <dd>
          {document.published ? "Published" : "Draft (only administrators see it)"}
          {address && (
            <>
              {" · "}
              <Link to={address} className="font-semibold text-accent underline underline-offset-4">
                Open {address}
              </Link>
            </>
          )}
        </dd>
        <dt className="font-semibold text-navy-900">Author</dt>
        <dd>{document.author ?? "Unknown (account removed)"}</dd>
        <dt className="font-semibold text-navy-900">Created</dt>
        <dd>{formatDateTime(document.createdAt)}</dd>
        <dt className="font-semibold text-navy-900">Last updated</dt>
        <dd>{formatDateTime(document.updatedAt)}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        {document.published && (
          <Form method="post">
            <input type="hidden" name="intent" value="unpublish" />
            <Button type="submit" disabled={busy} variant="secondary">
              {pending === "unpublish" ? "Unpublishing…" : "Unpublish"}
            </Button>
          </Form>
        )}
        <Form
          method="post"
          onSubmit={(event) => {
            // With JavaScript, confirm in a dialog; without it, the server asks on a confirmation step.
            event.preventDefault();
            onDelete();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" disabled={busy} variant="danger-outline">
            Delete…
          </Button>
        </Form>
      </div>
    </section>
  );
}
