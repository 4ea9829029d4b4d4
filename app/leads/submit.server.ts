/**
 * A contact-form submission on the server: size limit, honeypot, the shared schema, the rate
 * limit, then the lead is committed to the database before the visitor is told it was received.
 * A submission whose id is already stored (sent again after its answer was lost) gets the first
 * answer and stores nothing. The sales e-mail follows from the outbox; nothing here waits for SMTP.
 * A lead stored is Insights' contact request, counted here and nowhere else (docs/requirements/insights.md#insights).
 */
import type { FormSubmitPayload } from "~/analytics/analytics";
import type { Database } from "~/db/client.server";
import type { InsightsCollector } from "~/insights/collect.server";
import { log } from "~/lib/log.server";

import { HONEYPOT } from "./contact-fields";
import type { ContactResult } from "./contact-result";
import { keptValues, validateContact, type ContactInput } from "./contact-schema";
import { takeContactSlot } from "./rate-limit.server";
import { readFormLimited } from "./read-form.server";
import { replyTime } from "./reply-time";
import { insertLead, leadBySubmission, type Lead } from "./store.server";

/** Far above a full form with a 5,000-character message, far below a harmful body. */
export const MAX_BODY_BYTES = 128 * 1024;

export interface Answer {
  result: ContactResult;
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

/** The answer to a stored lead, built from its row: the same for every time its submission arrives. */
function storedAnswer(lead: Lead): Answer {
  return {
    result: { status: "sent", firstName: firstName(lead.fullName), reply: replyTime(lead.createdAt), analytics: analyticsPayload(lead) },
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

export async function handleContactSubmission(
  request: Request,
  { services, clientAddress: address }: ContactContext,
  now = new Date(),
): Promise<Answer> {
  const form = await readFormLimited(request, MAX_BODY_BYTES);
  if (!form) return { result: { status: "error", code: "too-large", values: {} }, status: 413 };
  const raw = Object.fromEntries(form);
  const values = keptValues(raw);

  // A bot filled the field people never see: answer as if it worked, store nothing.
  const trap = raw[HONEYPOT];
  if (trap !== undefined && !(typeof trap === "string" && trap.trim() === "")) {
    log.warn(`Contact form: honeypot filled (client ${address}); answered as sent, nothing stored`);
    const name = typeof raw.full_name === "string" ? firstName(raw.full_name).slice(0, 60) : "";
    return { result: { status: "sent", firstName: name, reply: replyTime(now), analytics: null }, status: 200 };
  }

  const checked = validateContact(raw);
  if (!checked.ok) return { result: { status: "invalid", errors: checked.errors, values }, status: 400 };

  let stored: Lead;
  try {
    // The same submission again (its answer was lost): the first answer, no second lead, and
    // it does not count against the rate limit.
    let input = checked.data;
    const earlier = input.submission_id ? await leadBySubmission(services.db, input.submission_id) : undefined;
    if (earlier && sameRequest(earlier, input)) return storedAnswer(earlier);
    // The id came with different content (edited after an error, or a page shared through a
    // cache): a new request, stored without the id rather than dropped.
    if (earlier) input = { ...input, submission_id: undefined };
    const slot = await takeContactSlot(services.db, address);
    if (!slot.ok) {
      return {
        result: { status: "error", code: "rate-limited", retryMinutes: Math.ceil(slot.retryAfterSeconds / 60), values },
        status: 429,
        headers: { "Retry-After": String(slot.retryAfterSeconds) },
      };
    }
    const notify = services.notifyLeads;
    let inserted = await insertLead(services.db, input, { notify });
    if (!inserted.created) {
      // The same id arrived twice at once, and the other one was stored first.
      if (sameRequest(inserted.lead, input)) return storedAnswer(inserted.lead);
      inserted = await insertLead(services.db, { ...input, submission_id: undefined }, { notify });
    }
    stored = inserted.lead;
  } catch (error) {
    log.error("Contact form: the lead could not be stored:", error instanceof Error ? error.message : error);
    return { result: { status: "error", code: "unavailable", values }, status: 503, headers: { "Retry-After": "60" } };
  }
  services.kickOutbox();
  services.insights.recordLead(request, address);
  return storedAnswer(stored);
}
