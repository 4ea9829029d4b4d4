import { DocumentEditor } from "~/components/admin/document-editor";
import { ItemNotFound, previewKeepsData } from "~/components/admin/editor-shell";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/docs-edit";

export { action, loader } from "./docs-edit.server";

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
