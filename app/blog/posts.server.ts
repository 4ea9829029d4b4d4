/**
 * The blog's data (docs/requirements/blog-and-documents.md#blog): posts for the admin area (every state) and for
 * visitors (published and due, by the database's clock). Slugs are unique; a clash names the post
 * that holds the slug and stores nothing. Every write drops this process's public cache
 * (public.server.ts); other processes see it within PUBLIC_CACHE_TTL_MS.
 */
import { and, desc, eq, gt, ilike, isNotNull, lte, ne, sql, type SQL } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { containing } from "~/db/like-pattern";
import { blogPosts, redirects, type PostStatus } from "~/db/schema.server";
import type { StoredRendering } from "~/markdown/markdown.server";

import { ADMIN_LIST_LIMIT, postPath, readingMinutes } from "./blog-rules";
import type { PostInput } from "./post-schema";
import { invalidatePublicBlog } from "./public-blog-generation.server";

export class PostSlugTakenError extends Error {
  readonly code = "slug_taken";
  constructor(
    public readonly slug: string,
    public readonly holderTitle: string,
  ) {
    super(`That slug is already used by the post “${holderTitle}”.`);
    this.name = "PostSlugTakenError";
  }
}

/** A slug whose address an active redirect rule answers: saving it would silently end that rule. */
export class PostSlugRedirectedError extends Error {
  readonly code = "slug_redirected";
  constructor(public readonly slug: string) {
    super(`A redirect rule already sends ${postPath(slug)} elsewhere: delete that rule first, or choose another slug.`);
    this.name = "PostSlugRedirectedError";
  }
}

export interface PostRecord {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  coverImage: string | null;
  coverAlt: string | null;
  authorName: string;
  tags: string[];
  readingMinutes: number;
  status: PostStatus;
  publishAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PostListRow = Omit<PostRecord, "body">;

/** Public and due: published, with a publication time the database's clock has reached. */
export const isPublic = (): SQL =>
  and(eq(blogPosts.status, "published"), isNotNull(blogPosts.publishAt), lte(blogPosts.publishAt, sql`now()`))!;

const listColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  summary: blogPosts.summary,
  coverImage: blogPosts.coverImage,
  coverAlt: blogPosts.coverAlt,
  authorName: blogPosts.authorName,
  tags: blogPosts.tags,
  readingMinutes: blogPosts.readingMinutes,
  status: blogPosts.status,
  publishAt: blogPosts.publishAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

type Dated = { publishAt: Date | null; createdAt: Date; updatedAt: Date };
function toRow<T extends Dated>(row: T) {
  return {
    ...row,
    publishAt: row.publishAt ? new Date(row.publishAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The admin list: every state, newest first, optionally searched by title. */
export async function listAllPosts(db: Database, q = ""): Promise<{ rows: PostListRow[]; total: number }> {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const condition = words.length ? and(...words.map((w) => ilike(blogPosts.title, containing(w)))) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(listColumns)
      .from(blogPosts)
      .where(condition)
      .orderBy(desc(sql`coalesce(${blogPosts.publishAt}, ${blogPosts.createdAt})`), desc(blogPosts.createdAt))
      .limit(ADMIN_LIST_LIMIT),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(blogPosts)
      .where(condition),
  ]);
  return { rows: rows.map(toRow), total: Number(total) };
}

export async function getPost(db: Database, id: string): Promise<PostRecord | null> {
  const [row] = await db
    .select({ ...listColumns, body: blogPosts.body })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row ? toRow(row) : null;
}

/** Every public post (no body), newest first, with the database's clock and its next scheduled publication. */
export async function loadPublicIndex(db: Database, limit: number) {
  const [rows, [clock]] = await Promise.all([
    db.select(listColumns).from(blogPosts).where(isPublic()).orderBy(desc(blogPosts.publishAt), desc(blogPosts.createdAt)).limit(limit),
    db
      .select({
        now: sql<string>`now()`.mapWith((v: unknown) => new Date(v as string)),
        next: sql<string | null>`min(${blogPosts.publishAt})`.mapWith((v: unknown) => (v ? new Date(v as string) : null)),
      })
      .from(blogPosts)
      .where(and(eq(blogPosts.status, "published"), gt(blogPosts.publishAt, sql`now()`))),
  ]);
  return {
    posts: rows.map(toRow),
    dbNow: (clock?.now as unknown as Date | undefined) ?? new Date(),
    nextPublishAt: (clock?.next as unknown as Date | null | undefined) ?? null,
  };
}

/** The body of a public post and its stored rendering; null when it is not (or no longer) public. */
export async function getPublicBody(db: Database, slug: string) {
  const [row] = await db
    .select({ id: blogPosts.id, body: blogPosts.body, html: blogPosts.html, htmlRenderer: blogPosts.htmlRenderer })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublic()))
    .limit(1);
  return row ?? null;
}

/** The stored rendering of a post's body, as the editor's preview starts with. */
export async function getPostHtml(db: Database, id: string) {
  const [row] = await db
    .select({ html: blogPosts.html, htmlRenderer: blogPosts.htmlRenderer })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row ?? null;
}

/** Stores the rendering of a body, unless the body has changed since (a save stores its own). */
export async function storePostHtml(db: Database, id: string, body: string, rendered: StoredRendering): Promise<void> {
  await db
    .update(blogPosts)
    .set({ html: rendered.html, htmlRenderer: rendered.key })
    .where(and(eq(blogPosts.id, id), eq(blogPosts.body, body)));
}

async function slugHolder(db: Database, slug: string, exceptId?: string): Promise<string | null> {
  const [row] = await db
    .select({ title: blogPosts.title })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  return row?.title ?? null;
}

async function withSlugCheck<T>(db: Database, slug: string, exceptId: string | undefined, write: () => Promise<T>): Promise<T> {
  const holder = await slugHolder(db, slug, exceptId);
  if (holder !== null) throw new PostSlugTakenError(slug, holder);
  const [rule] = await db
    .select({ id: redirects.id })
    .from(redirects)
    .where(eq(redirects.source, postPath(slug)))
    .limit(1);
  if (rule) throw new PostSlugRedirectedError(slug);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new PostSlugTakenError(slug, (await slugHolder(db, slug, exceptId)) ?? "another post");
    throw error;
  }
}

/** How a save changes publication: keep it, a draft, published now (the database's clock) or at a time. */
export type Publication = { kind: "keep" } | { kind: "draft" } | { kind: "now" } | { kind: "at"; at: Date };

function publicationColumns(publication: Publication) {
  switch (publication.kind) {
    case "keep":
      return {};
    case "draft":
      return { status: "draft" as const };
    case "now":
      return { status: "published" as const, publishAt: sql`now()` };
    case "at":
      return { status: "published" as const, publishAt: publication.at };
  }
}

function fields(input: PostInput, rendered: StoredRendering | undefined) {
  return {
    // None given (the importer, tests): rendered on the first read.
    html: rendered?.html ?? null,
    htmlRenderer: rendered?.key ?? null,
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    body: input.body,
    coverImage: input.coverImage,
    coverAlt: input.coverAlt,
    authorName: input.authorName,
    tags: input.tags,
    readingMinutes: readingMinutes(input.body),
  };
}

export async function createPost(
  db: Database,
  input: PostInput,
  publication: Publication,
  userId: string | null,
  options: { createdAt?: Date; rendered?: StoredRendering } = {},
): Promise<{ id: string }> {
  const [row] = await withSlugCheck(db, input.slug, undefined, () =>
    db
      .insert(blogPosts)
      .values({
        ...fields(input, options.rendered),
        ...(publication.kind === "keep" ? {} : publicationColumns(publication)),
        updatedBy: userId,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning({ id: blogPosts.id }),
  );
  invalidatePublicBlog();
  return row;
}

/** Saves the fields and the publication change in one write; false when the post is gone. */
export async function updatePost(
  db: Database,
  id: string,
  input: PostInput,
  publication: Publication,
  userId: string | null,
  rendered?: StoredRendering,
): Promise<boolean> {
  const rows = await withSlugCheck(db, input.slug, id, () =>
    db
      .update(blogPosts)
      .set({ ...fields(input, rendered), ...publicationColumns(publication), updatedBy: userId, updatedAt: sql`now()` })
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id }),
  );
  invalidatePublicBlog();
  return rows.length === 1;
}

/** Publication alone (unpublish); false when the post is gone. */
export async function setPublication(db: Database, id: string, publication: Publication, userId: string | null): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ ...publicationColumns(publication), updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  invalidatePublicBlog();
  return rows.length === 1;
}

export async function deletePost(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  invalidatePublicBlog();
  return rows.length === 1;
}

/** Whether any post (any state) holds this slug: a redirect rule must not take its address. */
export async function postSlugExists(db: Database, slug: string): Promise<boolean> {
  return (await slugHolder(db, slug)) !== null;
}
