import { postPath, RELATED_POSTS } from "~/blog/blog-rules";
import { postPageMeta } from "~/blog/post-meta";
import { publicPost, publicPosts } from "~/blog/public-cache.server";
import { toCard } from "~/blog/public-view";
import { PostCard } from "~/components/blog/post-card";
import { Breadcrumbs } from "~/components/sections/breadcrumbs";
import { CtaBand } from "~/components/sections/cta-band";
import { blogPage } from "~/content/pages";
import { notFoundMeta, originFrom, taglineFrom } from "~/lib/meta";
import { SLUG_MAX, SLUG_PATTERN } from "~/lib/slug";
import { notFoundOrRedirect } from "~/redirects/redirects.server";

import type { Route } from "./+types/blog-post";
import { FEED_LINK } from "./blog";

/**
 * /blog/:slug (docs/requirements/blog-and-documents.md#blog): a public post. Drafts, scheduled posts and unknown
 * slugs are the not-found page, unless a redirect rule answers the address (an old post's).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  const db = context.services.db;
  const found = slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug) ? await publicPost(db, slug) : null;
  if (!found) throw await notFoundOrRedirect(request, context);
  const recent = (await publicPosts(db)).filter((p) => p.slug !== slug).slice(0, RELATED_POSTS);
  return { post: toCard(found.post), html: found.html, recent: recent.map(toCard) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData
    ? postPageMeta(loaderData.post, originFrom(matches), [FEED_LINK], taglineFrom(matches))
    : notFoundMeta(matches, location.pathname);

export default function BlogPost({ loaderData: { post, html, recent } }: Route.ComponentProps) {
  const crumbs = [
    { name: "Blog", path: "/blog" },
    { name: post.title, path: postPath(post.slug) },
  ];
  return (
    <>
      <div className="on-dark bg-gradient-to-br from-navy-950 via-navy-900 to-navy-800 text-slate-200">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-12 sm:px-6">
          <Breadcrumbs items={crumbs} />
          <h1 className="mt-8 text-[clamp(2rem,1.3rem+2.6vw,3rem)] leading-tight font-bold tracking-tight text-white">{post.title}</h1>
          <p className="mt-4 text-slate-300">
            <time dateTime={post.publishAt}>{post.publishedOn}</time> · By {post.authorName} ·{" "}
            <span className="whitespace-nowrap">{post.readingMinutes} min read</span>
          </p>
        </div>
      </div>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        {post.cover && (
          <img src={post.cover.src} alt={post.cover.alt} className="mb-10 aspect-video w-full rounded-xl bg-slate-100 object-cover" />
        )}
        {/* Rendered and sanitised on the server (app/markdown/markdown.server.ts), as the documents are. */}
        <div className="prose-doc text-lg" dangerouslySetInnerHTML={{ __html: html }} />
        {post.tags.length > 0 && (
          <div className="mt-10 border-t border-slate-200 pt-6">
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-navy-50 px-3 py-1 text-sm font-medium text-navy-900">
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        )}
      </article>
      <CtaBand cta={blogPage.cta} />
      {recent.length > 0 && (
        <section aria-labelledby="more-posts" className="bg-navy-50 py-14">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="more-posts" className="text-2xl font-bold tracking-tight">
              More from the blog
            </h2>
            <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {recent.map((p) => (
                <PostCard key={p.slug} post={p} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
