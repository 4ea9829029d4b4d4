/**
 * The content studio's store (docs/requirements/content-studio.md, ADR 029): drafts, publishing,
 * schedules and history of the content items, in PostgreSQL or the embedded database.
 *
 * Every write names the revision its form was made from and is refused (a conflict naming who
 * wrote last, and when) when another write came first: no lost update, even for two saves at the
 * same moment (the row is locked, then compared). Publishing writes a new version to the history,
 * clears the draft and the schedule, and notifies every process (CONTENT_CHANNEL) in the same
 * transaction, so a process reloads only what is committed.
 */
import { and, asc, desc, eq, ilike, isNotNull, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { containing } from "~/db/like-pattern";
import { contentItems, contentVersions } from "~/db/schema.server";

/** The channel every process listens on; the payload is the item's id. */
export const CONTENT_CHANNEL = "content_changed";

/** Who writes: the signed-in staff member. */
export interface Author {
  id: string;
  name: string;
}

export interface NewItem {
  id: string;
  type: string;
  title: string;
  data: unknown;
}

export type ItemRow = typeof contentItems.$inferSelect;
export type VersionRow = typeof contentVersions.$inferSelect;

/** Another write came first: who made it, and when. */
export interface Conflict {
  byName: string | null;
  at: Date;
  revision: number;
}

export type WriteResult =
  { ok: true; revision: number; version?: number } | { ok: false; conflict: Conflict; missing?: false } | { ok: false; missing: true };

/** Adds the items a fresh install (or a new content type) lacks, each published as version 1; existing items are left alone. */
export async function seedItems(db: Database, items: readonly NewItem[]): Promise<number> {
  if (items.length === 0) return 0;
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(contentItems)
      .values(items.map((i) => ({ id: i.id, type: i.type, title: i.title, published: i.data })))
      .onConflictDoNothing()
      .returning({ id: contentItems.id, published: contentItems.published });
    if (added.length > 0) {
      await tx
        .insert(contentVersions)
        .values(added.map((a) => ({ itemId: a.id, version: 1, data: a.published, note: "The site's original content" })))
        .onConflictDoNothing();
    }
    return added.length;
  });
}

/** Every item's published data: what the public site shows. */
export async function publishedContent(db: Database): Promise<{ id: string; published: unknown; publishedAt: Date }[]> {
  return db.select({ id: contentItems.id, published: contentItems.published, publishedAt: contentItems.publishedAt }).from(contentItems);
}

export interface ItemSummary {
  id: string;
  type: string;
  title: string;
  hasDraft: boolean;
  scheduledAt: Date | null;
  publishedVersion: number;
  publishedAt: Date;
  updatedAt: Date;
  updatedByName: string | null;
}

/** The studio's list, by type then title; `q` finds a word of the title, the id or the text (published or draft). */
export async function listItems(db: Database, q = ""): Promise<ItemSummary[]> {
  const term = q.trim().slice(0, 200);
  const pattern = containing(term);
  return db
    .select({
      id: contentItems.id,
      type: contentItems.type,
      title: contentItems.title,
      hasDraft: isNotNull(contentItems.draft).mapWith(Boolean),
      scheduledAt: contentItems.scheduledAt,
      publishedVersion: contentItems.publishedVersion,
      publishedAt: contentItems.publishedAt,
      updatedAt: contentItems.updatedAt,
      updatedByName: contentItems.updatedByName,
    })
    .from(contentItems)
    .where(
      term
        ? or(
            ilike(contentItems.title, pattern),
            ilike(contentItems.id, pattern),
            sql`${contentItems.published}::text ilike ${pattern}`,
            sql`coalesce(${contentItems.draft}::text, '') ilike ${pattern}`,
          )
        : undefined,
    )
    .orderBy(asc(contentItems.type), asc(contentItems.title));
}

export async function getItem(db: Database, id: string): Promise<ItemRow | null> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  return row ?? null;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Runs `write` on the item's row, locked, when its revision is still `revision`; otherwise
 * returns the conflict. `write` returns the columns to set (revision and who are added).
 */
async function writeItem(
  db: Database,
  id: string,
  revision: number,
  by: Author,
  write: (row: ItemRow, tx: Tx) => Promise<PgUpdateSetSource<typeof contentItems> & { version?: number }>,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for("update").limit(1);
    if (!row) return { ok: false, missing: true };
    if (row.revision !== revision) return { ok: false, conflict: { byName: row.updatedByName, at: row.updatedAt, revision: row.revision } };
    const { version, ...set } = await write(row, tx);
    const [updated] = await tx
      .update(contentItems)
      .set({ ...set, revision: row.revision + 1, updatedBy: by.id, updatedByName: by.name, updatedAt: sql`now()` })
      .where(eq(contentItems.id, id))
      .returning({ revision: contentItems.revision });
    return { ok: true, revision: updated!.revision, version };
  });
}

async function publishInTx(tx: Tx, row: ItemRow, data: unknown, title: string, by: Author | null, note: string | null) {
  const version = row.publishedVersion + 1;
  await tx.insert(contentVersions).values({
    itemId: row.id,
    version,
    data,
    publishedBy: by?.id ?? null,
    publishedByName: by?.name ?? null,
    note: note?.trim() ? note.trim().slice(0, 500) : null,
  });
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${row.id})`);
  return { published: data, title, publishedVersion: version, publishedAt: sql`now()`, draft: null, scheduledAt: null, version };
}

/** Keeps `data` as the item's draft: the public site does not change. */
export function saveDraft(
  db: Database,
  id: string,
  input: { revision: number; data: unknown; title: string; by: Author },
): Promise<WriteResult> {
  return writeItem(db, id, input.revision, input.by, async () => ({ draft: input.data, title: input.title }));
}

/** Publishes `data` now: a new version in the history, the draft and any schedule cleared, every process told. */
export function publishItem(
  db: Database,
  id: string,
  input: { revision: number; data: unknown; title: string; by: Author; note?: string | null },
): Promise<WriteResult> {
  return writeItem(db, id, input.revision, input.by, (row, tx) =>
    publishInTx(tx, row, input.data, input.title, input.by, input.note ?? null),
  );
}

/** Keeps `data` as the draft and publishes it at `at` (which the caller checked is in the future). */
export function scheduleItem(
  db: Database,
  id: string,
  input: { revision: number; data: unknown; title: string; by: Author; at: Date },
): Promise<WriteResult> {
  return writeItem(db, id, input.revision, input.by, async () => ({ draft: input.data, title: input.title, scheduledAt: input.at }));
}

/** The draft stays a draft; it is no longer published at the scheduled time. */
export function cancelSchedule(db: Database, id: string, input: { revision: number; by: Author }): Promise<WriteResult> {
  return writeItem(db, id, input.revision, input.by, async () => ({ scheduledAt: null }));
}

/** Throws the draft away (and its schedule): the item is its published version again. */
export function discardDraft(db: Database, id: string, input: { revision: number; by: Author; title: string }): Promise<WriteResult> {
  return writeItem(db, id, input.revision, input.by, async () => ({ draft: null, scheduledAt: null, title: input.title }));
}

/** A version of the history becomes the draft; the published version stays live until that draft is published. */
export function restoreVersion(
  db: Database,
  id: string,
  input: { revision: number; version: number; by: Author; title: (data: unknown) => string },
): Promise<WriteResult> {
  return writeItem(db, id, input.revision, input.by, async (_row, tx) => {
    const [v] = await tx
      .select({ data: contentVersions.data })
      .from(contentVersions)
      .where(and(eq(contentVersions.itemId, id), eq(contentVersions.version, input.version)))
      .limit(1);
    if (!v) throw new VersionNotFound(input.version);
    return { draft: v.data, title: input.title(v.data), scheduledAt: null };
  });
}

export class VersionNotFound extends Error {
  constructor(version: number) {
    super(`No version ${version}`);
    this.name = "VersionNotFound";
  }
}

/** A scheduled draft published (or refused by the check, and left a draft) by publishDue. */
export interface DuePublication {
  id: string;
  /** The version it became; null when `check` refused it (its schedule is cleared, its draft kept). */
  version: number | null;
  byId: string | null;
}

/**
 * Publishes every draft whose time has come, each in its own transaction. Several processes run
 * this; a row locked by one is skipped by the others (SKIP LOCKED), and its schedule is cleared
 * when it commits, so each scheduled change is published once. `check` may refuse a draft that
 * would break the content (a rule across items): its schedule is cleared and it stays a draft.
 */
export async function publishDue(db: Database, check: (id: string, data: unknown) => boolean = () => true): Promise<DuePublication[]> {
  const due = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(isNotNull(contentItems.scheduledAt), lte(contentItems.scheduledAt, sql`now()`)))
    .limit(100);
  const published: DuePublication[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx): Promise<DuePublication | null> => {
      const [row] = await tx
        .select()
        .from(contentItems)
        .where(and(eq(contentItems.id, id), isNotNull(contentItems.scheduledAt), lte(contentItems.scheduledAt, sql`now()`)))
        .for("update", { skipLocked: true })
        .limit(1);
      if (!row) return null;
      if (row.draft === null || !check(id, row.draft)) {
        await tx
          .update(contentItems)
          .set({ scheduledAt: null, revision: row.revision + 1, updatedAt: sql`now()` })
          .where(eq(contentItems.id, id));
        return row.draft === null ? null : { id, version: null, byId: row.updatedBy };
      }
      const by = row.updatedBy && row.updatedByName ? { id: row.updatedBy, name: row.updatedByName } : null;
      const { version, ...set } = await publishInTx(tx, row, row.draft, row.title, by, "Scheduled");
      await tx
        .update(contentItems)
        .set({ ...set, revision: row.revision + 1, updatedAt: sql`now()` })
        .where(eq(contentItems.id, id));
      return { id, version, byId: row.updatedBy };
    });
    if (done) published.push(done);
  }
  return published;
}

/** The item's history, newest first. */
export async function listVersions(db: Database, id: string, limit = 100, offset = 0): Promise<Omit<VersionRow, "data">[]> {
  return db
    .select({
      itemId: contentVersions.itemId,
      version: contentVersions.version,
      publishedAt: contentVersions.publishedAt,
      publishedBy: contentVersions.publishedBy,
      publishedByName: contentVersions.publishedByName,
      note: contentVersions.note,
    })
    .from(contentVersions)
    .where(eq(contentVersions.itemId, id))
    .orderBy(desc(contentVersions.version))
    .limit(limit)
    .offset(offset);
}

export async function countVersions(db: Database, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contentVersions)
    .where(eq(contentVersions.itemId, id));
  return row?.n ?? 0;
}

export async function getVersion(db: Database, id: string, version: number): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.itemId, id), eq(contentVersions.version, version)))
    .limit(1);
  return row ?? null;
}

/** Every item as stored, for the export (app/studio/transfer.server.ts). */
export async function allItems(db: Database): Promise<Pick<ItemRow, "id" | "type" | "published" | "draft" | "publishedVersion">[]> {
  return db
    .select({
      id: contentItems.id,
      type: contentItems.type,
      published: contentItems.published,
      draft: contentItems.draft,
      publishedVersion: contentItems.publishedVersion,
    })
    .from(contentItems)
    .orderBy(asc(contentItems.id));
}

/**
 * Applies checked items in one transaction (all or nothing): each becomes its item's draft, or
 * with `publish` a new published version. An item whose data is what the site shows already is
 * left alone (with its draft, if it has one). Returns the ids changed.
 */
export async function importItems(
  db: Database,
  items: readonly { id: string; title: string; data: unknown }[],
  options: { by: Author; publish: boolean },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const changed: string[] = [];
    for (const item of items) {
      const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, item.id)).for("update").limit(1);
      if (!row) continue;
      // What is live already is not a change (a draft of it is left alone). Compared with sorted
      // keys: PostgreSQL's jsonb keeps its own key order.
      if (canonicalJson(row.published) === canonicalJson(item.data)) continue;
      const set = options.publish
        ? await publishInTx(tx, row, item.data, item.title, options.by, "Imported")
        : { draft: item.data, title: item.title, scheduledAt: null };
      const { version: _version, ...columns } = set as typeof set & { version?: number };
      await tx
        .update(contentItems)
        .set({ ...columns, revision: row.revision + 1, updatedBy: options.by.id, updatedByName: options.by.name, updatedAt: sql`now()` })
        .where(eq(contentItems.id, item.id));
      changed.push(item.id);
    }
    return changed;
  });
}

/** JSON with every object's keys sorted: equal for equal data, whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
