/**
 * The server side of /admin/docs/new (the route module beside it): the preview, or the save that
 * creates the document (the document editor's steps, app/docs/editor.server.ts).
 */
import { z } from "zod";

import { requireAdmin } from "~/auth/session.server";
import { createDocument } from "~/docs/documents.server";
import { DOCUMENT_EDITOR_STEPS } from "~/docs/editor.server";
import { newItemAction } from "~/markdown/editor-action.server";
import { EDITOR_INTENTS as I } from "~/markdown/editor-intents.server";

import type { Route } from "./+types/docs-new";

/** preview, save (a draft), publish; the fields themselves are checked by parseDocumentForm. */
const intents = z.discriminatedUnion("intent", [I.preview, I.save, I.publish]);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return null;
}

/** intent=preview renders the body; save (a draft) and publish create the document. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  return newItemAction(request, intents, DOCUMENT_EDITOR_STEPS, {
    create: async ({ parsed, rendered }, intent) =>
      (await createDocument(context.services.db, parsed.data, me.user.id, { published: intent === "publish", rendered })).id,
    createdNotice: (intent) => (intent === "publish" ? "document-created-published" : "document-created-draft"),
  });
}
