/**
 * A contact-form submission on the server: size limit, the shared schema, the rate limit, the spam
 * checks (honeypot, time trap, score: app/leads/spam.ts), then the lead is committed to the
 * database before the visitor is told it was received: genuine (New, handed to sales) or caught as
 * spam (Spam, with its reasons, held back from sales; docs/requirements/leads.md#spam). Both get
 * the same answer, the thank-you page. A submission whose id is already stored (sent again after
 * its answer was lost) gets the first answer and stores nothing. The sales e-mail follows from the
 * outbox, and its `lead.created` webhooks are queued in the transaction that hands it to sales
 * (`handToSales`, ADR 031); nothing here waits for SMTP or a delivery. A genuine lead stored is
 * Insights' contact request, counted here and nowhere else (docs/requirements/insights.md#insights).
 */
import type { FormSubmitPayload } from "~/analytics/analytics";
import type { Database } from "~/db/client.server";
import type { InsightsCollector } from "~/insights/collect.server";
import { parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";

import { CONTACT_MESSAGES, FORM_TYPE, HONEYPOT, type ContactOutcome, type ContactRefused } from "./contact-fields";
import { contactForm, keptValues, validateContact, type ContactInput } from "./contact-schema";
import { checkFormTime, type ContactChecks } from "./form-time.server";
import { insertLead, type Lead } from "./pipeline.server";
import { takeContactSlot } from "./rate-limit.server";
import { replyTime, type ReplyHours } from "./reply-time";
import { judgeSubmission } from "./spam";
import { leadBySubmission } from "./store.server";

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

/**
 * The answer to a stored lead, built from its row: the same for every time its submission arrives,
 * and the same page for a lead caught as spam, whose only difference is that the tag manager is not
 * told of a conversion (`analytics: null`).
 */
function storedAnswer(lead: Lead, hours: ReplyHours): Answer {
  return {
    result: sent(firstName(lead.fullName), replyTime(lead.createdAt, hours), lead.status === "spam" ? null : analyticsPayload(lead)),
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
 * reply time ("tomorrow (Tuesday) after 8AM EST") is worked out from. `checks`: the time trap's key
 * and seconds (contactChecks(), from the settings).
 */
export async function handleContactSubmission(
  request: Request,
  { services, clientAddress: address }: ContactContext,
  hours: ReplyHours,
  checks: ContactChecks,
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

  // Refused for everyone alike, the honeypot filled or not: the answer says nothing of the checks.
  if (!form.ok) return { result: { ...form.result, intent: FORM_TYPE, code: "validation_failed", values }, status: 400 };

  let stored: Lead;
  let verdict: ReturnType<typeof judgeSubmission>;
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
    // Spam is stored too, apart (never lost): the same work and the same answer as a genuine lead.
    verdict = judgeSubmission({
      full_name: input.full_name,
      company: input.company,
      message: input.message,
      honeypot: raw[HONEYPOT],
      formTime: checkFormTime(checks.formKey, input.form_time, now.getTime()),
      minFillSeconds: checks.minFillSeconds,
    });
    const options = { notify: services.notifyLeads, spam: verdict.spam ? verdict.reasons.map(({ code, text }) => ({ code, text })) : null };
    let inserted = await insertLead(services.db, input, options);
    if (!inserted.created) {
      // The same id arrived twice at once, and the other one was stored first.
      if (sameRequest(inserted.lead, input)) return storedAnswer(inserted.lead, hours);
      inserted = await insertLead(services.db, { ...input, submission_id: undefined }, options);
    }
    stored = inserted.lead;
  } catch (error) {
    log.error("Contact form: the lead could not be stored:", error instanceof Error ? error.message : error);
    return { result: refusal("unavailable", values), status: 503, headers: { "Retry-After": "60" } };
  }
  if (stored.status === "spam") {
    const codes = verdict.reasons.map((r) => r.code).join(", ");
    log.warn(`Contact form: caught as spam (${codes}; client ${address}); stored as spam lead ${stored.id}, not e-mailed`);
  } else {
    services.kickOutbox();
    services.insights.recordLead(request, address);
  }
  return storedAnswer(stored, hours);
}
