/** What the contact form's server action answers, shared by the route and the form. */
import type { FormSubmitPayload } from "~/analytics/analytics";

import type { ContactFieldErrors, ContactValues } from "./contact-fields";
import type { ReplyTime } from "./reply-time";

export type ContactResult =
  | { status: "sent"; firstName: string; reply: ReplyTime; analytics: FormSubmitPayload | null }
  | { status: "invalid"; errors: ContactFieldErrors; values: ContactValues }
  | { status: "error"; code: "rate-limited"; retryMinutes: number; values: ContactValues }
  | { status: "error"; code: "unavailable" | "too-large" | "offline"; values: ContactValues };
