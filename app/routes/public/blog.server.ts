/**
 * The server side of /blog (the route module beside it): one page of the published posts; ?page=1
 * is /blog, and a page past the last is not found.
 */
import { data, redirect } from "react-router";

import { BLOG_PAGE_SIZE } from "~/blog/blog-rules";
import { publicPosts } from "~/blog/public-cache.server";
import { toCard } from "~/blog/public-view";

import type { Route } from "./+types/blog";

/** /blog (docs/requirements/blog-and-documents.md#blog): public posts, newest first, BLOG_PAGE_SIZE a page (?page=2…). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  let page = 1;
  if (raw !== null) {
    // One address per page: ?page=1 is /blog; anything but a page number is not a page.
    if (!/^[1-9][0-9]{0,5}$/.test(raw)) throw data({ reason: "not-found" }, { status: 404 });
    page = Number(raw);
    if (page === 1) throw redirect("/blog", 301);
  }
  const posts = await publicPosts(context.services.db);
  const pages = Math.max(1, Math.ceil(posts.length / BLOG_PAGE_SIZE));
  if (page > pages) throw data({ reason: "not-found" }, { status: 404 });
  return {
    page,
    pages,
    posts: posts.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE).map(toCard),
  };
}
