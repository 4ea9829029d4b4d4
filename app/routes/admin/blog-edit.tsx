import { requireAdmin } from "~/auth/session.server";
import { BLOG_TIME_ZONE_LABEL } from "~/blog/blog-rules";
import { coverChoices, postEditorSteps, postIntents, scheduledAt, toEditorPost } from "~/blog/editor.server";
import { deletePost, getPost, getPostHtml, setPublication, storePostHtml, updatePost } from "~/blog/posts.server";
import { ItemNotFound, previewKeepsData } from "~/components/admin/editor-shell";
import { PostEditor } from "~/components/admin/post-editor";
import { formatDateTime } from "~/lib/format-date";
import { adminMeta } from "~/lib/meta";
import { editItemAction, itemId, itemNotFound } from "~/markdown/editor-action.server";
import { storedHtml } from "~/markdown/markdown.server";

import type { Route } from "./+types/blog-edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const post = await getPost(context.services.db, itemId(params.id));
  if (!post) throw itemNotFound();
  const db = context.services.db;
  const stored = (await getPostHtml(db, post.id)) ?? { html: null, htmlRenderer: null };
  return {
    post: toEditorPost(post),
    previewHtml: await storedHtml(`post:${post.id}`, { body: post.body, ...stored }, { topHeadingH2: true }, (html, key) =>
      storePostHtml(db, post.id, post.body, { html, key }),
    ),
    covers: await coverChoices(context.services.storage),
  };
}

/** intents: preview, save (publication unchanged), publish (now), schedule, unpublish, delete (with confirm=yes). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  const id = itemId(params.id);
  const db = context.services.db;
  return editItemAction(request, postIntents.edit, postEditorSteps(context.services.storage, false), {
    goneMessage: "This post no longer exists: it may have been deleted.",
    update: (checked) => updatePost(db, id, checked.data, checked.publication, me.user.id, checked.rendered),
    savedMessage: (_intent, checked) => {
      const at = scheduledAt(checked);
      return at ? `Saved and scheduled for ${formatDateTime(at)} (${BLOG_TIME_ZONE_LABEL}).` : undefined;
    },
    unpublish: () => setPublication(db, id, { kind: "draft" }, me.user.id),
    unpublishedMessage: "Unpublished: the post is a draft again, gone from the blog, the feed and the sitemap.",
    delete: () => deletePost(db, id),
  });
}

export const shouldRevalidate = previewKeepsData;

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Edit “${loaderData.post.title}”` : "Post not found");

export default function EditPost({ loaderData: { post, previewHtml, covers }, actionData }: Route.ComponentProps) {
  return (
    <PostEditor
      key={`${post.id}-${post.updatedAt}`}
      post={post}
      covers={covers}
      defaultAuthor={post.authorName}
      initialPreview={previewHtml}
      actionData={actionData}
    />
  );
}

/** An unknown or deleted post: said inside the admin area, with the way back. */
export function ErrorBoundary() {
  return <ItemNotFound what="post" listPath="/admin/blog" backLabel="Back to the blog" />;
}
