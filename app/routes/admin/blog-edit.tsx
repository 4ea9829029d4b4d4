import { data, isRouteErrorResponse, Link, useRouteError, type ShouldRevalidateFunction } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { BLOG_TIME_ZONE_LABEL } from "~/blog/blog-rules";
import {
  checkPostForm,
  coverChoices,
  failedPostSave,
  POST_EDITOR_FORM,
  postIdSchema,
  postIntents,
  previewPost,
  toEditorPost,
} from "~/blog/editor.server";
import { deletePost, getPost, getPostHtml, setPublication, storePostHtml, updatePost } from "~/blog/posts.server";
import { PostEditor } from "~/components/admin/post-editor";
import { actionConfirm, actionError, actionOk, parseAdminForm } from "~/lib/admin-action.server";
import { redirectWithNotice } from "~/lib/flash-notice.server";
import { formatDateTime } from "~/lib/format-date";
import { adminMeta } from "~/lib/meta";
import { storedHtml } from "~/markdown/markdown.server";

import type { Route } from "./+types/blog-edit";

const notFound = () => data({ reason: "not-found" }, { status: 404 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const id = postIdSchema.safeParse(params.id);
  const post = id.success ? await getPost(context.services.db, id.data) : null;
  if (!post) throw notFound();
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
  const id = postIdSchema.safeParse(params.id);
  if (!id.success) throw notFound();
  const form = await parseAdminForm(request, postIntents.edit, POST_EDITOR_FORM);
  if (!form.ok) return form.response;
  const input = form.data;
  const { intent } = input;
  const db = context.services.db;
  const gone = () => actionError(404, { intent, message: "This post no longer exists: it may have been deleted." });

  if (intent === "preview") return previewPost(form.form);
  if (intent === "unpublish") {
    if (!(await setPublication(db, id.data, { kind: "draft" }, me.user.id))) return gone();
    return actionOk(intent, "Unpublished: the post is a draft again, gone from the blog, the feed and the sitemap.");
  }
  if (input.intent === "delete") {
    if (input.confirm !== "yes") return actionConfirm(intent, "Confirm the deletion.");
    if (!(await deletePost(db, id.data))) return gone();
    return redirectWithNotice("/admin/blog", "post-deleted");
  }
  const save = input.intent;
  const checked = await checkPostForm(form.form, save, context.services.storage, false);
  if (!checked.ok) return checked.response;
  let found: boolean;
  try {
    found = await updatePost(db, id.data, checked.data, checked.publication, me.user.id, checked.rendered);
  } catch (error) {
    return failedPostSave(save, checked.values, error);
  }
  if (!found) return gone();
  if (checked.publication.kind === "at" && checked.publication.at.getTime() > Date.now())
    return actionOk(save, `Saved and scheduled for ${formatDateTime(checked.publication.at)} (${BLOG_TIME_ZONE_LABEL}).`);
  return actionOk(save, save === "save" ? "Changes saved." : "Saved and published.");
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

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

/** An unknown or deleted post: say so inside the admin area, with the way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section>
        <h1 className="text-2xl font-bold tracking-tight">Post not found</h1>
        <p className="mt-2 text-slate-700">There is no post at this address. It may have been deleted.</p>
        <Link to="/admin/blog" className="mt-4 inline-block font-semibold text-accent underline underline-offset-4">
          Back to the blog
        </Link>
      </section>
    );
  }
  throw error;
}
