/**
 * The blog as visitors see it, kept in this process's memory (ADR 015, docs/requirements.md#blog):
 * one snapshot of every public post (no bodies), read from the database at most every
 * PUBLIC_CACHE_TTL_MS, and never past the next scheduled publication, so a scheduled post appears
 * on time. The bodies' HTML, made at save (ADR 017), is kept beside it. A write in this process drops it at once
 * (invalidatePublicBlog); other processes converge within the TTL.
 */
import type { Database } from "~/db/client.server";
import { storedHtml } from "~/docs/markdown.server";
import { PUBLIC_CACHE_TTL_MS } from "./blog-rules";
import { getPublicBody, loadPublicIndex, storePostHtml } from "./posts.server";

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
}

const snapshots = new WeakMap<Database, Promise<Snapshot>>();
let generation = 0;
const generations = new WeakMap<Database, number>();

/** Drops the cached blog (every database's) in this process: the next visitor reads it again. */
export function invalidatePublicBlog(): void {
  generation++;
}

async function load(db: Database): Promise<Snapshot> {
  const { posts, dbNow, nextPublishAt } = await loadPublicIndex(db, PUBLIC_INDEX_MAX);
  const untilNext = nextPublishAt ? Math.max(0, nextPublishAt.getTime() - dbNow.getTime()) : Infinity;
  const list = posts.map((p) => ({ ...p, publishAt: p.publishAt ?? p.createdAt }));
  return {
    posts: list,
    bySlug: new Map(list.map((p) => [p.slug, p])),
    expiresAt: Date.now() + Math.min(PUBLIC_CACHE_TTL_MS, untilNext),
    rendered: new Map(),
  };
}

async function snapshot(db: Database): Promise<Snapshot> {
  const cached = snapshots.get(db);
  if (cached && generations.get(db) === generation) {
    const current = await cached.catch(() => null);
    if (current && current.expiresAt > Date.now()) return current;
  }
  const fresh = load(db);
  snapshots.set(db, fresh);
  generations.set(db, generation);
  fresh.catch(() => snapshots.delete(db));
  return fresh;
}

/** Public posts, newest first. */
export async function publicPosts(db: Database): Promise<PublicPost[]> {
  return (await snapshot(db)).posts;
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
