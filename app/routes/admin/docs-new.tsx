import { DocumentEditor } from "~/components/admin/document-editor";
import { previewKeepsData } from "~/components/admin/editor-shell";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/docs-new";

export { action, loader } from "./docs-new.server";

export const shouldRevalidate = previewKeepsData;

export const meta: Route.MetaFunction = () => adminMeta("New document");

export default function NewDocument({ actionData }: Route.ComponentProps) {
  return <DocumentEditor initialPreview="" actionData={actionData} />;
}
