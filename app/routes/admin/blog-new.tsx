import type { ShouldRevalidateFunction } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { checkPostForm, coverChoices, failedPostSave, POST_EDITOR_FORM, postIntents, previewPost } from "~/blog/editor.server";
import { createPost } from "~/blog/posts.server";
import { PostEditor } from "~/components/admin/post-editor";
import { parseAdminForm } from "~/lib/admin-action.server";
import { redirectWithNotice } from "~/lib/flash-notice.server";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/blog-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(context.services, request);
  return { covers: await coverChoices(context.services.storage), defaultAuthor: me.user.name };
}

/** intent=preview renders the body; save (a draft), publish (now) and schedule create the post. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  const form = await parseAdminForm(request, postIntents.create, POST_EDITOR_FORM);
  if (!form.ok) return form.response;
  const { intent } = form.data;
  if (intent === "preview") return previewPost(form.form);
  const checked = await checkPostForm(form.form, intent, context.services.storage, true);
  if (!checked.ok) return checked.response;
  let id: string;
  try {
    ({ id } = await createPost(context.services.db, checked.data, checked.publication, me.user.id, { rendered: checked.rendered }));
  } catch (error) {
    return failedPostSave(intent, checked.values, error);
  }
  const scheduled = checked.publication.kind === "at" && checked.publication.at.getTime() > Date.now();
  return redirectWithNotice(
    `/admin/blog/${id}`,
    intent === "save" ? "post-created-draft" : scheduled ? "post-created-scheduled" : "post-created-published",
  );
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => adminMeta("New post");

export default function NewPost({ loaderData: { covers, defaultAuthor }, actionData }: Route.ComponentProps) {
  return <PostEditor covers={covers} defaultAuthor={defaultAuthor} initialPreview="" actionData={actionData} />;
}
