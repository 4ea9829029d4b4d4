/**
 * Leads read from the database: the list with its filters and counts, one lead with its history,
 * the export. Every change to a lead is in pipeline.server.ts; the e-mail outbox's state lives on
 * the same row (outbox.server.ts).
 */
import { and, desc, eq, ilike, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Database } from "~/db/client.server";
import { containing } from "~/db/like-pattern";
import { leadEvents, leads, LEADS_SEARCH_SEPARATOR, leadsSearchText, user } from "~/db/schema.server";
import { keysetBatches } from "~/lib/keyset-batches.server";

import { LEAD_STATUSES, type LeadStatus } from "./pipeline";
import type { Lead, LeadEvent } from "./pipeline.server";
import { PAGE_SIZE, type LeadFilter } from "./query";

export type { Lead, LeadEvent };

/** The owner of a lead, as the list, the page and the export name them. */
const owner = alias(user, "owner");

export interface LeadQuery {
  q?: string;
  /** all (every lead but spam), one status, or spam. */
  status?: LeadFilter;
  /** Whose leads: undefined anyone, null nobody's, or a user id. */
  ownerId?: string | null;
}

/** The search and owner conditions: the same for every status (the counts beside the status links read them alone). */
function filterOf({ q, ownerId }: Omit<LeadQuery, "status">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (ownerId === null) conditions.push(isNull(leads.ownerId));
  else if (ownerId !== undefined) conditions.push(eq(leads.ownerId, ownerId));
  const text = q?.trim();
  if (text) {
    const pattern = containing(text);
    if (text.includes(LEADS_SEARCH_SEPARATOR)) {
      // In the joined text such a term could span two fields: searched field by field, from the table.
      conditions.push(
        or(ilike(leads.fullName, pattern), ilike(leads.email, pattern), ilike(leads.company, pattern), ilike(leads.message, pattern)),
      );
    } else {
      // The trigram index's own expression (docs/requirements/leads.md#leads). A term without a trigram
      // (fewer than 3 letters or digits in a row) is answered from the table instead, the same.
      conditions.push(sql`${leadsSearchText(leads)} like lower(${pattern})`);
    }
  }
  return and(...conditions);
}

function whereOf(query: LeadQuery): SQL | undefined {
  const status = query.status ?? "all";
  return and(status === "all" ? ne(leads.status, "spam") : eq(leads.status, status), filterOf(query));
}

export const listColumns = {
  id: leads.id,
  createdAt: leads.createdAt,
  fullName: leads.fullName,
  email: leads.email,
  company: leads.company,
  service: leads.service,
  status: leads.status,
  ownerId: leads.ownerId,
  ownerName: sql<string | null>`coalesce(nullif(${owner.name}, ''), ${owner.email})`,
  spamReasons: leads.spamReasons,
  notifyStatus: leads.notifyStatus,
};

export type LeadSummary = Pick<
  Lead,
  "id" | "createdAt" | "fullName" | "email" | "company" | "service" | "status" | "ownerId" | "spamReasons" | "notifyStatus"
> & {
  ownerName: string | null;
};

/** How many leads match (named for the plan test: a search is read from the trigram index). */
export const leadsCountQuery = (db: Database, query: LeadQuery) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(leads)
    .where(whereOf(query));

/** The leads of one page of the list, newest first. */
const leadsPageQuery = (db: Database, query: LeadQuery, page: number) =>
  db
    .select(listColumns)
    .from(leads)
    .leftJoin(owner, eq(owner.id, leads.ownerId))
    .where(whereOf(query))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);

/** One page of leads, newest first, and how many match in all. */
export async function listLeads(
  db: Database,
  query: LeadQuery & { page?: number },
): Promise<{ rows: LeadSummary[]; total: number; page: number; pages: number }> {
  const [{ total }] = await leadsCountQuery(db, query);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1) || 1), pages);
  const rows = await leadsPageQuery(db, query, page);
  return { rows, total, page, pages };
}

/** The query behind `countByStatus`, for the plan test. */
export const countByStatusQuery = (db: Database, query: Omit<LeadQuery, "status">) =>
  db
    .select({ status: leads.status, n: sql<number>`count(*)::int` })
    .from(leads)
    .where(filterOf(query))
    .groupBy(leads.status);

/** How many leads of each status match the search and owner filter (every status, spam too; 0 when none). */
export async function countByStatus(db: Database, query: Omit<LeadQuery, "status">): Promise<Record<LeadStatus, number> & { all: number }> {
  const rows = await countByStatusQuery(db, query);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  const all = LEAD_STATUSES.filter((s) => s !== "spam").reduce((sum, s) => sum + counts[s], 0);
  return { ...counts, all };
}

/** One lead, with the name (or e-mail) of its owner. */
export async function getLead(
  db: Database,
  id: string,
): Promise<(Lead & { ownerName: string | null; ownerEmail: string | null }) | undefined> {
  const [row] = await db
    .select({ lead: leads, ownerName: listColumns.ownerName, ownerEmail: owner.email })
    .from(leads)
    .leftJoin(owner, eq(owner.id, leads.ownerId))
    .where(eq(leads.id, id));
  return row ? { ...row.lead, ownerName: row.ownerName, ownerEmail: row.ownerEmail } : undefined;
}

/** The most history entries a lead's page shows. */
export const HISTORY_MAX = 500;

/** A lead's history (its notes among it), newest first. */
export function leadHistory(db: Database, id: string): Promise<LeadEvent[]> {
  return db.select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(desc(leadEvents.at), desc(leadEvents.id)).limit(HISTORY_MAX);
}

/** The lead stored from the submission with this id, if any. */
export async function leadBySubmission(db: Database, submissionId: string): Promise<Lead | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.submissionId, submissionId));
  return row;
}

/** A row of the export: the lead, its owner's e-mail, and its latest note. */
export interface ExportRow extends Lead {
  ownerEmail: string | null;
  latestNote: string | null;
  latestNoteAt: Date | null;
}

/** The latest note of the lead of the row, read along lead_events' (lead_id, at, id) index. */
const latestNote = (column: "note" | "at") =>
  sql.raw(
    `(select e.${column} from lead_events e where e.lead_id = "leads"."id" and e.kind = 'note' order by e.at desc, e.id desc limit 1)`,
  );

/**
 * One batch of the leads export: the matching leads after the lead `afterId`, newest first. Read
 * along the (created_at, id) index, so that no batch sorts however many leads (ADR 018).
 */
export function leadsExportBatch(db: Database, query: LeadQuery, afterId: string | undefined, batch: number) {
  // Compared in the database: created_at has microseconds, a JavaScript Date only milliseconds.
  const keyset = afterId
    ? sql`(${leads.createdAt}, ${leads.id}) < (select l.created_at, l.id from leads l where l.id = ${afterId})`
    : undefined;
  return db
    .select({
      lead: leads,
      ownerEmail: owner.email,
      latestNote: sql<string | null>`${latestNote("note")}`,
      latestNoteAt: sql<string | null>`${latestNote("at")}`,
    })
    .from(leads)
    .leftJoin(owner, eq(owner.id, leads.ownerId))
    .where(and(whereOf(query), keyset))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(batch);
}

/** Every matching lead, newest first, in pages of `batch` (keyset: the export never holds them all). */
export async function* leadsForExport(db: Database, query: LeadQuery, batch = 500): AsyncGenerator<ExportRow[]> {
  const rows = keysetBatches(async (afterId) => {
    const found = await leadsExportBatch(db, query, afterId, batch);
    return found.map((r) => ({
      ...r.lead,
      ownerEmail: r.ownerEmail,
      latestNote: r.latestNote,
      latestNoteAt: r.latestNoteAt ? new Date(r.latestNoteAt) : null,
    }));
  }, batch);
  yield* rows;
}
