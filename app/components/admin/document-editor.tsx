import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useBlocker, useFetcher, useNavigation } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";
import {
  BODY_MAX,
  COLLECTION_KEYS,
  DOCUMENT_COLLECTION_LABELS,
  SLUG_MAX,
  SLUG_PATTERN_HTML,
  slugify,
  TITLE_MAX,
  viewerPath,
} from "~/docs/document-rules";
import type { DocumentValues, FieldErrors } from "~/docs/document-schema";
import type { EditorActionData, EditorDocument } from "~/docs/editor-types";
import { formatDateTime } from "~/docs/format";

/** How long typing pauses before the preview is refreshed. */
export const PREVIEW_DEBOUNCE_MS = 300;

// Field ids use underscores: ids of headings in the preview are made of [a-z0-9-] only, so they never clash.
const FIELD_ID = { title: "document_title", slug: "document_slug", collection: "document_collection", body: "document_body" } as const;

const input =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-navy-900 shadow-sm aria-[invalid=true]:border-red-700";
const primary = "inline-flex min-h-11 items-center justify-center rounded-md bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong disabled:opacity-70";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-navy-900 hover:bg-slate-100 disabled:opacity-70";
const danger =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-red-300 bg-white px-4 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70";

/** Compared the way the server stores them, so trailing spaces or line endings never count as changes. */
function normalised(v: DocumentValues): string {
  return JSON.stringify([v.title.trim(), v.slug.trim().toLowerCase(), v.collection, v.body.replace(/\r\n?/g, "\n")]);
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [error ? `${id}_error` : "", hint ? `${id}_hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      {children(describedBy)}
      {error && (
        <p id={`${id}_error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}_hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
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
  notice,
}: {
  document?: EditorDocument;
  initialPreview: string;
  actionData?: EditorActionData;
  notice?: string;
}) {
  const isNew = !document;
  const saved: DocumentValues = {
    title: document?.title ?? "",
    slug: document?.slug ?? "",
    collection: document?.collection ?? "docs",
    body: document?.body ?? "",
  };
  const echoed = actionData && "values" in actionData ? actionData.values : undefined;
  const errors: FieldErrors = actionData && "errors" in actionData ? actionData.errors : {};
  const failed = actionData && !("html" in actionData) && actionData.ok === false && !("confirm" in actionData) ? actionData : undefined;
  const succeeded = actionData && "ok" in actionData && actionData.ok ? actionData : undefined;

  const [values, setValues] = useState<DocumentValues>(() => echoed ?? saved);
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(() => {
    const start = echoed ?? saved;
    return isNew && (start.slug === "" || start.slug === slugify(start.title));
  });
  const dirty = normalised(values) !== normalised(saved);

  // Live preview: the server renders and sanitises; no Markdown library ships to the browser.
  const fetcher = useFetcher<EditorActionData>();
  const { submit: submitPreview } = fetcher;
  const [previewedBody, setPreviewedBody] = useState(values.body);
  useEffect(() => {
    if (values.body === previewedBody) return;
    const timer = setTimeout(() => {
      setPreviewedBody(values.body);
      void submitPreview({ intent: "preview", body: values.body }, { method: "post" });
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values.body, previewedBody, submitPreview]);
  const previewHtml =
    fetcher.data?.intent === "preview" && "html" in fetcher.data
      ? fetcher.data.html
      : actionData?.intent === "preview" && "html" in actionData
        ? actionData.html
        : initialPreview;
  const previewBusy = fetcher.state !== "idle" || values.body !== previewedBody;

  // Unsaved changes: ask before an in-app navigation away, and let the browser ask on close or reload.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const busy = pending !== "" && pending !== "preview";

  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData && actionData.intent !== "preview") messageRef.current?.focus();
  }, [actionData]);

  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const askedToConfirm = actionData?.intent === "delete" && "confirm" in actionData;

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
  const message = notice && !actionData ? { ok: true, text: notice } : succeeded ? { ok: true, text: succeeded.message } : failed ? { ok: false, text: failed.message } : null;

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{isNew ? "New document" : `Edit “${document.title}”`}</h1>
        <Link to="/admin/docs" className="text-sm font-semibold text-accent underline-offset-4 hover:underline">
          Back to the library
        </Link>
      </div>

      {message && (
        <div
          ref={messageRef}
          tabIndex={-1}
          role={message.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border p-3 text-sm font-semibold ${message.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          {message.text}
        </div>
      )}

      {askedToConfirm && document && (
        <div ref={messageRef} tabIndex={-1} role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">Delete “{document.title}”? This cannot be undone.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit" className={danger}>
                Delete permanently
              </button>
            </Form>
            <Link to={`/admin/docs/${document.id}`} className={secondary}>
              Keep it
            </Link>
          </div>
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Form method="post" id="document_form" className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" aria-label="Document">
          <Field id={FIELD_ID.title} label="Title" error={errors.title}>
            {(describedBy) => (
              <input
                id={FIELD_ID.title}
                name="title"
                type="text"
                required
                maxLength={TITLE_MAX}
                autoComplete="off"
                value={values.title}
                onChange={set("title")}
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={describedBy}
                className={input}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
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
              {(describedBy) => (
                <input
                  id={FIELD_ID.slug}
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
                  aria-invalid={errors.slug ? true : undefined}
                  aria-describedby={describedBy}
                  className={`${input} font-mono`}
                />
              )}
            </Field>
            <Field id={FIELD_ID.collection} label="Collection" error={errors.collection}>
              {(describedBy) => (
                <select
                  id={FIELD_ID.collection}
                  name="collection"
                  value={values.collection}
                  onChange={set("collection")}
                  aria-invalid={errors.collection ? true : undefined}
                  aria-describedby={describedBy}
                  className={input}
                >
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
            {(describedBy) => (
              <textarea
                id={FIELD_ID.body}
                name="body"
                rows={22}
                maxLength={BODY_MAX}
                spellCheck
                value={values.body}
                onChange={set("body")}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={describedBy}
                className={`${input} font-mono text-sm leading-6`}
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            {/* The first submit button is the form's default (Enter in a field): a save, never a publish. */}
            <button type="submit" name="intent" value="save" disabled={busy} className={primary}>
              {pending === "save" ? "Saving…" : isNew ? "Save draft" : "Save changes"}
            </button>
            {(isNew || !document.published) && (
              <button type="submit" name="intent" value="publish" disabled={busy} className={secondary}>
                {pending === "publish" ? "Publishing…" : "Save and publish"}
              </button>
            )}
            <button type="submit" name="intent" value="preview" disabled={busy} className={secondary}>
              Preview
            </button>
            <p className="text-sm text-slate-600" aria-live="polite">
              {dirty ? "Unsaved changes" : isNew ? "" : "All changes saved"}
            </p>
          </div>
        </Form>

        <section aria-labelledby="preview_heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="preview_heading" className="text-lg font-semibold">
              Preview
            </h2>
            <p className="text-xs text-slate-600" aria-hidden="true">
              {previewBusy ? "Updating…" : "Up to date"}
            </p>
          </div>
          {previewHtml ? (
            // The server's sanitised rendering (app/docs/markdown.server.ts), the same the readers get.
            <div
              className="prose-doc mt-3 max-h-[75vh] overflow-auto"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
              tabIndex={0}
              role="region"
              aria-label="Rendered document"
              data-testid="document-preview"
              dangerouslySetInnerHTML={{ __html: previewHtml }}
            />
          ) : (
            <p className="mt-3 text-sm text-slate-600" data-testid="document-preview">
              The rendered document appears here as you type.
            </p>
          )}
        </section>
      </div>

      {document && <DocumentStatus document={document} busy={busy} pending={pending} onDelete={() => setConfirmingDelete(true)} />}

      {document && (
        <ConfirmDialog
          open={confirmingDelete}
          title="Delete this document?"
          onCancel={() => setConfirmingDelete(false)}
          actions={
            <Form method="post" onSubmit={() => setConfirmingDelete(false)}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit" className="min-h-10 rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800">
                Delete permanently
              </button>
            </Form>
          }
        >
          “{document.title}” will be removed from the library{viewerPath(document.collection, document.slug) ? " and from its reading address" : ""}. This cannot be undone.
        </ConfirmDialog>
      )}

      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        cancelLabel="Stay and keep editing"
        onCancel={() => blocker.reset?.()}
        actions={
          <button type="button" onClick={() => blocker.proceed?.()} className="min-h-10 rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800">
            Leave and discard changes
          </button>
        }
      >
        This document has changes that are not saved. They will be lost if you leave.
      </ConfirmDialog>
    </>
  );
}

/** Status, dates, where readers find it, unpublish, delete. */
function DocumentStatus({ document, busy, pending, onDelete }: { document: EditorDocument; busy: boolean; pending: string; onDelete: () => void }) {
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
            <button type="submit" disabled={busy} className={secondary}>
              {pending === "unpublish" ? "Unpublishing…" : "Unpublish"}
            </button>
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
          <button type="submit" disabled={busy} className={danger}>
            Delete…
          </button>
        </Form>
      </div>
    </section>
  );
}
