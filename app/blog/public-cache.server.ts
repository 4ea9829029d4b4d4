/**
 * The blog as visitors see it, kept in this process's memory (ADR 015, docs/requirements/blog-and-documents.md#blog):
 * one snapshot of every public post (no bodies), read from the database at most every
 * PUBLIC_CACHE_TTL_MS, and never past the next scheduled publication, so a scheduled post appears
 * on time. The bodies' HTML, made at save (ADR 017), is kept beside it, and so are files made from
 * the whole list (sitemap.xml: fromPublicPosts), made once and kept while the list stays the same.
 * A write in this process drops it at once (invalidatePublicBlog); other processes converge within
 * the TTL.
 */
import type { Database } from "~/db/client.server";
import { storedHtml } from "~/markdown/markdown.server";

import { PUBLIC_CACHE_TTL_MS } from "./blog-rules";
import { getPublicBody, loadPublicIndex, storePostHtml } from "./posts.server";
import { publicBlogGeneration } from "./public-blog-generation.server";

export { invalidatePublicBlog } from "./public-blog-generation.server";

/** At most this many posts are listed publicly (the newest). */
export const PUBLIC_INDEX_MAX = 5000;
/** Rendered bodies kept per snapshot. */
const RENDERED_MAX = 200;

export interface PublicPost {
  id: string;
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  coverAlt: string | null;
  authorName: string;
  tags: string[];
  readingMinutes: number;
  publishAt: string;
  updatedAt: string;
}

interface Snapshot {
  posts: PublicPost[];
  bySlug: Map<string, PublicPost>;
  expiresAt: number;
  rendered: Map<string, Promise<string | null>>;
  /** Values made from `posts` (fromPublicPosts), by key, with the stamp they were made for. */
  derived: Map<string, { stamp: string; made: Promise<unknown> }>;
}

const snapshots = new WeakMap<Database, Promise<Snapshot>>();
const generations = new WeakMap<Database, number>();
/** The last snapshot read, whose derived values a new one keeps when its list is the same. */
const loaded = new WeakMap<Database, Snapshot>();

/** Whether two lists hold the same posts with the same fields, in the same order. */
function samePosts(a: readonly PublicPost[], b: readonly PublicPost[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (
      x.id !== y.id ||
      x.slug !== y.slug ||
      x.title !== y.title ||
      x.summary !== y.summary ||
      x.coverImage !== y.coverImage ||
      x.coverAlt !== y.coverAlt ||
      x.authorName !== y.authorName ||
      x.readingMinutes !== y.readingMinutes ||
      x.publishAt !== y.publishAt ||
      x.updatedAt !== y.updatedAt ||
      x.tags.length !== y.tags.length ||
      x.tags.some((tag, t) => tag !== y.tags[t])
    )
      return false;
  }
  return true;
}

/** A fresh snapshot; the values made from the previous one's list are kept when the list has not changed. */
async function load(db: Database, previous: Snapshot | null): Promise<Snapshot> {
  const { posts, dbNow, nextPublishAt } = await loadPublicIndex(db, PUBLIC_INDEX_MAX);
  const untilNext = nextPublishAt ? Math.max(0, nextPublishAt.getTime() - dbNow.getTime()) : Infinity;
  const list = posts.map((p) => ({ ...p, publishAt: p.publishAt ?? p.createdAt }));
  const snap: Snapshot = {
    posts: list,
    bySlug: new Map(list.map((p) => [p.slug, p])),
    expiresAt: Date.now() + Math.min(PUBLIC_CACHE_TTL_MS, untilNext),
    rendered: new Map(),
    derived: previous && samePosts(previous.posts, list) ? previous.derived : new Map(),
  };
  loaded.set(db, snap);
  return snap;
}

async function snapshot(db: Database): Promise<Snapshot> {
  const cached = snapshots.get(db);
  const generation = publicBlogGeneration();
  if (cached && generations.get(db) === generation) {
    const current = await cached.catch(() => null);
    if (current && current.expiresAt > Date.now()) return current;
  }
  const fresh = load(db, loaded.get(db) ?? null);
  snapshots.set(db, fresh);
  generations.set(db, generation);
  fresh.catch(() => snapshots.delete(db));
  return fresh;
}

/** Public posts, newest first. */
export async function publicPosts(db: Database): Promise<PublicPost[]> {
  return (await snapshot(db)).posts;
}

/**
 * `make(posts)` for the current public posts, made once and shared until the list changes (a
 * write, a scheduled publication, another process's edit seen after the TTL): a response built
 * from every post (sitemap.xml) costs each request a lookup, not the list's length
 * (docs/requirements/operations.md#request-limits). `key` names the value; one key, one kind of value.
 * `stamp` names what else it is made from (the pages' dates): another stamp makes it again, in place.
 */
export async function fromPublicPosts<T>(
  db: Database,
  key: string,
  make: (posts: readonly PublicPost[]) => Promise<T>,
  stamp = "",
): Promise<T> {
  const snap = await snapshot(db);
  const kept = snap.derived.get(key) as { stamp: string; made: Promise<T> } | undefined;
  if (kept && kept.stamp === stamp) return kept.made;
  const made = make(snap.posts);
  const entry = { stamp, made };
  snap.derived.set(key, entry);
  made.catch(() => {
    if (snap.derived.get(key) === entry) snap.derived.delete(key);
  });
  return made;
}

/** A public post without its body (a social card's title, docs/requirements/public-site.md#social-cards); null when there is none at that slug. */
export async function publicPostSummary(db: Database, slug: string): Promise<PublicPost | null> {
  return (await snapshot(db)).bySlug.get(slug) ?? null;
}

/** A public post with its rendered, sanitised body; null when there is none at that slug (yet). */
export async function publicPost(db: Database, slug: string): Promise<{ post: PublicPost; html: string } | null> {
  const snap = await snapshot(db);
  const post = snap.bySlug.get(slug);
  if (!post) return null;
  let rendered = snap.rendered.get(slug);
  if (!rendered) {
    if (snap.rendered.size >= RENDERED_MAX) snap.rendered.delete(snap.rendered.keys().next().value!);
    rendered = (async () => {
      // The HTML made at save; a post saved before that is rendered once (in the worker) and stored.
      const row = await getPublicBody(db, slug);
      return row === null
        ? null
        : storedHtml(`post:${row.id}`, row, { topHeadingH2: true }, (html, key) => storePostHtml(db, row.id, row.body, { html, key }));
    })();
    snap.rendered.set(slug, rendered);
    rendered.catch(() => snap.rendered.delete(slug));
  }
  const html = await rendered;
  return html === null ? null : { post, html };
}
