/**
 * The server side of /auth/reset-password (the route module beside it): the e-mailed link's token
 * moved into a cookie, the link checked, the new password set (docs/requirements/accounts.md#password-reset).
 */
import { data, redirect } from "react-router";
import { z } from "zod";

import { recordAudit } from "~/auth/audit.server";
import { newPasswordProblem, type NewPasswordField } from "~/auth/password";
import {
  clearResetCookie,
  completeReset,
  findResetToken,
  RESET_TOKEN_PATTERN,
  resetCookie,
  resetTokenFrom,
} from "~/auth/password-reset.server";
import { RESET_PASSWORD_PATH } from "~/auth/redirect";
import { afterPasswordReset } from "~/auth/throttle.server";
import type { ActionFailure, FieldErrors } from "~/lib/action-result";
import { actionError, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/reset-password";

/** The page's address, and anything it links to, never reach another site in a Referer. */
const NO_REFERRER = { "Referrer-Policy": "no-referrer" } as const;

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
    throw redirect(RESET_PASSWORD_PATH, { status: 303, headers });
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
/** Why a new password was refused; a link that no longer works and a database that cannot be reached are said in full. */
export type ResetRefusalCode = "invalid_link" | "unavailable" | "weak_password" | "validation_failed";
const LINK_INVALID = "invalid_link";
const UNAVAILABLE = "unavailable";

const refused = (
  status: number,
  code: ResetRefusalCode,
  message: string,
  init: { headers?: HeadersInit; fieldErrors?: FieldErrors<NewPasswordField>; details?: string[] } = {},
) =>
  actionError<ActionFailure<typeof INTENT, NewPasswordField> & { code: ResetRefusalCode }>(
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

/** Both fields may be empty here: newPasswordProblem says what is wrong, beside the field. */
const newPasswordForm = z.object({ password: z.string().default(""), confirm: z.string().default("") });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, newPasswordForm, { intent: INTENT });
  if (!form.ok) return form.response; // never: both fields may be missing
  const { password, confirm } = form.data;
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
  // docs/requirements/accounts.md#sign-in-throttling: the account's pause is lifted and this browser is a known one.
  const knownBrowser = await afterPasswordReset(db, auth, owner).catch((error: unknown) => {
    log.error(`The sign-in pause could not be lifted after a reset: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  if (knownBrowser) headers.append("Set-Cookie", knownBrowser);
  throw redirect("/auth/login?reset=done", { status: 303, headers });
}
