/**
 * Leads in the database: stored before the visitor is told anything, listed and worked by
 * administrators, exported. The e-mail outbox state lives on the same row (see outbox.server.ts).
 */
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { containing } from "~/db/like-pattern";
import { leads, LEADS_SEARCH_SEPARATOR, leadsSearchText, type NotifyStatus } from "~/db/schema.server";
import { keysetBatches } from "~/lib/keyset-batches.server";

import type { ContactInput } from "./contact-schema";
import { PAGE_SIZE, type LeadFilter } from "./query";

export type Lead = typeof leads.$inferSelect;

/**
 * Stores a lead. A submission id already stored (the same form sent again) stores nothing: the
 * earlier lead comes back with `created: false`, also when both arrive at once (the unique index
 * decides, the second insert waits for the first and does nothing).
 */
export async function insertLead(
  db: Database,
  input: ContactInput,
  options: { notify: boolean },
): Promise<{ id: string; createdAt: Date; created: boolean; lead: Lead }> {
  const [row] = await db
    .insert(leads)
    .values({
      formType: input.form_type,
      fullName: input.full_name,
      email: input.email,
      phone: input.phone ?? null,
      company: input.company,
      companySize: input.company_size ?? null,
      service: input.service ?? null,
      message: input.message,
      referralSource: input.referral_source ?? null,
      utmSource: input.utm_source ?? null,
      utmMedium: input.utm_medium ?? null,
      utmCampaign: input.utm_campaign ?? null,
      landingPage: input.landing_page ?? null,
      referrerHost: input.referrer_host ?? null,
      submissionId: input.submission_id ?? null,
      notifyStatus: options.notify ? "pending" : "off",
    })
    .onConflictDoNothing({ target: leads.submissionId })
    .returning();
  if (row) return { id: row.id, createdAt: row.createdAt, created: true, lead: row };
  const earlier = input.submission_id ? await leadBySubmission(db, input.submission_id) : undefined;
  if (!earlier) throw new Error("The lead was neither stored nor found by its submission id");
  return { id: earlier.id, createdAt: earlier.createdAt, created: false, lead: earlier };
}

/** The lead stored from the submission with this id, if any. */
export async function leadBySubmission(db: Database, submissionId: string): Promise<Lead | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.submissionId, submissionId));
  return row;
}

export interface LeadQuery {
  q?: string;
  status?: LeadFilter;
}

function whereOf({ q, status = "all" }: LeadQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (status === "open") conditions.push(isNull(leads.handledAt));
  if (status === "handled") conditions.push(isNotNull(leads.handledAt));
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

export const listColumns = {
  id: leads.id,
  createdAt: leads.createdAt,
  fullName: leads.fullName,
  email: leads.email,
  company: leads.company,
  service: leads.service,
  handledAt: leads.handledAt,
  notifyStatus: leads.notifyStatus,
};

export type LeadSummary = Pick<Lead, keyof typeof listColumns>;

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

/** The query behind `countOpen`, for the plan test: it reads the partial index of open leads. */
export const countOpenQuery = (db: Database) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(isNull(leads.handledAt));

/** Open leads, for the list's filter labels. */
export async function countOpen(db: Database): Promise<number> {
  const [{ n }] = await countOpenQuery(db);
  return n;
}

export async function getLead(db: Database, id: string): Promise<Lead | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}

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
    .select()
    .from(leads)
    .where(and(whereOf(query), keyset))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(batch);
}

/** Every matching lead, newest first, in pages of `batch` (keyset: the export never holds them all). */
export async function* leadsForExport(db: Database, query: LeadQuery, batch = 500): AsyncGenerator<Lead[]> {
  yield* keysetBatches((afterId) => leadsExportBatch(db, query, afterId, batch), batch);
}

/** Marks a lead handled by `userId`, or reopens it (userId null). False when there is no such lead. */
export async function setHandled(db: Database, id: string, userId: string | null): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set(
      userId
        ? { handledAt: sql`coalesce(${leads.handledAt}, now())`, handledBy: userId, updatedAt: sql`now()` }
        : { handledAt: null, handledBy: null, updatedAt: sql`now()` },
    )
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/** Puts a failed (or never sent) notification back in the outbox, due now. */
export async function requeueNotification(db: Database, id: string): Promise<boolean> {
  const retryable: NotifyStatus[] = ["failed", "off"];
  const rows = await db
    .update(leads)
    .set({ notifyStatus: "pending", notifyAttempts: 0, notifyNextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(leads.id, id), or(...retryable.map((s) => eq(leads.notifyStatus, s)))))
    .returning({ id: leads.id });
  return rows.length > 0;
}
