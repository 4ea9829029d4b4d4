import { blogPagePath } from "~/blog/blog-rules";
import { PostCard } from "~/components/blog/post-card";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { ButtonLink } from "~/components/ui/button-link";
import { blogPage } from "~/content/pages";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/blog";

export { loader } from "./blog.server";

const crumbs = [{ name: "Blog", path: "/blog" }];
export const FEED_LINK = { rel: "alternate", type: "application/rss+xml", title: `${blogPage.headline} feed`, href: "/blog/rss.xml" };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { page, pages } = loaderData;
  return routeMeta(matches, {
    title: page > 1 ? `${blogPage.title} (page ${page})` : blogPage.title,
    description: blogPage.description,
    path: blogPagePath(page),
    breadcrumbs: crumbs,
    links: [
      FEED_LINK,
      ...(page > 1 ? [{ rel: "prev", href: blogPagePath(page - 1) }] : []),
      ...(page < pages ? [{ rel: "next", href: blogPagePath(page + 1) }] : []),
    ],
  });
};

export default function Blog({ loaderData: { page, pages, posts } }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={blogPage.headline} intro={blogPage.intro} breadcrumbs={crumbs} />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        {posts.length === 0 ? (
          <p className="max-w-2xl text-lg text-slate-700">{blogPage.empty}</p>
        ) : (
          <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </div>
        )}
        {pages > 1 && (
          <nav aria-label="Blog pages" className="mt-12 flex flex-wrap items-center justify-between gap-4">
            {page > 1 ? (
              <ButtonLink to={blogPagePath(page - 1)} variant="secondary" rel="prev">
                Newer posts
              </ButtonLink>
            ) : (
              <span />
            )}
            <p className="text-sm text-slate-700">
              Page {page} of {pages}
            </p>
            {page < pages ? (
              <ButtonLink to={blogPagePath(page + 1)} variant="secondary" rel="next">
                Older posts
              </ButtonLink>
            ) : (
              <span />
            )}
          </nav>
        )}
      </div>
      <CtaBand cta={blogPage.cta} />
    </>
  );
}
