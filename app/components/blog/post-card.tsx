import { Link } from "react-router";

import { postPath } from "~/blog/blog-rules";
import type { PostCardData } from "~/blog/public-view";

/** Date and reading time, as every list and the article show them. */
export function PostByline({ post, author = false }: { post: PostCardData; author?: boolean }) {
  return (
    <p className="text-sm text-slate-600">
      <time dateTime={post.publishAt}>{post.publishedOn}</time>
      {author && <> · {post.authorName}</>} · <span className="whitespace-nowrap">{post.readingMinutes} min read</span>
    </p>
  );
}

/** A post in a list: cover, title (the link), date, reading time and summary. */
export function PostCard({ post, headingLevel = 2 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {post.cover ? (
        <img
          src={post.cover.thumb}
          alt={post.cover.alt}
          loading="lazy"
          decoding="async"
          width={320}
          height={180}
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      ) : (
        // No cover: a thin band, not an empty picture-sized box.
        <div aria-hidden="true" className="h-1.5 w-full bg-gradient-to-r from-navy-900 to-navy-700" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg leading-snug font-bold text-navy-900">
          <Link to={postPath(post.slug)} className="underline-offset-4 after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <div className="mt-2">
          <PostByline post={post} />
        </div>
        <p className="mt-3 text-slate-700">{post.summary}</p>
      </div>
    </article>
  );
}
