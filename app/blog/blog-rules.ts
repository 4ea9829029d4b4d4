/**
 * The blog's rules and constants (docs/requirements/blog-and-documents.md#blog), shared by the admin editor, the
 * server schema, the importer and the tests. Slugs follow the site's one rule (app/lib/slug.ts); the
 * body's limit is the Markdown renderer's (app/markdown/limits.ts). This ships to the admin editor.
 */
import { site } from "~/config/site";
import { MARKDOWN_MAX } from "~/markdown/limits";

/** Posts per page of /blog. */
export const BLOG_PAGE_SIZE = 12;
/** Posts in /blog/rss.xml. */
export const FEED_SIZE = 20;
/** "More posts" under an article. */
export const RELATED_POSTS = 3;
/** The summary is the meta description: docs/requirements/public-site.md#seo wants 50 to 160 characters. */
export const SUMMARY_MIN = 50;
export const SUMMARY_MAX = 160;
export const POST_TITLE_MAX = 120;
export const AUTHOR_MAX = 80;
export const COVER_ALT_MAX = 250;
export const TAG_MAX = 40;
export const TAGS_MAX = 10;
/** The renderer's limit, as for a document's body. */
export const POST_BODY_MAX = MARKDOWN_MAX;
/** A post form: the body (12 bytes a character once UTF-8 and %-encoded) plus the other fields. */
export const POST_FORM_LIMIT = POST_BODY_MAX * 12 + 64 * 1024;
/** Reading time: words a minute. */
export const WORDS_PER_MINUTE = 220;
/** The admin list shows at most this many rows; the search narrows it. */
export const ADMIN_LIST_LIMIT = 200;
/**
 * How long a process serves the public blog (and the redirect rules) from memory before reading
 * the database again: other processes' changes appear within this time (ADR 015). A scheduled post
 * appears at its time: the cache never outlives the next scheduled publication.
 */
export const PUBLIC_CACHE_TTL_MS = 30_000;

/** Slugs that would read as something other than a post. */
export const RESERVED_SLUGS: readonly string[] = ["rss", "rss-xml", "feed", "page", "tag", "tags", "new", "admin", "index", "search"];

/** Publication times are typed and shown in the office's time zone (app/config/site.ts). */
export const BLOG_TIME_ZONE = site.timeZone;
export const BLOG_TIME_ZONE_LABEL = `the office's time zone (${site.timeZone.replace(/_/g, " ")})`;

/** "5 min read" from the Markdown source (at least one minute). */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[#>*_`~[\]()!|-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** Where a post is read. */
export const postPath = (slug: string) => `/blog/${slug}`;

/** The page of /blog: ?page=1 is /blog itself. */
export const blogPagePath = (page: number) => (page <= 1 ? "/blog" : `/blog?page=${page}`);

export type PostState = "draft" | "scheduled" | "published";

/** A post's state as the admin list shows it, from its status and time (compared with `now`). */
export function postState(status: string, publishAt: string | null, now: number): PostState {
  if (status !== "published" || !publishAt) return "draft";
  return Date.parse(publishAt) > now ? "scheduled" : "published";
}

export { dateToZonedLocal, zonedLocalToDate } from "~/lib/time-zone";
