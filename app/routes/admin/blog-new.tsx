import { previewKeepsData } from "~/components/admin/editor-shell";
import { PostEditor } from "~/components/admin/post-editor";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/blog-new";

export { action, loader } from "./blog-new.server";

export const shouldRevalidate = previewKeepsData;

export const meta: Route.MetaFunction = () => adminMeta("New post");

export default function NewPost({ loaderData: { covers, defaultAuthor, graphicsLink }, actionData }: Route.ComponentProps) {
  return <PostEditor covers={covers} defaultAuthor={defaultAuthor} graphicsLink={graphicsLink} initialPreview="" actionData={actionData} />;
}
