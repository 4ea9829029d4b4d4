import { ItemNotFound, previewKeepsData } from "~/components/admin/editor-shell";
import { PostEditor } from "~/components/admin/post-editor";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/blog-edit";

export { action, loader } from "./blog-edit.server";

export const shouldRevalidate = previewKeepsData;

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Edit “${loaderData.post.title}”` : "Post not found");

export default function EditPost({ loaderData: { post, previewHtml, covers, graphicsLink }, actionData }: Route.ComponentProps) {
  return (
    <PostEditor
      key={`${post.id}-${post.updatedAt}`}
      post={post}
      covers={covers}
      graphicsLink={graphicsLink}
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
