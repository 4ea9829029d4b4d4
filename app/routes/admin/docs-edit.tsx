import { requireAdmin } from "~/auth/session.server";
import { DocumentEditor } from "~/components/admin/document-editor";
import { ItemNotFound, previewKeepsData } from "~/components/admin/editor-shell";
import { deleteDocument, getDocument, getDocumentHtml, setPublished, storeDocumentHtml, updateDocument } from "~/docs/documents.server";
import { DOCUMENT_EDITOR_STEPS, documentIntents } from "~/docs/editor.server";
import { adminMeta } from "~/lib/meta";
import { editItemAction, itemId, itemNotFound } from "~/markdown/editor-action.server";
import { storedHtml } from "~/markdown/markdown.server";

import type { Route } from "./+types/docs-edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const document = await getDocument(context.services.db, itemId(params.id));
  if (!document) throw itemNotFound();
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
  const id = itemId(params.id);
  const db = context.services.db;
  return editItemAction(request, documentIntents.edit, DOCUMENT_EDITOR_STEPS, {
    goneMessage: "This document no longer exists: it may have been deleted.",
    update: ({ parsed, rendered }, intent) =>
      updateDocument(db, id, parsed.data, { ...(intent === "publish" ? { published: true } : {}), rendered }),
    unpublish: () => setPublished(db, id, false),
    unpublishedMessage: "Unpublished: readers can no longer open it.",
    delete: () => deleteDocument(db, id),
  });
}

export const shouldRevalidate = previewKeepsData;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit “${loaderData.document.title}”` : "Document not found");

export default function EditDocument({ loaderData: { document, previewHtml }, actionData }: Route.ComponentProps) {
  return <DocumentEditor key={document.id} document={document} initialPreview={previewHtml} actionData={actionData} />;
}

/** An unknown or deleted document: said inside the admin area, with the way back. */
export function ErrorBoundary() {
  return <ItemNotFound what="document" listPath="/admin/docs" backLabel="Back to the library" />;
}
