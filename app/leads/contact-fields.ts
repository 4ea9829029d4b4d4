/**
 * The contact form's fields and choices (docs/requirements/leads.md#contact-form), without the validation code: the page
 * renders from these at once; the schema (contact-schema.ts) loads when the form is used.
 */
import type { FormSubmitPayload } from "~/analytics/analytics";
import { services } from "~/content/catalog";
import type { ActionFailure, ActionSuccess, FieldErrors } from "~/lib/action-result";

import type { ReplyTime } from "./reply-time";

export const FORM_TYPE = "contact";
export const NOT_SURE = "not-sure";

export const COMPANY_SIZES = [
  { value: "1-9", label: "1–9 people" },
  { value: "10-49", label: "10–49 people" },
  { value: "50-99", label: "50–99 people" },
  { value: "100-249", label: "100–249 people" },
  { value: "250+", label: "250 or more people" },
] as const;

export const REFERRAL_SOURCES = [
  { value: "search", label: "Search engine" },
  { value: "referral", label: "Referral from a client or partner" },
  { value: "social", label: "Social media" },
  { value: "event", label: "Event" },
  { value: "advertisement", label: "Advertisement" },
  { value: "other", label: "Other" },
] as const;

/** The 12 services plus "Not sure yet". */
export const SERVICE_OPTIONS: { value: string; label: string }[] = [
  ...services.map((s) => ({ value: s.slug, label: s.name })),
  { value: NOT_SURE, label: "Not sure yet" },
];

/** A stored service value as people read it: its label, the value itself if unknown, "not given" when empty. */
export function serviceLabel(service: string | null): string {
  if (!service) return "not given";
  return SERVICE_OPTIONS.find((o) => o.value === service)?.label ?? service;
}

export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const;
/** What the page notes of the visit (rememberVisit, app/analytics/analytics.ts) and the form posts hidden. */
export const VISIT_FIELDS = [...UTM_KEYS, "landing_page", "referrer_host"] as const;
/** A host name as a referrer gives it: letters, digits, dots and hyphens (an IDN in its ASCII form). */
export const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
/** The honeypot: hidden from people, tempting to bots. Not part of a lead. */
export const HONEYPOT = "website";
/**
 * A random UUID per rendering of the form (the server's loader makes it, so it works without
 * JavaScript): the same submission received twice, a retry after a lost answer, is stored once.
 */
export const SUBMISSION_ID = "submission_id";

/**
 * The time trap (docs/requirements/leads.md#spam): the moment the server rendered the form, signed
 * (app/leads/form-time.server.ts). Sent sooner than a person could fill the form in: spam.
 */
export const FORM_TIME = "form_time";
/** A form time token as the server makes it: milliseconds, a dot, 43 characters of base64url. */
export const FORM_TIME_TOKEN = /^\d{1,15}\.[A-Za-z0-9_-]{43}$/;

/** Every field the form posts, as named in the HTML. */
export const FIELDS = [
  "full_name",
  "email",
  "phone",
  "company",
  "company_size",
  "service",
  "message",
  "referral_source",
  "form_type",
  ...UTM_KEYS,
  "landing_page",
  "referrer_host",
  "submission_id",
  "form_time",
] as const;
export type FieldName = (typeof FIELDS)[number];

/** The fields a visitor types or picks, in the order of the form (its errors are listed in this order). */
export const VISIBLE_FIELDS = ["full_name", "email", "phone", "company", "company_size", "service", "referral_source", "message"] as const;

export const LIMITS = { full_name: 200, email: 254, phone: 40, company: 200, utm: 200, landing_page: 2000, referrer_host: 253 } as const;

export type ContactFieldErrors = FieldErrors<FieldName>;
export type ContactValues = Partial<Record<FieldName, string>>;

/**
 * What the contact form's action answers: the one answer of every action (ActionResult,
 * app/lib/action-result.ts, ADR 027). Received: the visitor's first name, when we reply, and what
 * the page tells the tag manager. Refused: `code` says why (the form shows the fields' errors, or a
 * notice with the sales phone), `message` is the notice's title, and what was typed comes back.
 */
export type ContactSent = ActionSuccess<typeof FORM_TYPE> & { firstName: string; reply: ReplyTime; analytics: FormSubmitPayload | null };
export type ContactRefused = ActionFailure<typeof FORM_TYPE, FieldName> & {
  code: "validation_failed" | "rate-limited" | "unavailable" | "too-large" | "offline";
  values: ContactValues;
  /** rate-limited: when to try again. */
  retryMinutes?: number;
};
export type ContactOutcome = ContactSent | ContactRefused;

/** The titles of the notices above the form (docs/requirements/leads.md#contact-form). */
export const CONTACT_MESSAGES = {
  sent: "Request received.",
  invalid: "Correct the fields marked below.",
  "rate-limited": "We have received several requests from your connection.",
  unavailable: "We could not save your request just now.",
  offline: "Your request did not reach us.",
  "too-large": "Your request is too long to send.",
} as const;
