/**
 * The one validation schema of the contact form (docs/requirements/leads.md#contact-form), run by the browser before sending
 * and by the server before storing. zod/mini keeps it small; the browser loads it on demand.
 */
import * as z from "zod/mini";

import { hasControlCharacter, hasControlCharacterInText, withoutControlCharacters } from "~/lib/control-characters";
import { formatCount } from "~/lib/list-of";

import {
  COMPANY_SIZES,
  FIELDS,
  FORM_TIME_TOKEN,
  FORM_TYPE,
  HOST_NAME,
  LIMITS,
  MESSAGE_MAX,
  MESSAGE_MIN,
  REFERRAL_SOURCES,
  SERVICE_OPTIONS,
  VISIT_FIELDS,
  type ContactFieldErrors,
  type ContactValues,
  type FieldName,
} from "./contact-fields";

// A message may keep line breaks and tabs; one-line fields keep no control character.
const PLAIN = "Use letters, numbers and punctuation only.";
/** Checked before a field's format, so that a control character (NUL above all: PostgreSQL cannot store it) gets this message. */
const noControls = () => z.refine<string>((s) => !hasControlCharacter(s), PLAIN);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneLine = (required: string, max: number) =>
  z.string(required).check(
    z.minLength(1, required),
    z.maxLength(max, `Keep this under ${max} characters.`),
    z.refine((s) => !hasControlCharacter(s), PLAIN),
  );

const tracking = (max: number) =>
  z.optional(
    z.string().check(
      z.maxLength(max),
      z.refine((s) => !hasControlCharacter(s)),
    ),
  );

const choice = <T extends readonly { value: string }[]>(options: T, message: string) =>
  z.optional(z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], message));

export const contactSchema = z.object({
  full_name: oneLine("Enter your full name.", LIMITS.full_name),
  email: z
    .string("Enter your work e-mail address, like name@yourcompany.com.")
    .check(
      noControls(),
      z.email("Enter your work e-mail address, like name@yourcompany.com."),
      z.maxLength(LIMITS.email, "That e-mail address is too long."),
    ),
  phone: z.optional(
    z.string().check(
      noControls(),
      z.maxLength(LIMITS.phone, "Enter a phone number like (317) 555-0100."),
      z.regex(/^\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i, "Enter a phone number like (317) 555-0100."),
      z.refine((s) => s.replace(/\D/g, "").length >= 7, "Enter a phone number like (317) 555-0100, area code included."),
    ),
  ),
  company: oneLine("Enter your company's name.", LIMITS.company),
  company_size: choice(COMPANY_SIZES, "Pick a company size from the list."),
  service: choice(SERVICE_OPTIONS, "Pick a service from the list."),
  message: z.string("Tell us what you need.").check(
    z.minLength(1, "Tell us what you need."),
    z.minLength(MESSAGE_MIN, `Tell us a little more: at least ${MESSAGE_MIN} characters.`),
    z.maxLength(MESSAGE_MAX, `Keep your message under ${formatCount(MESSAGE_MAX)} characters.`),
    z.refine((s) => !hasControlCharacterInText(s), PLAIN),
  ),
  referral_source: choice(REFERRAL_SOURCES, "Pick an answer from the list."),
  form_type: z.literal(FORM_TYPE),
  utm_source: tracking(LIMITS.utm),
  utm_medium: tracking(LIMITS.utm),
  utm_campaign: tracking(LIMITS.utm),
  landing_page: z.optional(z.string().check(z.maxLength(LIMITS.landing_page), z.regex(/^\/(?!\/)\S*$/))),
  referrer_host: z.optional(z.string().check(z.regex(HOST_NAME))),
  submission_id: z.optional(z.string().check(z.regex(UUID))),
  form_time: z.optional(z.string().check(z.regex(FORM_TIME_TOKEN))),
});

export type ContactInput = z.output<typeof contactSchema>;

/** The page fills these, not the visitor: they are cleaned, never a reason to refuse a request. */
const HIDDEN_FIELDS = new Set<string>(["form_type", ...VISIT_FIELDS, "submission_id", "form_time"]);

function cleanHidden(field: string, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = withoutControlCharacters(value).trim();
  if (field === "landing_page") return /^\/(?!\/)\S*$/.test(text) && text.length <= LIMITS.landing_page ? text : undefined;
  if (field === "referrer_host") return HOST_NAME.test(text.toLowerCase()) ? text.toLowerCase() : undefined;
  // A missing or malformed id (an old cached page) is left out: the lead is stored without one.
  if (field === "submission_id") return UUID.test(text) ? text.toLowerCase() : undefined;
  // Not the server's token: left out, and the time trap does not judge (docs/requirements/leads.md#spam).
  if (field === "form_time") return FORM_TIME_TOKEN.test(text) ? text : undefined;
  return text.slice(0, LIMITS.utm) || undefined;
}

/**
 * The submitted values as the schema reads them: known fields only, text trimmed (a message keeps
 * its inner line breaks), empty ones left out, hidden fields cleaned. A visible field that is not
 * text (a file) stays, and fails.
 */
export function normalizeContact(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = raw[field];
    if (field === "form_type") continue; // one form: its type is not the visitor's to choose
    if (HIDDEN_FIELDS.has(field)) {
      const cleaned = cleanHidden(field, value);
      if (cleaned !== undefined) out[field] = cleaned;
      continue;
    }
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") {
      out[field] = value;
      continue;
    }
    const text = field === "message" ? value.replace(/\r\n?/g, "\n").trim() : value.trim();
    if (text !== "") out[field] = text;
  }
  out.form_type = FORM_TYPE;
  return out;
}

/**
 * The form as posted, normalised, then checked: what the server's parseForm reads
 * (app/leads/submit.server.ts) and what validateContact runs in the browser.
 */
export const contactForm = z.pipe(
  z.transform((raw: Record<string, unknown>) => normalizeContact(raw)),
  contactSchema,
);

export type ContactValidation = { ok: true; data: ContactInput } | { ok: false; errors: ContactFieldErrors };

/** The one check, in the browser before sending (the server's parseForm runs contactForm too). */
export function validateContact(raw: Record<string, unknown>): ContactValidation {
  const result = contactForm.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}

/**
 * What the form shows again after an error: the text fields as sent, capped in length, and the
 * submission id and form time when valid (so a retry of this form is still the same submission,
 * and the time trap still counts from when the form was first shown, not from the error).
 */
export function keptValues(raw: Record<string, unknown>): ContactValues {
  const values: ContactValues = {};
  for (const field of FIELDS) {
    const value = raw[field];
    if (field === "submission_id" || field === "form_time") {
      const id = cleanHidden(field, value);
      if (id) values[field] = id;
    } else if (typeof value === "string") values[field] = value.slice(0, field === "message" ? MESSAGE_MAX + 100 : 2100);
  }
  return values;
}
