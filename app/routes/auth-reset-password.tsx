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
import type { Route } from "./+types/auth-reset-password";
import { recordAudit } from "~/auth/audit.server";
import { afterPasswordReset } from "~/auth/throttle.server";
import { passwordWeaknesses } from "~/auth/password";
import {
  clearResetCookie,
  completeReset,
  findResetToken,
  RESET_TOKEN_PATTERN,
  resetCookie,
  resetTokenFrom,
} from "~/auth/password-reset.server";
import { Button } from "~/components/ui/button";
import { fieldControlClass } from "~/components/forms/field";
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

type Field = "password" | "confirm";
type ActionData = { state: "invalid" } | { state: "error"; field: Field; message: string; reasons?: string[] } | { state: "unavailable" };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

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
    return data<ActionData>({ state: "unavailable" }, { status: 503, headers: { "Retry-After": "60" } });
  }
  if (!owner || !token) return data<ActionData>({ state: "invalid" }, { status: 400, headers: { "Set-Cookie": clearResetCookie() } });

  const refuse = (field: Field, message: string, reasons?: string[]) =>
    data<ActionData>({ state: "error", field, message, ...(reasons ? { reasons } : {}) }, { status: 400 });
  if (!password) return refuse("password", "Enter a new password.");
  if (CONTROL.test(password)) return refuse("password", "Use letters, digits, spaces and symbols only.");
  const reasons = passwordWeaknesses(password, owner.email);
  if (reasons.length) return refuse("password", "That password is too weak:", reasons);
  if (password !== confirm) return refuse("confirm", "The two passwords differ. Type the same password twice.");

  let outcome: "done" | "invalid";
  try {
    outcome = await completeReset({ db, auth }, token, password);
  } catch (error) {
    log.error(`Password reset failed: ${error instanceof Error ? error.message : error}`);
    return data<ActionData>({ state: "unavailable" }, { status: 503, headers: { "Retry-After": "60" } });
  }
  if (outcome === "invalid") return data<ActionData>({ state: "invalid" }, { status: 400, headers: { "Set-Cookie": clearResetCookie() } });
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
  const loaded = loaderData as LoaderData;
  const result = actionData as ActionData | undefined;
  const error = result?.state === "error" ? result : undefined;
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error?.field === "password") passwordRef.current?.focus();
    else if (error?.field === "confirm") confirmRef.current?.focus();
    else if (result?.state === "unavailable") alertRef.current?.focus();
  }, [result, error]);

  if (loaded.state === "invalid" || result?.state === "invalid")
    return (
      <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
        <h1 className="text-3xl font-bold tracking-tight">Set a new password</h1>
        <Invalid />
      </section>
    );

  const describedBy = (field: Field) => (error?.field === field ? `${field}-error` : field === "password" ? "password-hint" : undefined);
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">Set a new password</h1>
      <p className="mt-3 text-slate-700">
        For the staff account <strong className="font-semibold text-navy-900">{loaded.email}</strong>. Every session of this account will be
        signed out.
      </p>
      <Form method="post" className="mt-8 space-y-5">
        {result?.state === "unavailable" && (
          <FormAlert ref={alertRef}>We could not save your new password just now. Try again in a minute.</FormAlert>
        )}
        {/* For password managers: whose password this is. */}
        <input type="hidden" name="username" autoComplete="username" value={loaded.email} />
        <div>
          <label htmlFor="password" className="font-medium text-navy-900">
            New password
          </label>
          <p id="password-hint" className="mt-0.5 text-sm text-slate-600">
            At least 12 characters, with two kinds of character (lower case, upper case, digits, symbols). Not your e-mail name.
          </p>
          <input
            ref={passwordRef}
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={error?.field === "password" || undefined}
            aria-describedby={describedBy("password")}
            className={fieldControlClass}
          />
          {error?.field === "password" && (
            <div id="password-error" role="alert" className="mt-1.5 text-sm font-medium text-red-800">
              <p>
                <span className="sr-only">Error: </span>
                {error.message}
              </p>
              {error.reasons && (
                <ul className="mt-1 list-disc pl-5">
                  {error.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        <div>
          <label htmlFor="confirm" className="font-medium text-navy-900">
            Repeat the new password
          </label>
          <input
            ref={confirmRef}
            id="confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={error?.field === "confirm" || undefined}
            aria-describedby={describedBy("confirm")}
            className={fieldControlClass}
          />
          {error?.field === "confirm" && (
            <p id="confirm-error" role="alert" className="mt-1.5 text-sm font-medium text-red-800">
              <span className="sr-only">Error: </span>
              {error.message}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? "Saving…" : "Set the new password"}
        </Button>
      </Form>
    </section>
  );
}
