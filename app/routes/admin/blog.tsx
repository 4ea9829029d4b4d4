import { Link } from "react-router";

import { requireEditor } from "~/auth/session.server";
import { ADMIN_LIST_LIMIT, BLOG_TIME_ZONE_LABEL, postPath, postState, type PostState } from "~/blog/blog-rules";
import { listAllPosts } from "~/blog/posts.server";
import { AdminTable, TitleCell, type AdminColumn } from "~/components/admin/admin-table";
import { EmptyList, ListHeader } from "~/components/admin/list-page";
import { ListFilters } from "~/components/admin/list-search";
import { formatDateTime } from "~/lib/format-date";
import { searchText } from "~/lib/list-search";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireEditor(context.services, request);
  const q = searchText(new URL(request.url).searchParams.get("q"));
  const { rows, total } = await listAllPosts(context.services.db, q);
  const now = Date.now();
  return {
    q,
    total,
    rows: rows.map((r) => ({ ...r, state: postState(r.status, r.publishAt, now) })),
    // The graphics manager is for administrators: an editor is not sent to a page that refuses them.
    graphicsLink: me.isAdmin,
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Blog");

const COLUMNS: AdminColumn[] = [{ label: "Title" }, { label: "State" }, { label: "Date" }, { label: "Author" }];
const BADGE: Record<PostState, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-slate-100 text-slate-700 ring-slate-300" },
  scheduled: { label: "Scheduled", className: "bg-amber-50 text-amber-950 ring-amber-300" },
  published: { label: "Published", className: "bg-emerald-50 text-emerald-900 ring-emerald-300" },
};

/** /admin/blog (docs/requirements/blog-and-documents.md#blog): every post, newest first, searched by title. */
export default function AdminBlog({ loaderData: { q, rows, total, graphicsLink } }: Route.ComponentProps) {
  return (
    <>
      <ListHeader title="Blog" newTo="/admin/blog/new" newLabel="New post">
        Posts at /blog. Drafts and scheduled posts are seen by administrators and editors only; times are in {BLOG_TIME_ZONE_LABEL}. Cover
        images come from the{" "}
        {graphicsLink ? (
          <Link to="/admin/graphics" className="font-semibold text-accent underline underline-offset-4">
            graphics library
          </Link>
        ) : (
          "graphics library, which administrators manage"
        )}
        .
      </ListHeader>
      <ListFilters
        label="Search posts"
        searchLabel="Search titles"
        q={q}
        submitLabel="Search"
        clear={q ? { to: "/admin/blog", label: "Clear the search" } : undefined}
      />
      <p className="mt-4 text-sm text-slate-700" role="status">
        {total === 0 ? "No posts" : total === 1 ? "1 post" : `${total} posts`}
        {q ? " match this search" : ""}
        {total > rows.length ? ` (showing the newest ${ADMIN_LIST_LIMIT})` : ""}.
      </p>
      {rows.length === 0 ? (
        <EmptyList title={q ? "No title matches this search." : "No posts yet."}>
          {!q && (
            <>
              <Link to="/admin/blog/new" className="font-semibold text-accent underline underline-offset-4">
                Write the first post
              </Link>{" "}
              or import a folder of Markdown files with <code>npm run blog:import</code>.
            </>
          )}
        </EmptyList>
      ) : (
        <AdminTable className="mt-3" caption="Posts, newest first" columns={COLUMNS}>
          {rows.map((post) => (
            <tr key={post.id} className="border-b border-slate-100 align-top last:border-0">
              <TitleCell to={`/admin/blog/${post.id}`} title={post.title} slug={post.slug} />
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
