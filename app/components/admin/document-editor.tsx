import { Link } from "react-router";

import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { BODY_MAX, COLLECTION_KEYS, DOCUMENT_COLLECTION_LABELS, TITLE_MAX, viewerPath } from "~/docs/document-rules";
import type { DocumentValues } from "~/docs/document-schema";
import type { DocumentEditorResult, EditorDocument } from "~/docs/editor-types";
import { formatDateTime } from "~/lib/format-date";

import { EditorShell, MarkdownBodyInput, SlugInput, useMarkdownEditor } from "./editor-shell";

// Field ids use underscores: ids of headings in the preview are made of [a-z0-9-] only, so they never clash.
const FIELD_ID = { title: "document_title", slug: "document_slug", collection: "document_collection", body: "document_body" } as const;

/** Compared the way the server stores them, so trailing spaces or line endings never count as changes. */
function normalised(v: DocumentValues): string {
  return JSON.stringify([v.title.trim(), v.slug.trim().toLowerCase(), v.collection, v.body.replace(/\r\n?/g, "\n")]);
}

/**
 * The Markdown editor of /admin/docs/new and /admin/docs/:id: a document's fields, its publication
 * and status in the editor shell (editor-shell.tsx: live preview, save, unsaved-changes guard, delete).
 */
export function DocumentEditor({
  document,
  initialPreview,
  actionData,
}: {
  document?: EditorDocument;
  initialPreview: string;
  actionData?: DocumentEditorResult;
}) {
  const isNew = !document;
  const saved: DocumentValues = {
    title: document?.title ?? "",
    slug: document?.slug ?? "",
    collection: document?.collection ?? "docs",
    body: document?.body ?? "",
  };
  const editor = useMarkdownEditor({ saved, isNew, normalised, initialPreview, actionData });
  const { values, set, errors, pending, busy } = editor;
  const address = viewerPath(values.collection, values.slug.trim() || "<slug>");
  const publishedAt = document?.published ? viewerPath(document.collection, document.slug) : null;

  return (
    <EditorShell
      editor={editor}
      what="document"
      listPath="/admin/docs"
      backLabel="Back to the library"
      item={document}
      fields={
        <>
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
              {(field) => <SlugInput control={field} required={!isNew} value={values.slug} onChange={set("slug")} />}
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
            {(field) => <MarkdownBodyInput control={field} rows={22} maxLength={BODY_MAX} value={values.body} onChange={set("body")} />}
          </Field>
        </>
      }
      publishButtons={
        (isNew || !document.published) && (
          <Button type="submit" name="intent" value="publish" disabled={busy} variant="secondary">
            {pending === "publish" ? "Publishing…" : "Save and publish"}
          </Button>
        )
      }
      status={
        document && {
          details: (
            <>
              <dt className="font-semibold text-navy-900">State</dt>
              <dd>
                {document.published ? "Published" : "Draft (only administrators see it)"}
                {publishedAt && (
                  <>
                    {" · "}
                    <Link to={publishedAt} className="font-semibold text-accent underline underline-offset-4">
                      Open {publishedAt}
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
            </>
          ),
          unpublishLabel: document.published ? "Unpublish" : undefined,
        }
      }
      deleteMessage={
        document && (
          <>
            “{document.title}” will be removed from the library
            {viewerPath(document.collection, document.slug) ? " and from its reading address" : ""}. This cannot be undone.
          </>
        )
      }
    />
  );
}
