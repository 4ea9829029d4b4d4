import { requireAdmin } from "~/auth/session.server";
import { coverChoices, postEditorSteps, postIntents, scheduledAt } from "~/blog/editor.server";
import { createPost } from "~/blog/posts.server";
import { previewKeepsData } from "~/components/admin/editor-shell";
import { PostEditor } from "~/components/admin/post-editor";
import { adminMeta } from "~/lib/meta";
import { newItemAction } from "~/markdown/editor-action.server";

import type { Route } from "./+types/blog-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(context.services, request);
  return { covers: await coverChoices(context.services.storage), defaultAuthor: me.user.name };
}

/** intent=preview renders the body; save (a draft), publish (now) and schedule create the post. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  return newItemAction(request, postIntents.create, postEditorSteps(context.services.storage, true), {
    create: async (checked) =>
      (await createPost(context.services.db, checked.data, checked.publication, me.user.id, { rendered: checked.rendered })).id,
    createdNotice: (intent, checked) =>
      intent === "save" ? "post-created-draft" : scheduledAt(checked) ? "post-created-scheduled" : "post-created-published",
  });
}

export const shouldRevalidate = previewKeepsData;

export const meta: Route.MetaFunction = () => adminMeta("New post");

export default function NewPost({ loaderData: { covers, defaultAuthor }, actionData }: Route.ComponentProps) {
  return <PostEditor covers={covers} defaultAuthor={defaultAuthor} initialPreview="" actionData={actionData} />;
}
