/**
 * The server side of /sitemap (the route module beside it): the public pages by group, and the
 * newest posts.
 */
import { postPath } from "~/blog/blog-rules";
import { publicPosts } from "~/blog/public-cache.server";
import { sitemapPage } from "~/content/pages";
import { publicPages, type PublicPage } from "~/content/routes-index";

import type { Route } from "./+types/sitemap";

/**
 * How many of the newest posts the page lists; beyond that it links to the blog, which pages them.
 * A public page does bounded work whatever the data (docs/requirements/operations.md#request-limits):
 * sitemap.xml lists every post for search engines, this page is for people.
 */
export const SITEMAP_POSTS = 100;

/** Rendered per request: the newest public posts are listed under their own heading (docs/requirements/blog-and-documents.md#blog). */
export async function loader({ context }: Route.LoaderArgs) {
  const groups = new Map<PublicPage["group"] | "Blog", { path: string; name: string }[]>();
  for (const page of publicPages()) groups.set(page.group, [...(groups.get(page.group) ?? []), page]);
  const posts = await publicPosts(context.services.db);
  if (posts.length)
    groups.set(
      "Blog",
      posts.slice(0, SITEMAP_POSTS).map((p) => ({ path: postPath(p.slug), name: p.title })),
    );
  return {
    page: sitemapPage,
    groups: [...groups.entries()].map(([name, pages]) => ({ name, pages })),
    // Worded here, on the server: no Intl formatting while the page hydrates.
    allPostsLink: posts.length > SITEMAP_POSTS ? `All ${posts.length.toLocaleString("en-US")} posts on the blog` : null,
  };
}
