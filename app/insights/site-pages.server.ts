/**
 * Which page of the site an event's path names (docs/requirements/insights.md#insights): a path is stored
 * only when it is exactly the address of one of the site's public pages (the prerendered and
 * server-rendered pages, and the published blog posts); anything else is stored as `OTHER_PAGE`.
 * A path a browser sends is its own say: `//admin`, `/./admin`, `/x/../admin`, `/%2561dmin`,
 * `/auth\login`, or a name disguised with right-to-left or zero-width characters would otherwise
 * reach the dashboard's lists as if they were pages.
 */
import { postPath } from "~/blog/blog-rules";
import { fromPublicPosts } from "~/blog/public-cache.server";
import { publicPages } from "~/content/routes-index";
import type { Database } from "~/db/client.server";

import { OTHER_PAGE } from "./fields";

export { OTHER_PAGE };

const STATIC_PAGES: ReadonlySet<string> = new Set(publicPages().map((page) => page.path));

/**
 * The function that maps a path to itself when it is a page of the site, else to `OTHER_PAGE`.
 * The published posts come from the blog's in-memory copy (ADR 015): a post published a moment
 * ago is a page within its 30 seconds.
 */
export async function sitePageOf(db: Database): Promise<(path: string) => string> {
  const posts = await fromPublicPosts(db, "insights-site-pages", async (list) => new Set(list.map((post) => postPath(post.slug))));
  return (path) => (STATIC_PAGES.has(path) || posts.has(path) ? path : OTHER_PAGE);
}
