import { Form, Link } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { ADMIN_LIST_LIMIT, BLOG_TIME_ZONE_LABEL, postPath, postState, type PostState } from "~/blog/blog-rules";
import { listAllPosts } from "~/blog/posts.server";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "~/lib/format-date";
import { searchText } from "~/lib/list-search";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const q = searchText(new URL(request.url).searchParams.get("q"));
  const { rows, total } = await listAllPosts(context.services.db, q);
  const now = Date.now();
  return { q, total, rows: rows.map((r) => ({ ...r, state: postState(r.status, r.publishAt, now) })) };
}

export const meta: Route.MetaFunction = () => adminMeta("Blog");

const COLUMNS: AdminColumn[] = [{ label: "Title" }, { label: "State" }, { label: "Date" }, { label: "Author" }];
const BADGE: Record<PostState, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-slate-100 text-slate-700 ring-slate-300" },
  scheduled: { label: "Scheduled", className: "bg-amber-50 text-amber-950 ring-amber-300" },
  published: { label: "Published", className: "bg-emerald-50 text-emerald-900 ring-emerald-300" },
};

/** /admin/blog (docs/requirements.md#blog): every post, newest first, searched by title. */
export default function AdminBlog({ loaderData: { q, rows, total } }: Route.ComponentProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Blog</h1>
        <ButtonLink to="/admin/blog/new" prefetch="none" size="md">
          New post
        </ButtonLink>
      </div>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Posts at /blog. Drafts and scheduled posts are seen by administrators only; times are in {BLOG_TIME_ZONE_LABEL}. Cover images come
        from the{" "}
        <Link to="/admin/graphics" className="font-semibold text-accent underline underline-offset-4">
          graphics library
        </Link>
        .
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Search posts"
        className="mt-5 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <label className="flex min-w-0 flex-1 basis-56 flex-col text-sm font-medium text-navy-900">
          Search titles
          <Input type="search" name="q" defaultValue={q} maxLength={200} className="mt-1 block w-full" />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {q && (
          <Link
            to="/admin/blog"
            className="inline-flex min-h-10 items-center text-sm font-semibold text-accent underline-offset-4 hover:underline"
          >
            Clear the search
          </Link>
        )}
      </Form>
      <p className="mt-4 text-sm text-slate-700" role="status">
        {total === 0 ? "No posts" : total === 1 ? "1 post" : `${total} posts`}
        {q ? " match this search" : ""}
        {total > rows.length ? ` (showing the newest ${ADMIN_LIST_LIMIT})` : ""}.
      </p>
      {rows.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-navy-900">{q ? "No title matches this search." : "No posts yet."}</p>
          {!q && (
            <p className="mt-1 text-sm text-slate-700">
              <Link to="/admin/blog/new" className="font-semibold text-accent underline underline-offset-4">
                Write the first post
              </Link>{" "}
              or import a folder of Markdown files with <code>npm run blog:import</code>.
            </p>
          )}
        </div>
      ) : (
        <AdminTable className="mt-3" caption="Posts, newest first" columns={COLUMNS}>
          {rows.map((post) => (
            <tr key={post.id} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="p-3 font-medium">
                <Link
                  to={`/admin/blog/${post.id}`}
                  className="text-navy-900 underline decoration-slate-300 underline-offset-4 hover:decoration-accent"
                >
                  {post.title}
                </Link>
                <span className="mt-0.5 block font-mono text-xs font-normal break-all text-slate-600">{post.slug}</span>
              </th>
              <td className="p-3">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${BADGE[post.state].className}`}>
                  {BADGE[post.state].label}
                </span>
                {post.state === "published" && (
                  <Link
                    to={postPath(post.slug)}
                    className="mt-1 flex min-h-6 items-center text-xs font-semibold text-accent underline underline-offset-4"
                  >
                    Open<span className="sr-only"> {post.title}</span>
                  </Link>
                )}
              </td>
              <td className="p-3 whitespace-nowrap">{formatDateTime(post.state === "draft" ? post.updatedAt : post.publishAt)}</td>
              <td className="p-3">{post.authorName}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
