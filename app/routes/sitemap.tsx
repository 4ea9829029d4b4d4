import { Link } from "react-router";
import type { Route } from "./+types/sitemap";
import { postPath } from "~/blog/blog-rules";
import { publicPosts } from "~/blog/public-cache.server";
import { PageHero } from "~/components/sections/page-hero";
import { publicPages, type PublicPage } from "~/content/routes-index";
import { sitemapPage } from "~/content/pages";
import { routeMeta } from "~/lib/meta";

const crumbs = [{ name: "Sitemap", path: "/sitemap" }];

/** Rendered per request: the blog's public posts are listed under their own heading (docs/requirements.md#blog). */
export async function loader({ context }: Route.LoaderArgs) {
  const groups = new Map<PublicPage["group"] | "Blog", { path: string; name: string }[]>();
  for (const page of publicPages()) groups.set(page.group, [...(groups.get(page.group) ?? []), page]);
  const posts = await publicPosts(context.services.db);
  if (posts.length)
    groups.set(
      "Blog",
      posts.map((p) => ({ path: postPath(p.slug), name: p.title })),
    );
  return { page: sitemapPage, groups: [...groups.entries()].map(([name, pages]) => ({ name, pages })) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  routeMeta(matches, { title: loaderData.page.title, description: loaderData.page.description, path: "/sitemap", breadcrumbs: crumbs });

export default function Sitemap({ loaderData: { page, groups } }: Route.ComponentProps) {
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
          </section>
        ))}
      </div>
    </>
  );
}
