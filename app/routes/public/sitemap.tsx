import { Link } from "react-router";

import { PageHero } from "~/components/sections/page-hero";
import { navigation } from "~/config/navigation";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/sitemap";

export { loader } from "./sitemap.server";

const crumbs = [{ name: "Sitemap", path: "/sitemap" }];

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
