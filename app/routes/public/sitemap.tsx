import { Link } from "react-router";

import { postPath } from "~/blog/blog-rules";
import { publicPosts } from "~/blog/public-cache.server";
import { PageHero } from "~/components/sections/page-hero";
import { navigation } from "~/config/navigation";
import { sitemapPage } from "~/content/pages";
import { publicPages, type PublicPage } from "~/content/routes-index";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/sitemap";

const crumbs = [{ name: "Sitemap", path: "/sitemap" }];

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

/** Like sitemap.xml: a shared cache may keep it for five minutes. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "public, max-age=300" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/sitemap", breadcrumbs: crumbs });

export default function Sitemap({ loaderData: { page, groups, allPostsLink } }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={page.headline} intro={page.intro} breadcrumbs={crumbs} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        {groups.map((group) => (
          <section key={group.name} aria-labelledby={`sitemap-${group.name}`}>
            <h2 id={`sitemap-${group.name}`} className="text-xl font-bold">
              {group.name}
            </h2>
            <ul className="mt-3 space-y-1">
              {group.pages.map((p) => (
                <li key={p.path}>
                  <Link to={p.path} className="inline-block py-1 text-accent underline-offset-4 hover:underline">
                    {p.name}
                  </Link>
                </li>
              ))}
            </ul>
            {group.name === "Blog" && allPostsLink && (
              <p className="mt-2">
                <Link to={navigation.blog.href} className="inline-block py-1 font-semibold text-accent underline-offset-4 hover:underline">
                  {allPostsLink}
                </Link>
              </p>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
