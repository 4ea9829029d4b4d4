import { data, isRouteErrorResponse, Link, useRouteError, type ShouldRevalidateFunction } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { DocumentEditor } from "~/components/admin/document-editor";
import { parseDocumentForm } from "~/docs/document-schema";
import { deleteDocument, getDocument, getDocumentHtml, setPublished, storeDocumentHtml, updateDocument } from "~/docs/documents.server";
import {
  DOCUMENT_EDITOR_FORM,
  documentIdSchema,
  documentIntents,
  failedSaveResponse,
  invalidResponse,
  previewResponse,
  renderForSave,
} from "~/docs/editor.server";
import { actionConfirm, actionError, actionOk, parseAdminForm } from "~/lib/admin-action.server";
import { redirectWithNotice } from "~/lib/flash-notice.server";
import { adminMeta } from "~/lib/meta";
import { storedHtml } from "~/markdown/markdown.server";

import type { Route } from "./+types/docs-edit";

const notFound = () => data({ reason: "not-found" }, { status: 404 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const id = documentIdSchema.safeParse(params.id);
  const document = id.success ? await getDocument(context.services.db, id.data) : null;
  if (!document) throw notFound();
  const db = context.services.db;
  const stored = await getDocumentHtml(db, document.id);
  const previewHtml = await storedHtml(`document:${document.id}`, { body: document.body, ...stored }, {}, (html, key) =>
    storeDocumentHtml(db, document.id, document.body, { html, key }),
  );
  return { document, previewHtml };
}

/** intents: preview, save, publish (save and publish), unpublish, delete (with confirm=yes). */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const id = documentIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const form = await parseAdminForm(request, documentIntents.edit, DOCUMENT_EDITOR_FORM);
  if (!form.ok) return form.response;
  const input = form.data;
  const { intent } = input;
  const gone = () => actionError(404, { intent, message: "This document no longer exists: it may have been deleted." });

  if (intent === "preview") return previewResponse(form.form);
  if (intent === "unpublish") {
    if (!(await setPublished(context.services.db, id.data, false))) return gone();
    return actionOk(intent, "Unpublished: readers can no longer open it.");
  }
  if (input.intent === "delete") {
    if (input.confirm !== "yes") return actionConfirm(intent, "Confirm the deletion.");
    if (!(await deleteDocument(context.services.db, id.data))) return gone();
    return redirectWithNotice("/admin/docs", "document-deleted");
  }

  const save = input.intent;
  const parsed = parseDocumentForm(form.form);
  if (!parsed.ok) return invalidResponse(save, parsed);
  const html = await renderForSave(save, parsed);
  if (!html.ok) return html.response;
  let found: boolean;
  try {
    found = await updateDocument(context.services.db, id.data, parsed.data, {
      ...(save === "publish" ? { published: true } : {}),
      rendered: html.rendered,
    });
  } catch (error) {
    return failedSaveResponse(save, parsed, error);
  }
  if (!found) return gone();
  return actionOk(save, save === "publish" ? "Saved and published." : "Changes saved.");
}

// A preview writes nothing: the page's data need not be reloaded.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit “${loaderData.document.title}”` : "Document not found");

export default function EditDocument({ loaderData: { document, previewHtml }, actionData }: Route.ComponentProps) {
  return <DocumentEditor key={document.id} document={document} initialPreview={previewHtml} actionData={actionData} />;
}

/** An unknown or deleted document: say so inside the admin area, with the way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section>
        <h1 className="text-2xl font-bold tracking-tight">Document not found</h1>
        <p className="mt-2 text-slate-700">There is no document at this address. It may have been deleted.</p>
        <Link to="/admin/docs" className="mt-4 inline-block font-semibold text-accent underline underline-offset-4">
          Back to the library
        </Link>
      </section>
    );
  }
  throw error;
}
