/**
 * The server side of /auth/forgot-password (the route module beside it): whether e-mail is set up,
 * and the request for a reset link, answered the same whether or not an account has the address
 * (docs/requirements/accounts.md#password-reset).
 */
import { data } from "react-router";
import { z } from "zod";

import { recordAudit } from "~/auth/audit.server";
import { requestReset, takeResetRequestSlot } from "~/auth/password-reset.server";
import type { ActionFailure, ActionSuccess } from "~/lib/action-result";
import { actionError, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  return { mailEnabled: Boolean(context.services.mailer) };
}

const INTENT = "request-reset";
type Sent = ActionSuccess<typeof INTENT> & { email: string };
type Refused = ActionFailure<typeof INTENT, "email">;

/** A refused request: the message (beside the field when the address is the problem), what was typed kept. */
const refused = (status: number, code: string, message: string, email: string, init: { field?: boolean; headers?: HeadersInit } = {}) =>
  actionError<Refused>(
    status,
    { intent: INTENT, code, message, values: { email }, ...(init.field ? { fieldErrors: { email: message } } : {}) },
    init.headers,
  );

const INVALID_EMAIL = "Enter your e-mail address, like name@example.com.";
/** The address as typed (trimmed), and as looked up (lower case). */
const resetForm = z.object({ email: z.string(INVALID_EMAIL).trim().toLowerCase().pipe(z.email(INVALID_EMAIL).max(254, INVALID_EMAIL)) });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, mailer } = context.services;
  if (!mailer) return refused(409, "mail_off", "E-mail is not set up on this site. Ask an administrator.", "");
  const form = await parseForm(request, resetForm, { intent: INTENT });
  const raw = (form.fields.email ?? "").trim();
  if (!form.ok) return refused(400, "validation_failed", INVALID_EMAIL, raw.replaceAll("\0", ""), { field: true });
  const { email } = form.data;

  const slot = await takeResetRequestSlot(db, email, context.clientAddress).catch(() => null);
  if (slot && !slot.ok) {
    await recordAudit(db, { event: "password-reset-requested", outcome: "refused", request, detail: "Too many requests." });
    const minutes = Math.ceil(slot.retryAfterSeconds / 60);
    return refused(
      429,
      "too_many_requests",
      `Too many reset requests. Wait ${minutes} minute${minutes === 1 ? "" : "s"}, then try again.`,
      raw,
      {
        headers: { "Retry-After": String(slot.retryAfterSeconds) },
      },
    );
  }
  try {
    if (!slot) throw new Error("The request could not be counted.");
    await requestReset({ db, auth }, email, request);
  } catch (error) {
    log.error(`Password reset request failed: ${error instanceof Error ? error.message : error}`);
    return refused(503, "unavailable", "We could not send the link just now. Try again in a minute.", raw, {
      headers: { "Retry-After": "60" },
    });
  }
  return data<Sent>({ ok: true, intent: INTENT, message: "Link sent.", email });
}
