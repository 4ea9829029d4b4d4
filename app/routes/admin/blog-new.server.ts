/**
 * The server side of /admin/blog/new (the route module beside it): the cover choices, and the
 * preview or the save that creates the post (the blog editor's steps, app/blog/editor.server.ts).
 */
import { z } from "zod";

import { requireEditor } from "~/auth/session.server";
import { coverChoices, postEditorSteps, scheduledAt } from "~/blog/editor.server";
import { createPost } from "~/blog/posts.server";
import { newItemAction } from "~/markdown/editor-action.server";
import { EDITOR_INTENTS as I } from "~/markdown/editor-intents.server";

import type { Route } from "./+types/blog-new";

/** preview, save (a draft), publish (now), schedule. */
const intents = z.discriminatedUnion("intent", [I.preview, I.save, I.publish, I.schedule]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireEditor(context.services, request);
  return { covers: await coverChoices(context.services.storage), defaultAuthor: me.user.name, graphicsLink: me.isAdmin };
}

/** intent=preview renders the body; save (a draft), publish (now) and schedule create the post. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireEditor(context.services, request);
  return newItemAction(request, intents, postEditorSteps(context.services.storage, true), {
    create: async (checked) =>
      (await createPost(context.services.db, checked.data, checked.publication, me.user.id, { rendered: checked.rendered })).id,
    createdNotice: (intent, checked) =>
      intent === "save" ? "post-created-draft" : scheduledAt(checked) ? "post-created-scheduled" : "post-created-published",
  });
}
