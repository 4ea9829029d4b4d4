/**
 * The server side of /admin/docs/:id (the route module beside it): the document and its stored
 * rendering, and the preview, save, publish, unpublish or delete posted to it (the document editor's
 * steps, app/docs/editor.server.ts).
 */
import { z } from "zod";

import { requireAdmin } from "~/auth/session.server";
import { deleteDocument, getDocument, getDocumentHtml, setPublished, storeDocumentHtml, updateDocument } from "~/docs/documents.server";
import { DOCUMENT_EDITOR_STEPS } from "~/docs/editor.server";
import { editItemAction, itemId, itemNotFound } from "~/markdown/editor-action.server";
import { EDITOR_INTENTS as I } from "~/markdown/editor-intents.server";
import { storedHtml } from "~/markdown/markdown.server";

import type { Route } from "./+types/docs-edit";

/** preview, save, publish, unpublish, and delete (confirm=yes); the fields are checked by parseDocumentForm. */
const intents = z.discriminatedUnion("intent", [I.preview, I.save, I.publish, I.unpublish, I.delete]);

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
  return editItemAction(request, intents, DOCUMENT_EDITOR_STEPS, {
    goneMessage: "This document no longer exists: it may have been deleted.",
    update: ({ parsed, rendered }, intent) =>
      updateDocument(db, id, parsed.data, { ...(intent === "publish" ? { published: true } : {}), rendered }),
    unpublish: () => setPublished(db, id, false),
    unpublishedMessage: "Unpublished: readers can no longer open it.",
    delete: () => deleteDocument(db, id),
  });
}
