/**
 * "Forgot your password?" (docs/requirements.md#password-reset): the e-mail address, then the same
 * answer whether or not an account has it. Without e-mail configured (SMTP_URL), the page says to
 * ask an administrator and offers no form.
 */
import { FormAlert } from "~/components/forms/form-alert";
import { data, Form, Link, useNavigation } from "react-router";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { actionError } from "~/lib/admin-action.server";
import type { Route } from "./+types/forgot-password";
import { RESET_TOKEN_SECONDS } from "~/auth/config";
import { requestReset, takeResetRequestSlot } from "~/auth/password-reset.server";
import { recordAudit } from "~/auth/audit.server";
import { Field } from "~/components/forms/field";
import { PhoneLink } from "~/components/ui/contact-links";
import { Button } from "~/components/ui/button";
import { site } from "~/config/site";
import { routeMeta } from "~/lib/meta";
import { readForm } from "~/lib/request-body.server";
import { log } from "~/lib/log.server";
import type { ActionFailure, ActionSuccess } from "~/lib/action-result";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Reset your password",
    description: "Get a link by e-mail to set a new password for your staff account.",
    path: "/auth/forgot-password",
    noindex: true,
  });

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

const emailSchema = z.email().max(254);

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, mailer } = context.services;
  if (!mailer) return refused(409, "mail_off", "E-mail is not set up on this site. Ask an administrator.", "");
  const form = await readForm(request);
  const raw = String(form.get("email") ?? "").trim();
  const email = raw.toLowerCase();
  if (!emailSchema.safeParse(email).success)
    return refused(400, "validation_failed", "Enter your e-mail address, like name@example.com.", raw.replaceAll("\0", ""), {
      field: true,
    });

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

const MINUTES = Math.round(RESET_TOKEN_SECONDS / 60);

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth/forgot-password") === true;
  const result = actionData;
  // Each answer takes the focus, so it is heard: the field when it is the field's problem.
  const messageRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (result?.ok === false && result.fieldErrors?.email) inputRef.current?.focus();
    else if (result) messageRef.current?.focus();
  }, [result]);

  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">Reset your password</h1>
      {!loaderData.mailEnabled ? (
        <p className="mt-4 text-slate-700">
          This site cannot send e-mail, so it cannot send you a reset link. Ask an administrator to set a new password for you, or call{" "}
          <PhoneLink phone={site.phones.support} className="font-semibold text-accent underline" />.
        </p>
      ) : result?.ok === true ? (
        <div
          ref={messageRef}
          tabIndex={-1}
          role="status"
          className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950"
        >
          <p className="font-semibold">Check your e-mail.</p>
          <p className="mt-2">
            If {result.email} belongs to a staff account, we sent it a link to set a new password. The link works once, for {MINUTES}{" "}
            minutes.
          </p>
          <p className="mt-2">No e-mail after a few minutes? Check the spam folder, or ask an administrator.</p>
        </div>
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            Enter the e-mail address of your staff account. We will send you a link to set a new password.
          </p>
          <Form method="post" className="mt-8 space-y-5">
            {result?.ok === false && !result.fieldErrors?.email && <FormAlert ref={messageRef}>{result.message}</FormAlert>}
            <Field id="email" label="E-mail address" error={result?.ok === false ? result.fieldErrors?.email : undefined}>
              {(props) => (
                <input
                  {...props}
                  ref={inputRef}
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  required
                  defaultValue={result?.ok === false ? result.values?.email : ""}
                />
              )}
            </Field>
            <Button type="submit" size="lg" disabled={pending} className="w-full">
              {pending ? "Sending…" : "Send the link"}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-8 text-sm text-slate-700">
        <Link to="/auth/login" className="font-semibold text-accent underline">
          Back to sign-in
        </Link>
      </p>
    </section>
  );
}
