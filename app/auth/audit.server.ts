/**
 * The audit log of account events (docs/requirements/accounts.md#audit-log). recordAudit is the one way an
 * entry is written: it never throws (a failed write is logged on one line and the action goes on),
 * never stores a secret, and takes the client address and browser from the request the server saw.
 */
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema.server";
import { log } from "~/lib/log.server";
import { oneLine } from "~/lib/one-line";

import { CLIENT_IP_HEADER } from "./config";

/** Every event the log knows, with the words the audit page shows for it. */
export const AUDIT_EVENTS = {
  "sign-in": "Sign-in",
  "sign-in-throttled": "Sign-in paused (too many failures)",
  "sign-out": "Sign-out",
  "password-reset-requested": "Password reset requested",
  "password-reset-completed": "Password reset completed",
  "password-changed": "Password changed",
  "two-factor-enabled": "Two-factor sign-in turned on",
  "two-factor-reset": "Two-factor sign-in reset",
  "two-factor-disabled": "Two-factor sign-in turned off",
  "backup-code-used": "Backup code used",
  "backup-codes-issued": "New backup codes made",
  "role-granted": "Administrator role granted",
  "role-revoked": "Administrator role revoked",
  "editor-role-granted": "Editor role granted",
  "editor-role-revoked": "Editor role revoked",
  "content-published": "Content published",
  "content-scheduled": "Content scheduled",
  "content-schedule-cancelled": "Content schedule cancelled",
  "content-restored": "Content version restored as a draft",
  "content-draft-discarded": "Content draft discarded",
  "content-imported": "Content imported",
  "account-created": "Account created",
  "account-deleted": "Account deleted",
  "password-set-by-admin": "Password set by an administrator",
  "reset-link-sent-by-admin": "Reset link sent by an administrator",
  "sessions-revoked": "Sessions signed out",
  "lead-status-changed": "Lead status changed",
  "lead-owner-changed": "Lead owner changed",
  "lead-note-added": "Lead note added",
  "lead-marked-spam": "Lead marked spam",
  "lead-marked-not-spam": "Lead marked not spam",
  "webhook-endpoint-created": "Webhook endpoint added",
  "webhook-endpoint-changed": "Webhook endpoint changed",
  "webhook-endpoint-enabled": "Webhook endpoint enabled",
  "webhook-endpoint-disabled": "Webhook endpoint disabled",
  "webhook-endpoint-deleted": "Webhook endpoint deleted",
  "webhook-secret-rotated": "Webhook signing secret rotated",
} as const;
export type AuditEvent = keyof typeof AUDIT_EVENTS;

export const AUDIT_OUTCOMES = ["success", "failure", "refused"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Entries older than this are deleted by the server (docs/requirements/accounts.md#audit-log). */
export const AUDIT_RETENTION_DAYS = 365;

export interface AuditPerson {
  id?: string | null;
  email?: string | null;
}

export interface AuditEntry {
  event: AuditEvent;
  outcome: AuditOutcome;
  /** Who acted (null: someone not signed in, e.g. a failed sign-in for an unknown address). */
  actor?: AuditPerson | null;
  /** On whom, when it is not the actor (an administrator resetting someone's password); for a lead's events, the lead's id. */
  target?: AuditPerson | null;
  /** The request the server saw, or its headers: the client address and browser come from it. */
  request?: Request | Headers | null;
  /** A short, non-secret note: the role granted, the reason of a refusal. Never a password, code, token or link. */
  detail?: string | null;
}

const clip = (value: string | null | undefined, max: number) => (value ? oneLine(value).slice(0, max) : null);

/** The row of an entry (the client address and browser from its request, every text clipped). */
export function auditRow(entry: AuditEntry): typeof auditLog.$inferInsert {
  const headers = entry.request instanceof Request ? entry.request.headers : entry.request;
  return {
    event: entry.event,
    outcome: entry.outcome,
    actorId: entry.actor?.id ?? null,
    actorEmail: clip(entry.actor?.email?.toLowerCase(), 254),
    targetId: entry.target?.id ?? null,
    targetEmail: clip(entry.target?.email?.toLowerCase(), 254),
    ipAddress: clip(headers?.get(CLIENT_IP_HEADER), 64),
    userAgent: clip(headers?.get("user-agent"), 400),
    detail: clip(entry.detail, 200),
  };
}

/**
 * Writes an entry, and never throws. A change that must not happen without its entry writes
 * `auditRow(entry)` in its own transaction instead (a lead's: app/leads/pipeline.server.ts).
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  try {
    await db.insert(auditLog).values(auditRow(entry));
  } catch (error) {
    log.error(oneLine(`The audit entry ${entry.event} could not be written: ${error instanceof Error ? error.message : String(error)}`));
  }
}
