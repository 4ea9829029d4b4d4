/**
 * Setting a new password from the e-mailed link (docs/requirements.md#password-reset). The link's
 * token never stays in the address bar: the first GET moves it into an httpOnly cookie and
 * redirects here without it (app/auth/password-reset.server.ts); the page sends no Referer. The
 * new password follows the password rules; a used, expired or unknown link says so and offers a
 * new one. On success every session of the account ends and sign-in says what happened.
 */
import { FormAlert } from "~/components/forms/form-alert";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useEffect, useRef } from "react";
import { actionError } from "~/lib/admin-action.server";
import type { Route } from "./+types/reset-password";
import { recordAudit } from "~/auth/audit.server";
import { afterPasswordReset } from "~/auth/throttle.server";
import { NEW_PASSWORD_HINT, newPasswordProblem, type NewPasswordField } from "~/auth/password";
import type { ActionFailure, FieldErrors } from "~/lib/action-result";
import {
  clearResetCookie,
  completeReset,
  findResetToken,
  RESET_TOKEN_PATTERN,
  resetCookie,
  resetTokenFrom,
} from "~/auth/password-reset.server";
import { Button } from "~/components/ui/button";
import { PasswordField } from "~/components/forms/field";
import { routeMeta } from "~/lib/meta";
import { readForm } from "~/lib/request-body.server";
import { log } from "~/lib/log.server";

const PATH = "/auth/reset-password";
/** The page's address, and anything it links to, never reach another site in a Referer. */
const NO_REFERRER = { "Referrer-Policy": "no-referrer" } as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Set a new password",
    description: "Set a new password for your staff account.",
    path: PATH,
    noindex: true,
  });

/** React Router adds the loader's and action's cookies to these. */
export const headers: Route.HeadersFunction = () => NO_REFERRER;

type LoaderData = { state: "form"; email: string } | { state: "invalid" };

const unavailable = () =>
  data({ reason: "unavailable" }, { status: 503, headers: { "Retry-After": "60", "Cache-Control": "no-store", ...NO_REFERRER } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const fromLink = new URL(request.url).searchParams.get("token");
  if (fromLink !== null) {
    const headers = new Headers(NO_REFERRER);
    headers.append("Set-Cookie", RESET_TOKEN_PATTERN.test(fromLink) ? resetCookie(fromLink) : clearResetCookie());
    throw redirect(PATH, { status: 303, headers });
  }
  const token = resetTokenFrom(request);
  const owner = await findResetToken(context.services.db, token).catch((error: unknown) => {
    log.error(`The reset link could not be checked: ${error instanceof Error ? error.message : error}`);
    throw unavailable();
  });
  if (!owner) return data<LoaderData>({ state: "invalid" }, { headers: { "Set-Cookie": clearResetCookie() } });
  return data<LoaderData>({ state: "form", email: owner.email });
}

const INTENT = "reset-password";
/** A link that no longer works, and a database that cannot be reached: the page says so in full. */
const LINK_INVALID = "invalid_link";
const UNAVAILABLE = "unavailable";

const refused = (
  status: number,
  code: string,
  message: string,
  init: { headers?: HeadersInit; fieldErrors?: FieldErrors<NewPasswordField>; details?: string[] } = {},
) =>
  actionError<ActionFailure<typeof INTENT, NewPasswordField>>(
    status,
    {
      intent: INTENT,
      code,
      message,
      ...(init.fieldErrors ? { fieldErrors: init.fieldErrors } : {}),
      ...(init.details ? { details: init.details } : {}),
    },
    init.headers,
  );
const linkInvalid = () => refused(400, LINK_INVALID, "This link no longer works.", { headers: { "Set-Cookie": clearResetCookie() } });
const unavailableNow = () =>
  refused(503, UNAVAILABLE, "We could not save your new password just now. Try again in a minute.", { headers: { "Retry-After": "60" } });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const { db, auth } = context.services;
  const token = resetTokenFrom(request);
  let owner: { id: string; email: string } | null;
  try {
    owner = await findResetToken(db, token);
  } catch (error) {
    log.error(`The reset link could not be checked: ${error instanceof Error ? error.message : error}`);
    return unavailableNow();
  }
  if (!owner || !token) return linkInvalid();

  const problem = newPasswordProblem(password, confirm, owner.email);
  if (problem)
    return refused(400, problem.details ? "weak_password" : "validation_failed", "Check the highlighted fields.", {
      fieldErrors: { [problem.field]: problem.message },
      details: problem.details,
    });

  let outcome: "done" | "invalid";
  try {
    outcome = await completeReset({ db, auth }, token, password);
  } catch (error) {
    log.error(`Password reset failed: ${error instanceof Error ? error.message : error}`);
    return unavailableNow();
  }
  if (outcome === "invalid") return linkInvalid();
  await recordAudit(db, { event: "password-reset-completed", outcome: "success", actor: owner, request });
  const headers = new Headers(NO_REFERRER);
  headers.append("Set-Cookie", clearResetCookie());
  // docs/requirements.md#sign-in-throttling: the account's pause is lifted and this browser is a known one.
  const knownBrowser = await afterPasswordReset(db, auth, owner).catch((error: unknown) => {
    log.error(`The sign-in pause could not be lifted after a reset: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  if (knownBrowser) headers.append("Set-Cookie", knownBrowser);
  throw redirect("/auth/login?reset=done", { status: 303, headers });
}

function Invalid() {
  return (
    <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">This link no longer works.</p>
      <p className="mt-2">
        A reset link works once, for 30 minutes, until a newer link is sent or the password is changed. Ask for a new one.
      </p>
      <p className="mt-3">
        <Link to="/auth/forgot-password" className="font-semibold text-accent underline">
          Send me a new link
        </Link>
      </p>
    </div>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith(PATH) === true;
  const loaded = loaderData;
  const failed = actionData;
  const errors = failed?.fieldErrors;
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (errors?.password) passwordRef.current?.focus();
    else if (errors?.confirm) confirmRef.current?.focus();
    else if (failed?.code === UNAVAILABLE) alertRef.current?.focus();
  }, [failed, errors]);

  if (loaded.state === "invalid" || failed?.code === LINK_INVALID)
    return (
      <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
        <h1 className="text-3xl font-bold tracking-tight">Set a new password</h1>
        <Invalid />
      </section>
    );

  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">Set a new password</h1>
      <p className="mt-3 text-slate-700">
        For the staff account <strong className="font-semibold text-navy-900">{loaded.email}</strong>. Every session of this account will be
        signed out.
      </p>
      <Form method="post" className="mt-8 space-y-5">
        {failed?.code === UNAVAILABLE && <FormAlert ref={alertRef}>{failed.message}</FormAlert>}
        {/* For password managers: whose password this is. */}
        <input type="hidden" name="username" autoComplete="username" value={loaded.email} />
        <PasswordField
          id="password"
          label="New password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          error={errors?.password}
          details={errors?.password ? failed?.details : undefined}
          inputRef={passwordRef}
        />
        <PasswordField
          id="confirm"
          label="Repeat the new password"
          autoComplete="new-password"
          error={errors?.confirm}
          inputRef={confirmRef}
        />
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? "Saving…" : "Set the new password"}
        </Button>
      </Form>
    </section>
  );
}
