/**
 * Every change to a lead, in one module (docs/requirements/leads.md#pipeline, ADR 030): the lead a
 * submission stores (`insertLead`), the hand-over of a genuine lead to sales (`handToSales`), the
 * changes staff make (`changeLead`: status, owner, note; Spam and Not spam are status changes) and
 * a notification put back in the outbox (`requeueNotification`). Only the outbox's own bookkeeping
 * (claimed, sent, failed: app/leads/outbox.server.ts) writes a lead elsewhere.
 *
 * `changeLead` runs each change in one transaction: the lead's row locked, the change checked
 * against what the form expected (the status or owner it showed: a change made by someone else in
 * between is a conflict, never overwritten), then who may make it, then the row, the history entry
 * (lead_events) and the audit entry written, and `afterChange` called with the lead before and after.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";

import { auditRow, type AuditEntry, type AuditEvent } from "~/auth/audit.server";
import type { Database } from "~/db/client.server";
import { auditLog, leadEvents, leads, user, userRoles, type LeadEventKind, type NotifyStatus, type SpamReason } from "~/db/schema.server";
import { hasControlCharacterInText } from "~/lib/control-characters";
import { formatDateTime } from "~/lib/format-date";
import { enqueueLeadEvent } from "~/webhooks/queue.server";

import type { ContactInput } from "./contact-schema";
import { NOTE_MAX, ownerAction, permission, STATUS_LABELS, type LeadAction, type LeadStatus } from "./pipeline";

export type Lead = typeof leads.$inferSelect;
export type LeadEvent = typeof leadEvents.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// --- A submission ------------------------------------------------------------------------------

/**
 * Stores a lead: genuine (status New, handed to sales in the same transaction) or caught as spam
 * (`spam`: its reasons; status Spam, held back from sales). A submission id already stored (the
 * same form sent again) stores nothing: the earlier lead comes back with `created: false`, also
 * when both arrive at once (the unique index decides, the second insert waits for the first and
 * does nothing).
 */
export async function insertLead(
  db: Database,
  input: ContactInput,
  options: { notify: boolean; spam?: SpamReason[] | null },
): Promise<{ id: string; createdAt: Date; created: boolean; lead: Lead }> {
  const spam = options.spam?.length ? options.spam : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
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
        status: spam ? "spam" : "new",
        spamReasons: spam,
        // Not sales' until handToSales says so, just below (or at "Not spam").
        notifyStatus: "held",
      })
      .onConflictDoNothing({ target: leads.submissionId })
      .returning();
    if (row) {
      const lead = spam ? row : ((await handToSales(tx, row.id, options)) ?? row);
      return { id: lead.id, createdAt: lead.createdAt, created: true, lead };
    }
    const [earlier] = input.submission_id ? await tx.select().from(leads).where(eq(leads.submissionId, input.submission_id)) : [];
    if (!earlier) throw new Error("The lead was neither stored nor found by its submission id");
    return { id: earlier.id, createdAt: earlier.createdAt, created: false, lead: earlier };
  });
}

/**
 * Hands a genuine lead to sales: its e-mail queued in the outbox, due now ("off" when e-mail
 * notifications are off, docs/requirements/leads.md#leads). The one place a lead becomes sales':
 * called at a genuine submission (insertLead) and at "Not spam" (changeLead), in the transaction
 * of that change. A lead already handed over (its e-mail sent, pending, failed or off) is not
 * handed over again: null then. Its `lead.created` webhooks are queued here too (ADR 031), so a
 * lead caught as spam sends none until "Not spam", and no lead sends two.
 */
export async function handToSales(tx: Tx, leadId: string, options: { notify: boolean }): Promise<Lead | null> {
  const [handed] = await tx
    .update(leads)
    .set({ notifyStatus: options.notify ? "pending" : "off", notifyAttempts: 0, notifyNextAttemptAt: sql`now()` })
    .where(and(eq(leads.id, leadId), eq(leads.notifyStatus, "held" satisfies NotifyStatus)))
    .returning();
  if (!handed) return null;
  await enqueueLeadEvent(tx, "lead.created", { ...handed, owner: (await personOf(tx, handed.ownerId)) ?? null });
  return handed;
}

/** Puts a failed (or never sent) notification back in the outbox, due now. Not a lead held back as spam. */
export async function requeueNotification(db: Database, id: string): Promise<boolean> {
  const retryable: NotifyStatus[] = ["failed", "off"];
  const rows = await db
    .update(leads)
    .set({ notifyStatus: "pending", notifyAttempts: 0, notifyNextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(leads.id, id), or(...retryable.map((s) => eq(leads.notifyStatus, s)))))
    .returning({ id: leads.id });
  return rows.length > 0;
}

// --- Staff's changes ---------------------------------------------------------------------------

/**
 * A change to a lead, with what the form showed before it (`from`): a status (Spam and Not spam
 * included), an owner (a user id; null: nobody), or a note.
 */
export type LeadChange =
  | { kind: "status"; from: LeadStatus; to: LeadStatus }
  | { kind: "owner"; from: string | null; to: string | null }
  | { kind: "note"; text: string };

/** Who makes a change. */
export interface ChangedBy {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export type ChangeResult =
  | {
      ok: true;
      before: Lead;
      after: Lead;
      event: LeadEvent;
      /** Not spam: the lead was handed to sales now (the outbox has its e-mail: kick it). */
      handedOver: boolean;
    }
  | { ok: false; code: "not-found"; message: string }
  | { ok: false; code: "forbidden"; message: string }
  | { ok: false; code: "conflict" | "invalid"; message: string; field: "status" | "owner" | "note" };

/** What is said of an owner: their name, else their e-mail. */
const personName = (p: { name: string | null; email: string } | undefined) => (p ? p.name?.trim() || p.email : null);

/** The accounts a lead can be assigned to: staff who can sign in and work leads (not editors; administrators included). */
export const assignableCondition = sql`not (coalesce(${user.banned}, false) and (${user.banExpires} is null or ${user.banExpires} > now()))
  and (exists (select 1 from ${userRoles} r where r.user_id = ${user.id} and r.role = 'admin')
       or not exists (select 1 from ${userRoles} r where r.user_id = ${user.id} and r.role = 'editor'))`;

/** Everyone a lead can be assigned to, by name (docs/requirements/leads.md#who-may-do-what). */
export async function assignableStaff(db: Pick<Database, "select">): Promise<{ id: string; name: string; email: string }[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(assignableCondition)
    .orderBy(sql`lower(coalesce(nullif(${user.name}, ''), ${user.email}))`, user.email);
  return rows.map((r) => ({ ...r, name: personName(r)! }));
}

async function personOf(tx: Tx, id: string | null, onlyAssignable = false) {
  if (!id) return undefined;
  const [row] = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(onlyAssignable ? and(eq(user.id, id), assignableCondition) : eq(user.id, id));
  return row;
}

/** Writes an audit entry in the change's transaction: it commits with the change, or neither does (recordAudit would swallow a failure). */
const audit = (tx: Tx, entry: AuditEntry) => tx.insert(auditLog).values(auditRow(entry));

/** The latest entry of `kind` in the lead's history: who changed it last, and when. */
async function lastEvent(tx: Tx, leadId: string, kind: LeadEventKind) {
  const [row] = await tx
    .select()
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, kind)))
    .orderBy(desc(leadEvents.at), desc(leadEvents.id))
    .limit(1);
  return row;
}

const NOTHING_CHANGED = "Nothing was changed: the page shows the lead as it is now; choose again if you still want to.";

/** A conflict: the lead changed since the page was shown, said with who changed it and when. */
async function conflict(tx: Tx, lead: Lead, change: Exclude<LeadChange, { kind: "note" }>, ownerNow: string | null): Promise<ChangeResult> {
  const last = await lastEvent(tx, lead.id, change.kind);
  const who = last?.actorName ?? "Someone";
  const when = last ? ` at ${formatDateTime(last.at)}` : "";
  let message: string;
  if (change.kind === "status") {
    message = last
      ? `${who} changed its status to ${STATUS_LABELS[lead.status]}${when}, after you opened this page.`
      : `Its status is ${STATUS_LABELS[lead.status]} now, not ${STATUS_LABELS[change.from]}.`;
  } else {
    const now = ownerNow ? `${ownerNow} owns it` : "nobody owns it";
    message = last ? `${who} changed its owner${when}, after you opened this page: ${now} now.` : `Its owner changed: ${now} now.`;
  }
  return { ok: false, code: "conflict", field: change.kind, message: `${message} ${NOTHING_CHANGED}` };
}

/** A note as it is kept: line ends made "\n", trimmed. */
export const noteText = (text: string) => text.replace(/\r\n?/g, "\n").trim();

/** Why a note cannot be kept, or null. The form's schema says the same first (app/routes/admin/lead.server.ts). */
export function noteProblem(text: string): string | null {
  if (!text) return "Write the note first.";
  if (text.length > NOTE_MAX) return `Keep a note under ${NOTE_MAX.toLocaleString("en-US")} characters.`;
  if (hasControlCharacterInText(text)) return "Use letters, numbers and punctuation only.";
  return null;
}

/** What an applied change did, for the history, the audit log and whatever follows a change. */
interface Applied {
  before: Lead;
  after: Lead;
  change: LeadChange;
  event: LeadEvent;
  by: ChangedBy;
  request?: Request | Headers | null;
}

const AUDIT_OF: Record<LeadAction, AuditEvent> = {
  note: "lead-note-added",
  status: "lead-status-changed",
  spam: "lead-marked-spam",
  claim: "lead-owner-changed",
  release: "lead-owner-changed",
  assign: "lead-owner-changed",
};

function actionOf(change: LeadChange, by: ChangedBy, ownerNow: string | null): LeadAction {
  if (change.kind === "note") return "note";
  if (change.kind === "owner") return ownerAction(by.id, ownerNow, change.to);
  return change.to === "spam" || change.from === "spam" ? "spam" : "status";
}

function auditEventOf(applied: Pick<Applied, "change" | "before">, action: LeadAction): AuditEvent {
  if (applied.change.kind === "status" && applied.before.status === "spam") return "lead-marked-not-spam";
  return AUDIT_OF[action];
}

/**
 * Runs in the transaction of every change, with the lead before and after: the audit entry (with
 * the lead's id), and the `lead.updated` webhooks (ADR 031; none while the lead is spam, and none
 * for the change that hands it to sales, which sends its `lead.created`).
 */
async function afterChange(tx: Tx, applied: Applied, action: LeadAction, handedOver: boolean): Promise<void> {
  const { before, after, change, event, by } = applied;
  const detail =
    change.kind === "note"
      ? `Lead ${after.id}: a note of ${(event.note ?? "").length} characters`
      : change.kind === "status"
        ? `Lead ${after.id}: ${STATUS_LABELS[before.status]} → ${STATUS_LABELS[after.status]}`
        : `Lead ${after.id}: ${event.fromName ?? "nobody"} → ${event.toName ?? "nobody"}`;
  await audit(tx, {
    event: auditEventOf(applied, action),
    outcome: "success",
    actor: { id: by.id, email: by.email },
    target: { id: after.id },
    request: applied.request,
    detail,
  });
  if (!handedOver) await enqueueLeadEvent(tx, "lead.updated", { ...after, owner: (await personOf(tx, after.ownerId)) ?? null });
}

/**
 * Makes one change to a lead (docs/requirements/leads.md#pipeline), or says why not: no such lead;
 * a conflict (the lead's status or owner is no longer what the form showed: someone changed it);
 * a value that is not allowed (an unknown status, an owner who cannot work leads, an empty or too
 * long note); or not this person's to make (audited as refused). `notify`: whether the lead's
 * e-mail goes to sales when "Not spam" hands it over (SMTP configured).
 */
export async function changeLead(
  db: Database,
  leadId: string,
  change: LeadChange,
  options: { by: ChangedBy; notify: boolean; request?: Request | Headers | null },
): Promise<ChangeResult> {
  const { by } = options;
  return db.transaction(async (tx): Promise<ChangeResult> => {
    const [before] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
    if (!before) return { ok: false, code: "not-found", message: "There is no such lead." };
    const currentOwner = await personOf(tx, before.ownerId);
    const ownerNow = personName(currentOwner);

    // What the form showed must still hold: otherwise someone else changed it in between.
    if (change.kind === "status" && before.status !== change.from) return conflict(tx, before, change, ownerNow);
    if (change.kind === "owner" && before.ownerId !== change.from) return conflict(tx, before, change, ownerNow);

    const action = actionOf(change, by, before.ownerId);
    const allowed = permission(by, { status: before.status, ownerId: before.ownerId, ownerName: ownerNow }, action);
    if (!allowed.ok) {
      await audit(tx, {
        event: auditEventOf({ change, before }, action),
        outcome: "refused",
        actor: { id: by.id, email: by.email },
        target: { id: before.id },
        request: options.request,
        detail: `Lead ${before.id}: ${allowed.message}`,
      });
      return { ok: false, code: "forbidden", message: allowed.message };
    }

    const invalid = (field: "status" | "owner" | "note", message: string): ChangeResult => ({ ok: false, code: "invalid", field, message });
    const actorName = by.name.trim() || by.email;
    let set: Partial<typeof leads.$inferInsert> = {};
    let entry: Omit<typeof leadEvents.$inferInsert, "leadId" | "actorId" | "actorName">;
    if (change.kind === "status") {
      if (!(change.to in STATUS_LABELS)) return invalid("status", "Choose a status from the list.");
      if (change.to === before.status) return invalid("status", `It is ${STATUS_LABELS[before.status]} already.`);
      if (before.status === "spam" && change.to !== "new")
        return invalid("status", "A lead marked spam goes back to New first (Not spam).");
      set = { status: change.to };
      entry = { kind: "status", fromValue: before.status, toValue: change.to };
    } else if (change.kind === "owner") {
      if (change.to === before.ownerId) return invalid("owner", ownerNow ? `${ownerNow} owns it already.` : "Nobody owns it already.");
      const next = await personOf(tx, change.to, true);
      if (change.to !== null && !next) return invalid("owner", "Choose someone from the list: staff who can sign in and work leads.");
      set = { ownerId: change.to };
      entry = { kind: "owner", fromValue: before.ownerId, toValue: change.to, fromName: ownerNow, toName: personName(next) };
    } else {
      const text = noteText(change.text);
      const problem = noteProblem(text);
      if (problem) return invalid("note", problem);
      entry = { kind: "note", note: text };
    }

    // clock_timestamp(), not now(): the moment of the change, after the lock was had. now() is when
    // the transaction began, and one that waited for the lock would be dated before the change it follows.
    const [after] = await tx
      .update(leads)
      .set({ ...set, updatedAt: sql`clock_timestamp()` })
      .where(eq(leads.id, before.id))
      .returning();
    const [event] = await tx
      .insert(leadEvents)
      .values({ ...entry, leadId: before.id, actorId: by.id, actorName, at: sql`clock_timestamp()` })
      .returning();
    // Not spam: the lead becomes sales' now, in this transaction (unless it was theirs already).
    const handed = change.kind === "status" && before.status === "spam" ? await handToSales(tx, before.id, options) : null;
    const applied: Applied = { before, after: handed ?? after!, change, event: event!, by, request: options.request };
    await afterChange(tx, applied, action, handed !== null);
    return { ok: true, before, after: applied.after, event: applied.event, handedOver: handed !== null };
  });
}
