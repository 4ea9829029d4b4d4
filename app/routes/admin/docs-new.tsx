import { requireAdmin } from "~/auth/session.server";
import { DocumentEditor } from "~/components/admin/document-editor";
import { previewKeepsData } from "~/components/admin/editor-shell";
import { createDocument } from "~/docs/documents.server";
import { DOCUMENT_EDITOR_STEPS, documentIntents } from "~/docs/editor.server";
import { adminMeta } from "~/lib/meta";
import { newItemAction } from "~/markdown/editor-action.server";

import type { Route } from "./+types/docs-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return null;
}

/** intent=preview renders the body; save (a draft) and publish create the document. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  return newItemAction(request, documentIntents.create, DOCUMENT_EDITOR_STEPS, {
    create: async ({ parsed, rendered }, intent) =>
      (await createDocument(context.services.db, parsed.data, me.user.id, { published: intent === "publish", rendered })).id,
    createdNotice: (intent) => (intent === "publish" ? "document-created-published" : "document-created-draft"),
  });
}

export const shouldRevalidate = previewKeepsData;

export const meta: Route.MetaFunction = () => adminMeta("New document");

export default function NewDocument({ actionData }: Route.ComponentProps) {
  return <DocumentEditor initialPreview="" actionData={actionData} />;
}
