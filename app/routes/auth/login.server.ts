/**
 * The server side of /auth/login (the route module beside it): a signed-in visitor is sent on;
 * the sign-in form is posted through better-auth's HTTP handler (docs/requirements/accounts.md#sign-in-throttling).
 */
import { redirect } from "react-router";
import { z } from "zod";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { codeStepPath, safeRedirect } from "~/auth/redirect";
import { getSignedIn } from "~/auth/session.server";
import type { ActionFailure } from "~/lib/action-result";
import { actionError, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/login";

/** A signed-in user who opens the page is sent on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // With the database down the check cannot be made: show the form (signing in says to retry).
  const signedIn = await getSignedIn(context.services, request).catch(() => null);
  if (signedIn) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  return null;
}

const INTENT = "sign-in";
export type SignInFailure = ActionFailure<typeof INTENT, "email">;

/** A refused sign-in: the message above the form, the e-mail address kept (never the password). */
const refused = (message: string, email: string, status: number, headers?: HeadersInit) =>
  actionError<SignInFailure>(status, { intent: INTENT, message, values: { email } }, headers);

const MESSAGES = {
  missing: "Enter your e-mail address and your password.",
  invalid: "That e-mail address and password do not match an account. Check both and try again.",
  unavailable: "We could not sign you in just now. Try again in a minute.",
};

const signInForm = z.object({
  email: z.string(MESSAGES.missing).trim().min(1, MESSAGES.missing),
  password: z.string(MESSAGES.missing).min(1, MESSAGES.missing),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, signInForm, { intent: INTENT });
  if (!form.ok) return refused(MESSAGES.missing, (form.fields.email ?? "").trim(), 400);
  const { email, password } = form.data;
  const redirectTo = safeRedirect(form.data.redirectTo ?? null);
  // No account holds a NUL character, and PostgreSQL cannot even be asked about one.
  if (email.includes("\0") || password.includes("\0")) return refused(MESSAGES.invalid, email.replaceAll("\0", ""), 401);

  // Through the HTTP handler, not auth.api, so the sign-in throttle and origin check apply.
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of ["cookie", "origin", "referer", "user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const signInUrl = new URL("/api/auth/sign-in/email", request.url);
  let response: Response;
  try {
    response = await context.services.auth.handler(
      new Request(signInUrl, { method: "POST", headers, body: JSON.stringify({ email, password }) }),
    );
  } catch (error) {
    log.error("Sign-in failed:", error instanceof Error ? error.message : error);
    return refused(MESSAGES.unavailable, email, 503, { "Retry-After": "60" });
  }
  if (response.ok) {
    const out = new Headers();
    for (const cookie of response.headers.getSetCookie()) out.append("set-cookie", cookie);
    // Two-factor sign-in on: no session yet, only the challenge cookie; the code step comes next.
    const answer = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
    if (answer?.twoFactorRedirect) throw redirect(codeStepPath(redirectTo), { headers: out });
    throw redirect(redirectTo, { headers: out });
  }
  if (response.status === 429) {
    // docs/requirements/accounts.md#sign-in-throttling: say when to retry, in whole minutes.
    const seconds = Number(response.headers.get("x-retry-after")) || 60;
    const minutes = Math.ceil(seconds / 60);
    return refused(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, email, 429, {
      "Retry-After": String(seconds),
    });
  }
  if (response.status === 401 || response.status === 400) return refused(MESSAGES.invalid, email, 401);
  return refused(MESSAGES.unavailable, email, 503, { "Retry-After": "60" });
}
