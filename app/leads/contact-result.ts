/** What the contact form's server action answers, shared by the route and the form. */
import type { ContactValues, FieldErrors } from "./contact-fields";
import type { ReplyTime } from "./reply-time";

/** The contact form's form_submit payload (docs/requirements.md#analytics): never the message, e-mail, name or phone. */
export interface FormSubmitPayload {
  form_type: string;
  company: string;
  referral_source: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

export type ContactResult =
  | { status: "sent"; firstName: string; reply: ReplyTime; analytics: FormSubmitPayload | null }
  | { status: "invalid"; errors: FieldErrors; values: ContactValues }
  | { status: "error"; code: "rate-limited"; retryMinutes: number; values: ContactValues }
  | { status: "error"; code: "unavailable" | "too-large" | "offline"; values: ContactValues };
