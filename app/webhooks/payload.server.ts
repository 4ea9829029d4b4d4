/**
 * The body of a webhook (docs/requirements/webhooks.md#webhook-payload): Standard Webhooks' `{type,
 * timestamp, data}`, minified JSON, made once when the event is queued and sent byte for byte at
 * every attempt (the signature covers those bytes). `data` of the lead events is built from a lead
 * row by `leadEventData`, a stable shape: fields are added, never renamed or removed.
 */
import { randomBytes } from "node:crypto";

import type { leads } from "~/db/schema.server";
import { serviceLabel } from "~/leads/contact-fields";

import type { WebhookEventType } from "./events";

export type LeadRow = typeof leads.$inferSelect;

/**
 * What the lead pipeline adds to a lead (its status and owner), when the caller has it: a
 * `lead.updated` from the pipeline passes them with the row; without them both are null.
 */
export interface LeadPipelineFields {
  status?: string | null;
  owner?: { id: string; name: string; email: string } | null;
}

export type LeadEventSource = LeadRow & LeadPipelineFields;

/** `data` of lead.created and lead.updated. */
export interface LeadEventData {
  /** The lead's id (a UUID): the same in every event about it. */
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  email: string;
  phone: string | null;
  company: string;
  /** As chosen on the form ("1-10", "11-50", ...), or null. */
  companySize: string | null;
  /** The service's slug ("managed-it", "not-sure"), or null; `serviceName` its name. */
  service: string | null;
  serviceName: string | null;
  message: string;
  /** Which form sent it ("contact"). */
  formType: string;
  /** Where the visit came from, as far as the form knew. */
  source: {
    /** The page the visit landed on (path and query). */
    landingPage: string | null;
    /** The host of the site whose link brought the visit. */
    referrerHost: string | null;
    /** "How did you hear about us?" as answered. */
    referralSource: string | null;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
  };
  /** The lead's pipeline status (new, contacted, qualified, won, lost). */
  status: string | null;
  /** Who owns the lead; null when nobody does (or before the lead pipeline). */
  owner: { id: string; name: string; email: string } | null;
  /** The lead's page in the admin area (for staff; it asks to sign in). */
  adminUrl: string;
}

export function leadEventData(lead: LeadEventSource, siteUrl: string): LeadEventData {
  return {
    id: lead.id,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    name: lead.fullName,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    companySize: lead.companySize,
    service: lead.service,
    serviceName: lead.service ? serviceLabel(lead.service) : null,
    message: lead.message,
    formType: lead.formType,
    source: {
      landingPage: lead.landingPage,
      referrerHost: lead.referrerHost,
      referralSource: lead.referralSource,
      utmSource: lead.utmSource,
      utmMedium: lead.utmMedium,
      utmCampaign: lead.utmCampaign,
    },
    status: lead.status ?? null,
    owner: lead.owner ? { id: lead.owner.id, name: lead.owner.name, email: lead.owner.email } : null,
    adminUrl: `${siteUrl.replace(/\/+$/, "")}/admin/leads/${lead.id}`,
  };
}

/** The JSON body: `{"type":...,"timestamp":...,"data":...}`, minified. */
export function eventBody(type: WebhookEventType, timestamp: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: timestamp.toISOString(), data });
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A webhook-id: `msg_` and a ULID (48 bits of milliseconds, 80 random bits, Crockford base32):
 * unique, sorts by time, and has no "." (which the signed content uses as its separator).
 */
export function newMessageId(now = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(16);
  let tail = "";
  for (let i = 0; i < 16; i++) tail += CROCKFORD[random[i] % 32];
  return `msg_${time}${tail}`;
}
