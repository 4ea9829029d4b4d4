/**
 * The server side of /admin/blog/:id (the route module beside it): the post and its stored
 * rendering, and the preview, save, publication, unpublish or delete posted to it (the blog editor's
 * steps, app/blog/editor.server.ts).
 */
import { z } from "zod";

import { requireEditor } from "~/auth/session.server";
import { BLOG_TIME_ZONE, BLOG_TIME_ZONE_LABEL, dateToZonedLocal, postState } from "~/blog/blog-rules";
import type { EditorPost } from "~/blog/editor-types";
import { coverChoices, postEditorSteps, scheduledAt } from "~/blog/editor.server";
import { deletePost, getPost, getPostHtml, setPublication, storePostHtml, updatePost, type PostRecord } from "~/blog/posts.server";
import { formatDateTime } from "~/lib/format-date";
import { editItemAction, itemId, itemNotFound } from "~/markdown/editor-action.server";
import { EDITOR_INTENTS as I } from "~/markdown/editor-intents.server";
import { storedHtml } from "~/markdown/markdown.server";

import type { Route } from "./+types/blog-edit";

/** preview, save, publish (now), schedule, unpublish, and delete (confirm=yes). */
const intents = z.discriminatedUnion("intent", [I.preview, I.save, I.publish, I.schedule, I.unpublish, I.delete]);

/** A stored post as the editor shows it. */
function toEditorPost(post: PostRecord, now = Date.now()): EditorPost {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    body: post.body,
    coverImage: post.coverImage ?? "",
    coverAlt: post.coverAlt ?? "",
    authorName: post.authorName,
    tags: post.tags.join(", "),
    status: post.status,
    state: postState(post.status, post.publishAt, now),
    publishAtLocal: post.publishAt ? dateToZonedLocal(post.publishAt, BLOG_TIME_ZONE) : "",
    publishAt: post.publishAt,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireEditor(context.services, request);
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
    // The graphics manager is for administrators: an editor is not sent to a page that refuses them.
    graphicsLink: me.isAdmin,
  };
}

/** intents: preview, save (publication unchanged), publish (now), schedule, unpublish, delete (with confirm=yes). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireEditor(context.services, request);
  const id = itemId(params.id);
  const db = context.services.db;
  return editItemAction(request, intents, postEditorSteps(context.services.storage, false), {
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
