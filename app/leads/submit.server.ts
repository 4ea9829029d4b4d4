/**
 * A contact-form submission on the server: size limit, honeypot, the shared schema, the rate
 * limit, then the lead is committed to the database before the visitor is told it was received.
 * The sales e-mail follows from the outbox; nothing here waits for SMTP.
 */
import { CLIENT_IP_HEADER } from "~/auth/config";
import { env } from "~/env.server";
import type { ContactResult, FormSubmitPayload } from "./contact-result";
import { HONEYPOT, keptValues, validateContact, type ContactInput } from "./contact-schema";
import { kickOutbox } from "./outbox.server";
import { takeContactSlot } from "./rate-limit.server";
import { readFormLimited } from "./read-form.server";
import { replyTime } from "./reply-time";
import { insertLead } from "./store.server";
import { notificationsEnabled } from "./worker.server";

/** Far above a full form with a 5,000-character message, far below a harmful body. */
export const MAX_BODY_BYTES = 128 * 1024;

export interface Answer {
  result: ContactResult;
  status: number;
  headers?: Record<string, string>;
}

function analyticsPayload(lead: ContactInput): FormSubmitPayload {
  return {
    form_type: lead.form_type,
    company: lead.company,
    referral_source: lead.referral_source ?? "",
    utm_source: lead.utm_source ?? "",
    utm_medium: lead.utm_medium ?? "",
    utm_campaign: lead.utm_campaign ?? "",
  };
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? "";

export async function handleContactSubmission(request: Request, now = new Date()): Promise<Answer> {
  const form = await readFormLimited(request, MAX_BODY_BYTES);
  if (!form) return { result: { status: "error", code: "too-large", values: {} }, status: 413 };
  const raw = Object.fromEntries(form);
  const values = keptValues(raw);
  const address = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";

  // A bot filled the field people never see: answer as if it worked, store nothing.
  const trap = raw[HONEYPOT];
  if (trap !== undefined && !(typeof trap === "string" && trap.trim() === "")) {
    console.warn(`Contact form: honeypot filled (client ${address}); answered as sent, nothing stored`);
    const name = typeof raw.full_name === "string" ? firstName(raw.full_name).slice(0, 60) : "";
    return { result: { status: "sent", firstName: name, reply: replyTime(now), analytics: null }, status: 200 };
  }

  const checked = validateContact(raw);
  if (!checked.ok) return { result: { status: "invalid", errors: checked.errors, values }, status: 400 };

  try {
    const slot = await takeContactSlot(address);
    if (!slot.ok) {
      return {
        result: { status: "error", code: "rate-limited", retryMinutes: Math.ceil(slot.retryAfterSeconds / 60), values },
        status: 429,
        headers: { "Retry-After": String(slot.retryAfterSeconds) },
      };
    }
    await insertLead(checked.data, { notify: notificationsEnabled(env()) });
  } catch (error) {
    console.error("Contact form: the lead could not be stored:", error instanceof Error ? error.message : error);
    return { result: { status: "error", code: "unavailable", values }, status: 503, headers: { "Retry-After": "60" } };
  }
  kickOutbox();
  return {
    result: { status: "sent", firstName: firstName(checked.data.full_name), reply: replyTime(now), analytics: analyticsPayload(checked.data) },
    status: 200,
  };
}
