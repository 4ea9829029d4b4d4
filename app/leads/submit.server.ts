/**
 * A contact-form submission on the server: size limit, honeypot, the shared schema, the rate
 * limit, then the lead is committed to the database before the visitor is told it was received.
 * A submission whose id is already stored (sent again after its answer was lost) gets the first
 * answer and stores nothing. The sales e-mail follows from the outbox; nothing here waits for SMTP.
 * The lead's `lead.created` webhook event is queued in the transaction that stores it (ADR 031);
 * nothing here waits for a delivery.
 * A lead stored is Insights' contact request, counted here and nowhere else (docs/requirements/insights.md#insights).
 */
import type { FormSubmitPayload } from "~/analytics/analytics";
import type { Database } from "~/db/client.server";
import type { InsightsCollector } from "~/insights/collect.server";
import { parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import { enqueueLeadEvent } from "~/webhooks/queue.server";

import { CONTACT_MESSAGES, FORM_TYPE, HONEYPOT, type ContactOutcome, type ContactRefused } from "./contact-fields";
import { contactForm, keptValues, validateContact, type ContactInput } from "./contact-schema";
import { takeContactSlot } from "./rate-limit.server";
import { replyTime, type ReplyHours } from "./reply-time";
import { insertLead, leadBySubmission, type Lead } from "./store.server";

/** Far above a full form with a 5,000-character message, far below a harmful body. */
export const MAX_BODY_BYTES = 128 * 1024;
/** A too-large body up to this size is read and dropped, so the visitor gets the answer that says so. */
const DRAIN_BYTES = 8 * 1024 * 1024;

export interface Answer {
  result: ContactOutcome;
  status: number;
  headers?: Record<string, string>;
}

function analyticsPayload(lead: Lead): FormSubmitPayload {
  return {
    form_type: lead.formType,
    company: lead.company,
    referral_source: lead.referralSource ?? "",
    utm_source: lead.utmSource ?? "",
    utm_medium: lead.utmMedium ?? "",
    utm_campaign: lead.utmCampaign ?? "",
  };
}

/** Stores a lead and, in the same transaction, queues its `lead.created` webhooks (when it is new). */
async function storeLead(db: Database, input: ContactInput, notify: boolean) {
  return db.transaction(async (tx) => {
    const inserted = await insertLead(tx as unknown as Database, input, { notify });
    if (inserted.created) await enqueueLeadEvent(tx, "lead.created", inserted.lead);
    return inserted;
  });
}

/** What a body that is not a form gets: the errors of an empty one. */
const emptyFormErrors = () => {
  const checked = validateContact({});
  return checked.ok ? {} : checked.errors;
};

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? "";

/** Whether a stored lead holds what the visitor typed and picked in `input`. */
function sameRequest(lead: Lead, input: ContactInput): boolean {
  return (
    lead.fullName === input.full_name &&
    lead.email === input.email &&
    lead.phone === (input.phone ?? null) &&
    lead.company === input.company &&
    lead.companySize === (input.company_size ?? null) &&
    lead.service === (input.service ?? null) &&
    lead.referralSource === (input.referral_source ?? null) &&
    lead.message === input.message
  );
}

const sent = (name: string, reply: ReturnType<typeof replyTime>, analytics: FormSubmitPayload | null): ContactOutcome => ({
  ok: true,
  intent: FORM_TYPE,
  message: CONTACT_MESSAGES.sent,
  firstName: name,
  reply,
  analytics,
});

/** A refusal: its notice's title, what was typed kept. */
const refusal = (code: Exclude<ContactRefused["code"], "validation_failed" | "offline">, values: ContactRefused["values"]) =>
  ({ ok: false, intent: FORM_TYPE, code, message: CONTACT_MESSAGES[code], values }) satisfies ContactRefused;

/** The answer to a stored lead, built from its row: the same for every time its submission arrives. */
function storedAnswer(lead: Lead, hours: ReplyHours): Answer {
  return {
    result: sent(firstName(lead.fullName), replyTime(lead.createdAt, hours), analyticsPayload(lead)),
    status: 200,
  };
}

/** What a submission needs of the request's load context. */
export interface ContactContext {
  services: {
    db: Database;
    /** Asks the lead outbox to send now. */
    kickOutbox(): void;
    notifyLeads: boolean;
    insights: Pick<InsightsCollector, "recordLead">;
  };
  /** The client address the rate limit counts by. */
  clientAddress: string;
}

/**
 * `hours`: the business hours of the published facts (context.services.content), which the answer's
 * reply time ("tomorrow (Tuesday) after 8AM EST") is worked out from.
 */
export async function handleContactSubmission(
  request: Request,
  { services, clientAddress: address }: ContactContext,
  hours: ReplyHours,
  now = new Date(),
): Promise<Answer> {
  const form = await parseForm(request, contactForm, {
    intent: FORM_TYPE,
    limit: MAX_BODY_BYTES,
    drainUpTo: DRAIN_BYTES,
    invalidMessage: CONTACT_MESSAGES.invalid,
    // Too large: said above the form. Not a form at all: answered as an empty form.
    refused: (status) =>
      status === 413
        ? refusal("too-large", {})
        : { ok: false, intent: FORM_TYPE, code: "validation_failed", message: CONTACT_MESSAGES.invalid, fieldErrors: emptyFormErrors() },
  });
  if (!form.ok && form.status === 413) return { result: refusal("too-large", {}), status: 413 };
  const raw = form.fields;
  const values = keptValues(raw);

  // A bot filled the field people never see: answer as if it worked, store nothing.
  const trap = raw[HONEYPOT];
  if (trap !== undefined && !(typeof trap === "string" && trap.trim() === "")) {
    log.warn(`Contact form: honeypot filled (client ${address}); answered as sent, nothing stored`);
    const name = typeof raw.full_name === "string" ? firstName(raw.full_name).slice(0, 60) : "";
    return { result: sent(name, replyTime(now, hours), null), status: 200 };
  }

  if (!form.ok) return { result: { ...form.result, intent: FORM_TYPE, code: "validation_failed", values }, status: 400 };

  let stored: Lead;
  try {
    // The same submission again (its answer was lost): the first answer, no second lead, and
    // it does not count against the rate limit.
    let input = form.data;
    const earlier = input.submission_id ? await leadBySubmission(services.db, input.submission_id) : undefined;
    if (earlier && sameRequest(earlier, input)) return storedAnswer(earlier, hours);
    // The id came with different content (edited after an error, or a page shared through a
    // cache): a new request, stored without the id rather than dropped.
    if (earlier) input = { ...input, submission_id: undefined };
    const slot = await takeContactSlot(services.db, address);
    if (!slot.ok) {
      return {
        result: { ...refusal("rate-limited", values), retryMinutes: Math.ceil(slot.retryAfterSeconds / 60) },
        status: 429,
        headers: { "Retry-After": String(slot.retryAfterSeconds) },
      };
    }
    const notify = services.notifyLeads;
    let inserted = await storeLead(services.db, input, notify);
    if (!inserted.created) {
      // The same id arrived twice at once, and the other one was stored first.
      if (sameRequest(inserted.lead, input)) return storedAnswer(inserted.lead, hours);
      inserted = await storeLead(services.db, { ...input, submission_id: undefined }, notify);
    }
    stored = inserted.lead;
  } catch (error) {
    log.error("Contact form: the lead could not be stored:", error instanceof Error ? error.message : error);
    return { result: refusal("unavailable", values), status: 503, headers: { "Retry-After": "60" } };
  }
  services.kickOutbox();
  services.insights.recordLead(request, address);
  return storedAnswer(stored, hours);
}
