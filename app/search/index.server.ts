/**
 * Keeps site search's index of the content's pages up to date (docs/requirements/search.md, ADR
 * 032). The index is in the shared database, so one writer is enough, but every process reloads
 * the published content after a publication (ADR 029) and each writes what it loaded, idempotently:
 * under a transaction-scoped advisory lock, the process that finds the index already made from the
 * same documents (the hash in search_index_state) writes nothing, and one that finds it made from
 * other documents writes only the rows that differ. Whichever process reloads first has the
 * publication searchable within milliseconds of its notification. The blog's posts keep their rows
 * themselves (a trigger on blog_posts, migration 0020).
 */
import { createHash } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";

import type { SiteContent } from "~/content/site-content";
import type { Database } from "~/db/client.server";
import { searchDocuments, searchIndexState } from "~/db/schema.server";
import type { LiveContent } from "~/studio/live.server";

import { contentDocuments } from "./content-documents.server";

/** The advisory lock the writers of the content's rows take in turn (any fixed bigint: "srchidx" in ASCII). */
export const SEARCH_INDEX_LOCK_KEY = 0x73726368696478n;

/** How often the words of pages that are gone are forgotten. */
export const PRUNE_WORDS_EVERY_MS = 60 * 60_000;

/**
 * Writes the content's rows of search_documents from `content`: nothing when they were last
 * written from the same documents; otherwise the rows that changed, in one transaction.
 */
export async function syncContentIndex(db: Database, content: SiteContent): Promise<"written" | "unchanged"> {
  const docs = contentDocuments(content);
  const hash = createHash("sha256").update(JSON.stringify(docs)).digest("hex");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEARCH_INDEX_LOCK_KEY.toString()}::bigint)`);
    const [state] = await tx.select({ hash: searchIndexState.hash }).from(searchIndexState).where(eq(searchIndexState.source, "content"));
    if (state?.hash === hash) return "unchanged";
    await tx.delete(searchDocuments).where(
      and(
        eq(searchDocuments.source, "content"),
        notInArray(
          searchDocuments.key,
          docs.map((d) => d.key),
        ),
      ),
    );
    await tx
      .insert(searchDocuments)
      .values(docs.map((d) => ({ ...d, source: "content" as const, publishedAt: null })))
      .onConflictDoUpdate({
        target: searchDocuments.key,
        set: {
          source: sql`excluded.source`,
          kind: sql`excluded.kind`,
          url: sql`excluded.url`,
          title: sql`excluded.title`,
          body: sql`excluded.body`,
          publishedAt: sql`excluded.published_at`,
        },
        // A row that is the same is not written again (nor are its words looked at again).
        setWhere: sql`(${searchDocuments.kind}, ${searchDocuments.url}, ${searchDocuments.title}, ${searchDocuments.body}, ${searchDocuments.source})
          is distinct from (excluded.kind, excluded.url, excluded.title, excluded.body, excluded.source)`,
      });
    await tx
      .insert(searchIndexState)
      .values({ source: "content", hash })
      .onConflictDoUpdate({ target: searchIndexState.source, set: { hash, updatedAt: sql`now()` } });
    return "written";
  });
}

/**
 * Forgets the words no page has any more (a post deleted, a paragraph rewritten): the words that
 * suggest spellings only ever come from pages, and a suggestion is checked against the public
 * pages anyway (query.server.ts), so this only keeps the list from growing.
 */
export async function pruneSearchWords(db: Database): Promise<number> {
  const result = await db.execute(sql`delete from search_words w
    where not exists (select 1 from search_documents d where d.vector @@ plainto_tsquery('english'::regconfig, w.word))`);
  return Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );
}

export interface SearchIndex {
  stop(): void;
}

/**
 * Writes the content's rows now (from the content loaded at start), again after every reload of the
 * published content, and forgets unused words every hour. A failed write is logged; the next
 * reload writes again.
 */
export async function startSearchIndex(
  db: Database,
  content: Pick<LiveContent, "published" | "onChange">,
  log: Pick<Console, "error">,
): Promise<SearchIndex> {
  const sync = async (published: SiteContent) => {
    try {
      await syncContentIndex(db, published);
    } catch (error) {
      log.error("Site search: the index of the content's pages could not be written:", error instanceof Error ? error.message : error);
    }
  };
  await sync(content.published());
  const removeListener = content.onChange(sync);
  const timer = setInterval(() => {
    pruneSearchWords(db).catch((error: unknown) =>
      log.error("Site search: unused words could not be pruned:", error instanceof Error ? error.message : error),
    );
  }, PRUNE_WORDS_EVERY_MS);
  timer.unref();
  return {
    stop() {
      removeListener();
      clearInterval(timer);
    },
  };
}
