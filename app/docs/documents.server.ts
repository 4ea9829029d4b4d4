/**
 * The document library's data (docs/requirements/blog-and-documents.md#documents): list with filters, read, create, update,
 * publish and delete. Slugs are unique across the library; a clash names the document that holds
 * the slug and stores nothing.
 */
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { containing } from "~/db/like-pattern";
import { documents, user, type DocumentCollection } from "~/db/schema.server";
import type { StoredRendering } from "~/markdown/markdown.server";

import { LIST_LIMIT, type CollectionKey, type ListSort, type ListStatus } from "./document-rules";
import type { DocumentInput } from "./document-schema";

// The editor's list and the database's list are one list: this fails to compile when they differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const COLLECTIONS_AGREE: Same<CollectionKey, DocumentCollection> = true;
void COLLECTIONS_AGREE;

export class SlugTakenError extends Error {
  readonly code = "slug_taken";
  constructor(
    public readonly slug: string,
    public readonly holderTitle: string,
  ) {
    super(`That slug is already used by “${holderTitle}”.`);
    this.name = "SlugTakenError";
  }
}

export interface DocumentRow {
  id: string;
  title: string;
  slug: string;
  collection: DocumentCollection;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  author: string | null;
}

export interface DocumentRecord extends DocumentRow {
  body: string;
}

/** The columns a save writes for the rendering: none given, the text is rendered on its first read. */
const renderingColumns = (rendered: StoredRendering | undefined) => ({ html: rendered?.html ?? null, htmlRenderer: rendered?.key ?? null });

export interface ListFilter {
  collection?: DocumentCollection;
  /** Words matched anywhere in the title, slug or body (case-insensitive). */
  q?: string;
  status?: ListStatus;
  sort?: ListSort;
}

const columns = {
  id: documents.id,
  title: documents.title,
  slug: documents.slug,
  collection: documents.collection,
  published: documents.published,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  authorName: user.name,
  authorEmail: user.email,
};

type Selected = { createdAt: Date; updatedAt: Date; authorName: string | null; authorEmail: string | null };
function toRow<T extends Selected>(r: T) {
  const { authorName, authorEmail, createdAt, updatedAt, ...rest } = r;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString(), author: authorEmail ?? authorName ?? null };
}

export async function listDocuments(db: Database, filter: ListFilter = {}): Promise<{ rows: DocumentRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.collection) where.push(eq(documents.collection, filter.collection));
  if (filter.status === "published") where.push(eq(documents.published, true));
  if (filter.status === "draft") where.push(eq(documents.published, false));
  for (const word of (filter.q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = containing(word);
    where.push(or(ilike(documents.title, pattern), ilike(documents.slug, pattern), ilike(documents.body, pattern))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const order =
    filter.sort === "title" ? [asc(sql`lower(${documents.title})`), asc(documents.slug)] : [desc(documents.updatedAt), asc(documents.slug)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(documents)
      .leftJoin(user, eq(user.id, documents.authorId))
      .where(condition)
      .orderBy(...order)
      .limit(LIST_LIMIT),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(documents)
      .where(condition),
  ]);
  return { rows: rows.map(toRow), total: Number(total) };
}

export async function getDocument(db: Database, id: string): Promise<DocumentRecord | null> {
  const [row] = await db
    .select({ ...columns, body: documents.body })
    .from(documents)
    .leftJoin(user, eq(user.id, documents.authorId))
    .where(eq(documents.id, id))
    .limit(1);
  return row ? toRow(row) : null;
}

/** The published document of a collection, for the viewers; null when unknown or a draft. */
export async function getPublishedDocument(db: Database, collection: DocumentCollection, slug: string) {
  const [row] = await db
    .select({
      id: documents.id,
      title: documents.title,
      slug: documents.slug,
      body: documents.body,
      html: documents.html,
      htmlRenderer: documents.htmlRenderer,
      updatedAt: documents.updatedAt,
    })
    .from(documents)
    .where(and(eq(documents.collection, collection), eq(documents.slug, slug), eq(documents.published, true)))
    .limit(1);
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

async function slugHolder(db: Database, slug: string, exceptId?: string): Promise<string | null> {
  const [row] = await db
    .select({ title: documents.title })
    .from(documents)
    .where(exceptId ? and(eq(documents.slug, slug), ne(documents.id, exceptId)) : eq(documents.slug, slug))
    .limit(1);
  return row?.title ?? null;
}

/** Checks first (for a clear message); the unique index decides when two saves race. */
async function withSlugCheck<T>(db: Database, slug: string, exceptId: string | undefined, write: () => Promise<T>): Promise<T> {
  const holder = await slugHolder(db, slug, exceptId);
  if (holder !== null) throw new SlugTakenError(slug, holder);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlugTakenError(slug, (await slugHolder(db, slug, exceptId)) ?? "another document");
    throw error;
  }
}

export async function createDocument(
  db: Database,
  input: DocumentInput,
  authorId: string,
  options: { published?: boolean; rendered?: StoredRendering } = {},
): Promise<{ id: string }> {
  return withSlugCheck(db, input.slug, undefined, async () => {
    const [row] = await db
      .insert(documents)
      .values({
        title: input.title,
        slug: input.slug,
        collection: input.collection,
        body: input.body,
        ...renderingColumns(options.rendered),
        authorId,
        published: options.published ?? false,
      })
      .returning({ id: documents.id });
    return row;
  });
}

/** Saves the editor's fields, and the published flag when given, in one write; false when the document is gone. */
export async function updateDocument(
  db: Database,
  id: string,
  input: DocumentInput,
  options: { published?: boolean; rendered?: StoredRendering } = {},
): Promise<boolean> {
  return withSlugCheck(db, input.slug, id, async () => {
    const rows = await db
      .update(documents)
      .set({
        title: input.title,
        slug: input.slug,
        collection: input.collection,
        body: input.body,
        ...renderingColumns(options.rendered),
        ...(options.published === undefined ? {} : { published: options.published }),
        updatedAt: new Date(),
      })
      .where(eq(documents.id, id))
      .returning({ id: documents.id });
    return rows.length === 1;
  });
}

/** A document's stored rendering (html null until rendered). */
export async function getDocumentHtml(db: Database, id: string): Promise<{ html: string | null; htmlRenderer: string | null }> {
  const [row] = await db
    .select({ html: documents.html, htmlRenderer: documents.htmlRenderer })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  return row ?? { html: null, htmlRenderer: null };
}

/** Stores the rendering of a body, unless the body has changed since (a save stores its own). */
export async function storeDocumentHtml(db: Database, id: string, body: string, rendered: StoredRendering): Promise<void> {
  await db
    .update(documents)
    .set(renderingColumns(rendered))
    .where(and(eq(documents.id, id), eq(documents.body, body)));
}

export async function setPublished(db: Database, id: string, published: boolean): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ published, updatedAt: new Date() })
    .where(eq(documents.id, id))
    .returning({ id: documents.id });
  return rows.length === 1;
}

export async function deleteDocument(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(documents).where(eq(documents.id, id)).returning({ id: documents.id });
  return rows.length === 1;
}
