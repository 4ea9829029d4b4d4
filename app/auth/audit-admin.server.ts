/**
 * The audit entries of account administration at /admin/users (docs/requirements/accounts.md#audit-log): one
 * call per intent, the acting administrator as actor, the account as target, and the outcome
 * (success; refused when our rules refuse it; failure when it could not be done).
 */
import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { user } from "~/db/schema.server";

import { recordAudit, type AuditEvent, type AuditOutcome, type AuditPerson } from "./audit.server";
import type { SignedIn } from "./session.server";
import { uuidSchema } from "./users.server";

/** The event each intent of /admin/users records. */
export const INTENT_EVENTS: Partial<Record<string, AuditEvent>> = {
  create: "account-created",
  delete: "account-deleted",
  "grant-admin": "role-granted",
  "revoke-admin": "role-revoked",
  "grant-editor": "editor-role-granted",
  "revoke-editor": "editor-role-revoked",
  "reset-password": "password-set-by-admin",
  "sign-out": "sessions-revoked",
  // Its success is recorded where the link is sent (app/auth/password-reset.server.ts); refusals here.
  "send-reset-link": "reset-link-sent-by-admin",
  "reset-two-factor": "two-factor-reset",
};

export type AuditTarget = string | AuditPerson | null | undefined;

/** `audit(intent, outcome, target, detail)` for the administrator `me`; a string target is a user id. */
export function adminAudit(db: Database, request: Request, me: SignedIn) {
  /** The account of an id, with its e-mail while it still exists (look it up before a deletion). */
  const person = async (target: AuditTarget): Promise<AuditPerson | null> => {
    if (!target) return null;
    if (typeof target !== "string") return target;
    if (!uuidSchema.safeParse(target).success) return null;
    const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, target)).limit(1);
    return { id: target, email: row?.email ?? null };
  };
  const audit = async (intent: string, outcome: AuditOutcome, target: AuditTarget, detail?: string) => {
    const event = INTENT_EVENTS[intent];
    if (!event) return;
    await recordAudit(db, {
      event,
      outcome,
      actor: { id: me.user.id, email: me.user.email },
      target: await person(target),
      request,
      detail,
    });
  };
  return Object.assign(audit, { person });
}
