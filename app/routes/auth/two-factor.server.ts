/**
 * The server side of /auth/two-factor (the route module beside it): the code step after the
 * password, posted through better-auth's HTTP handler (docs/requirements/accounts.md#two-factor-sign-in).
 */
import { redirect } from "react-router";
import { z } from "zod";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { safeRedirect } from "~/auth/redirect";
import { getSignedIn } from "~/auth/session.server";
import { CHALLENGE_EXPIRED, CHALLENGE_EXPIRED_MESSAGE } from "~/auth/sign-in-messages";
import { CODE_ALREADY_USED } from "~/auth/throttle.server";
import { parseCode } from "~/auth/two-factor.server";
import type { ActionFailure } from "~/lib/action-result";
import { actionError, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/two-factor";

/** better-auth's challenge cookie, set by the password step and good for 10 minutes. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const signedIn = await getSignedIn(context.services, request).catch(() => null);
  if (signedIn) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  return { challenge: CHALLENGE_COOKIE.test(request.headers.get("cookie") ?? "") };
}

export type Method = "totp" | "backup";
const INTENT = "second-factor";
export type CodeFailure = ActionFailure<typeof INTENT, "code">;

const refused = (message: string, status: number, init: { code?: string; headers?: HeadersInit } = {}) =>
  actionError<CodeFailure>(status, { intent: INTENT, message, ...(init.code ? { code: init.code } : {}) }, init.headers);

const MESSAGES = {
  missing: { totp: "Enter the 6-digit code from your authenticator app.", backup: "Enter one of your backup codes." },
  malformed: {
    totp: "A code from your authenticator app has 6 digits. Check it and try again.",
    backup: "A backup code has 10 letters and digits. Check it and try again.",
  },
  wrong: {
    totp: "That code is not right. Enter the code your authenticator app shows now.",
    backup: "That backup code is not right, or it was already used.",
  },
  reused: "That code was already used. Wait for the next code in your authenticator app.",
  expired: CHALLENGE_EXPIRED_MESSAGE,
  unavailable: "We could not sign you in just now. Try again in a minute.",
};

/** Every field may be missing: which message a missing or malformed code gets depends on the method. */
const codeForm = z.object({
  method: z.string().optional(),
  code: z.string().default(""),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, codeForm, { intent: INTENT });
  if (!form.ok) return form.response; // never: every field may be missing
  const method: Method = form.data.method === "backup" ? "backup" : "totp";
  const typed = form.data.code;
  const redirectTo = safeRedirect(form.data.redirectTo ?? null);
  if (!typed.trim()) return refused(MESSAGES.missing[method], 400);
  // Either kind is accepted in either field: a pasted backup code in the app-code field works too.
  const code = parseCode(typed);
  if (!code) return refused(MESSAGES.malformed[method], 400);

  // Through the HTTP handler, not auth.api, so the rate limits and failure throttles of these paths apply.
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of ["cookie", "origin", "referer", "user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const path = code.kind === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  let response: Response;
  try {
    response = await context.services.auth.handler(
      new Request(new URL(path, request.url), { method: "POST", headers, body: JSON.stringify({ code: code.code }) }),
    );
  } catch (error) {
    log.error("Two-factor sign-in failed:", error instanceof Error ? error.message : error);
    return refused(MESSAGES.unavailable, 503, { headers: { "Retry-After": "60" } });
  }
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("set-cookie", cookie);
  // A backup code's use is written to the audit log by a better-auth hook (app/auth/two-factor-audit.server.ts).
  if (response.ok) throw redirect(redirectTo, { headers: out });
  const answer = (await response.json().catch(() => null)) as { code?: string } | null;
  if (response.status === 429) {
    // docs/requirements/accounts.md#sign-in-throttling: say when to retry, in whole minutes, as /auth/login does.
    const locked = answer?.code === "ACCOUNT_TEMPORARILY_LOCKED";
    const seconds = Number(response.headers.get("x-retry-after")) || (locked ? 15 * 60 : 60);
    const minutes = Math.ceil(seconds / 60);
    return refused(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, 429, {
      headers: { "Retry-After": String(seconds) },
    });
  }
  // The challenge is gone: expired, already used, or too many wrong codes for it.
  if (answer?.code === "INVALID_TWO_FACTOR_COOKIE" || answer?.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return refused(MESSAGES.expired, 401, { code: CHALLENGE_EXPIRED, headers: out });
  // docs/requirements/accounts.md#two-factor-sign-in: each code signs in once.
  if (answer?.code === CODE_ALREADY_USED) return refused(MESSAGES.reused, 401, { headers: out });
  if (response.status === 401 || response.status === 400) return refused(MESSAGES.wrong[code.kind], 401, { headers: out });
  return refused(MESSAGES.unavailable, 503, { headers: { "Retry-After": "60" } });
}
