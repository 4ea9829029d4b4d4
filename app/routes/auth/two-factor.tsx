import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { Field } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import type { ActionFailure } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { actionError } from "~/lib/admin-action.server";
import type { Route } from "./+types/two-factor";
import { useEffect, useRef } from "react";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { loginPath, safeRedirect } from "~/auth/redirect";
import { getSignedIn } from "~/auth/session.server";
import { CODE_ALREADY_USED } from "~/auth/throttle.server";
import { parseCode } from "~/auth/two-factor.server";
import { Icon } from "~/components/ui/icon";
import { site } from "~/config/site";
import { routeMeta } from "~/lib/meta";
import { readForm } from "~/lib/request-body.server";
import { log } from "~/lib/log.server";

/**
 * /auth/two-factor: the code step after the password, for an account with two-factor sign-in on
 * (docs/requirements.md#two-factor-sign-in). One field takes the app's six-digit code or a backup
 * code; it works without JavaScript like /auth/login.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Sign-in code",
    description: "The second step of a staff sign-in.",
    path: "/auth/two-factor",
    noindex: true,
  });

/** better-auth's challenge cookie, set by the password step and good for 10 minutes. */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const signedIn = await getSignedIn(context.services, request).catch(() => null);
  if (signedIn) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  return { challenge: CHALLENGE_COOKIE.test(request.headers.get("cookie") ?? "") };
}

type Method = "totp" | "backup";
const INTENT = "second-factor";
/** The challenge is gone (expired, used, too many wrong codes): the page offers to sign in again. */
const CHALLENGE_EXPIRED = "challenge_expired";
type CodeFailure = ActionFailure<typeof INTENT, "code">;

const refused = (message: string, status: number, init: { code?: string; headers?: HeadersInit } = {}) =>
  actionError<CodeFailure>(status, { intent: INTENT, message, ...(init.code ? { code: init.code } : {}) }, init.headers);

const MESSAGES = {
  offline: "We could not reach the server. Check your connection and try again.",
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
  expired: "This sign-in has expired or was already used. Sign in again.",
  unavailable: "We could not sign you in just now. Try again in a minute.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const method: Method = form.get("method") === "backup" ? "backup" : "totp";
  const typed = String(form.get("code") ?? "");
  const redirectTo = safeRedirect(form.get("redirectTo"));
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
    // docs/requirements.md#sign-in-throttling: say when to retry, in whole minutes, as /auth/login does.
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
  // docs/requirements.md#two-factor-sign-in: each code signs in once.
  if (answer?.code === CODE_ALREADY_USED) return refused(MESSAGES.reused, 401, { headers: out });
  if (response.status === 401 || response.status === 400) return refused(MESSAGES.wrong[code.kind], 401, { headers: out });
  return refused(MESSAGES.unavailable, 503, { headers: { "Retry-After": "60" } });
}

/** In the browser: the same server action, plus a clear message when the network fails. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { ok: false, intent: INTENT, message: MESSAGES.offline } satisfies CodeFailure;
    throw error;
  }
}

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth/two-factor") === true;
  const result = actionData;
  const method: Method = params.get("method") === "backup" ? "backup" : "totp";
  const redirectTo = params.get("redirectTo") ?? "/";
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result?.message) errorRef.current?.focus();
  }, [result]);
  const expired = result?.code === CHALLENGE_EXPIRED || (!loaderData.challenge && !result);
  const other = new URLSearchParams(params);
  if (method === "backup") other.delete("method");
  else other.set("method", "backup");
  const otherHref = `/auth/two-factor${other.size ? `?${other}` : ""}`;

  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">Enter your sign-in code</h1>
      {expired ? (
        <>
          <FormAlert ref={errorRef} className="mt-6">
            {MESSAGES.expired}
          </FormAlert>
          <p className="mt-6">
            <Link to={loginPath(redirectTo)} className="font-semibold text-accent underline">
              Sign in again
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            {method === "totp"
              ? `Open your authenticator app and enter the 6-digit code for ${site.brand}.`
              : "Enter one of the backup codes you saved when you turned on two-factor sign-in. Each code works once."}
          </p>
          <Form method="post" className="mt-8 space-y-5" aria-describedby={result?.message ? "code-error" : undefined}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <input type="hidden" name="method" value={method} />
            {result?.message && (
              <FormAlert id="code-error" ref={errorRef}>
                {result.message}
              </FormAlert>
            )}
            <Field id="code" label={method === "totp" ? "6-digit code" : "Backup code"}>
              {(control) => (
                <input
                  {...control}
                  // A new field for each method, so the browser's keyboard and autofill follow it.
                  key={method}
                  name="code"
                  type="text"
                  required
                  autoComplete={method === "totp" ? "one-time-code" : "off"}
                  inputMode={method === "totp" ? "numeric" : "text"}
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={64}
                  // The message above the form says what is wrong with the code.
                  aria-invalid={result?.message ? true : undefined}
                  aria-describedby={result?.message ? "code-error" : undefined}
                  className={cn(control.className, "font-mono text-lg! tracking-wider")}
                />
              )}
            </Field>
            <Button type="submit" size="lg" disabled={pending} className="w-full">
              {pending && <Icon name="clock" className="size-4 animate-spin motion-reduce:animate-none" />}
              {pending ? "Checking…" : "Continue"}
            </Button>
          </Form>
          <p className="mt-6 text-sm">
            <Link to={otherHref} className="font-semibold text-accent underline">
              {method === "totp" ? "Use a backup code instead" : "Use your authenticator app instead"}
            </Link>
          </p>
          <p className="mt-3 text-sm text-slate-700">
            No app and no backup codes? Ask the super-administrator to reset your two-factor sign-in.
          </p>
        </>
      )}
    </section>
  );
}
