/**
 * Reading the audit log (docs/requirements/accounts.md#audit-log): the filter in the page's URL
 * (?person=&event=&from=&to=&page=), shared by /admin/audit and its CSV export, and the queries.
 * Dates are calendar days in the office's time zone, as the page shows them.
 */
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";

import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import { startingWith } from "~/db/like-pattern";
import { auditLog } from "~/db/schema.server";
import { keysetBatches } from "~/lib/keyset-batches.server";
import { CALENDAR_DAY_FORMAT, calendarDay, choice, PAGE_MAX, wholeNumber } from "~/lib/list-search";
import { wallTimeToInstant } from "~/lib/time-zone";

import { AUDIT_EVENTS, type AuditEvent } from "./audit.server";

/** Entries per page of /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;
/**
 * The list counts matching entries up to this many and no further (a year of log can hold
 * millions): the count reads at most this many index entries, and the pages reach back this far;
 * older entries are found by narrowing the dates (or in the CSV export, which has them all).
 */
export const AUDIT_COUNT_CAP = 10_000;

export type AuditEntryRow = typeof auditLog.$inferSelect;

const day = z
  .string()
  .trim()
  .regex(CALENDAR_DAY_FORMAT, "Enter dates as YYYY-MM-DD.")
  .refine((value) => calendarDay(value) !== undefined, "That date does not exist.");
const AUDIT_EVENT_NAMES = Object.keys(AUDIT_EVENTS) as AuditEvent[];

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

export const auditFilterSchema = z
  .object({
    person: z
      .string()
      .trim()
      .max(254, "Search for at most 254 characters of an e-mail address.")
      .refine((value) => !value.includes("\0"), "That search is not valid.")
      .default(""),
    event: optional(
      z
        .string()
        .refine(
          (value): value is AuditEvent => choice(value, AUDIT_EVENT_NAMES, undefined) !== undefined,
          "Choose an event from the list.",
        ),
    ),
    from: optional(day),
    to: optional(day),
    page: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const page = value === undefined || value === "" ? 1 : wholeNumber(value, 1, PAGE_MAX);
        if (page === undefined) ctx.addIssue({ code: "custom", message: "Not a page number." });
        return page ?? 1;
      }),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The start date is after the end date.", path: ["to"] });

export interface AuditFilter {
  person: string;
  event?: AuditEvent;
  from?: string;
  to?: string;
  page: number;
}

export type ParsedAuditFilter =
  | { ok: true; filter: AuditFilter }
  /** `values`: what was asked, to show back in the form. */
  | { ok: false; message: string; values: Record<string, string> };

const FILTER_FIELDS = ["person", "event", "from", "to", "page"] as const;
const FIELD_LABELS: Record<string, string> = { person: "Person", event: "Event", from: "From", to: "To", page: "Page" };

export function parseAuditFilter(url: URL): ParsedAuditFilter {
  const raw: Record<string, string> = {};
  for (const name of FILTER_FIELDS) {
    const value = url.searchParams.get(name);
    if (value !== null) raw[name] = value;
  }
  const parsed = auditFilterSchema.safeParse(raw);
  if (parsed.success) return { ok: true, filter: parsed.data as AuditFilter };
  const values = Object.fromEntries(FILTER_FIELDS.map((name) => [name, (raw[name] ?? "").replaceAll("\0", "").slice(0, 254)]));
  const issue = parsed.error.issues[0];
  const field = FIELD_LABELS[String(issue?.path[0] ?? "")];
  return { ok: false, message: issue ? `${field ? `${field}: ` : ""}${issue.message}` : "That filter is not valid.", values };
}

/** The list's (or the export's) address for a filter; empty values left out. */
export function auditHref(filter: Partial<AuditFilter>, base = "/admin/audit"): string {
  const params = new URLSearchParams();
  if (filter.person) params.set("person", filter.person);
  if (filter.event) params.set("event", filter.event);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** The instant a calendar day (YYYY-MM-DD) begins in the office's time zone. */
export function startOfDay(date: string, timeZone: string = site.timeZone): Date {
  const [y, m, d] = date.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d);
  return new Date(wallTimeToInstant(wall, timeZone));
}

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.person) {
    // By account: the beginning of an e-mail (or all of it), read from the e-mail indexes.
    const pattern = startingWith(filter.person.toLowerCase());
    conditions.push(or(sql`lower(${auditLog.actorEmail}) like ${pattern}`, sql`lower(${auditLog.targetEmail}) like ${pattern}`));
  }
  if (filter.event) conditions.push(eq(auditLog.event, filter.event));
  if (filter.from) conditions.push(gte(auditLog.at, startOfDay(filter.from)));
  if (filter.to) conditions.push(lt(auditLog.at, startOfDay(nextDay(filter.to))));
  return and(...conditions);
}

/**
 * One page of entries, newest first, with how many match: counted up to `countCap`, beyond which
 * `more` is true and the pages stop at the cap.
 */
export async function listAudit(
  db: Database,
  filter: AuditFilter,
  { countCap = AUDIT_COUNT_CAP }: { countCap?: number } = {},
): Promise<{ rows: AuditEntryRow[]; total: number; more: boolean; pages: number; page: number }> {
  const where = whereOf(filter);
  const matching = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where)
    .limit(countCap + 1)
    .as("matching");
  const [{ counted }] = await db.select({ counted: count() }).from(matching);
  const more = counted > countCap;
  const total = Math.min(counted, countCap);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filter.page, pages);
  const rows = await auditPageQuery(db, filter, page);
  return { rows, total, more, pages, page };
}

/** The entries of one page of the list (named for the plan test: a person is read from the e-mail indexes). */
export function auditPageQuery(db: Database, filter: AuditFilter, page: number) {
  return db
    .select()
    .from(auditLog)
    .where(whereOf(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
}

/**
 * One batch of the CSV export: the entries of the filter after the entry `after` (by id), newest
 * first. Read along the (at, id) index, so that no batch sorts however long the log (ADR 018).
 */
export function auditExportBatch(db: Database, filter: AuditFilter, after: string | undefined, batch: number) {
  // Compared in the database: `at` has microseconds, a JavaScript Date only milliseconds.
  const keyset = after ? sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from audit_log a where a.id = ${after})` : undefined;
  return db
    .select()
    .from(auditLog)
    .where(and(whereOf(filter), keyset))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(batch);
}

/** Every entry of the filter (all pages), newest first, in batches: for the CSV export. */
export function auditForExport(db: Database, filter: AuditFilter, batch = 500): AsyncGenerator<AuditEntryRow[]> {
  return keysetBatches((after) => auditExportBatch(db, filter, after, batch), batch);
}

export const OUTCOME_LABELS = { success: "Success", failure: "Failed", refused: "Refused" } as const;

export const eventLabel = (event: string) => (Object.hasOwn(AUDIT_EVENTS, event) ? AUDIT_EVENTS[event as AuditEvent] : event);
export const outcomeLabel = (outcome: string) =>
  Object.hasOwn(OUTCOME_LABELS, outcome) ? OUTCOME_LABELS[outcome as keyof typeof OUTCOME_LABELS] : outcome;
