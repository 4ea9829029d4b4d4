import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";

import { loginPath } from "~/auth/redirect";
import { CHALLENGE_EXPIRED, CHALLENGE_EXPIRED_MESSAGE, SIGN_IN_OFFLINE } from "~/auth/sign-in-messages";
import { Field, SubmitButton } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { site } from "~/config/site";
import { cn } from "~/lib/cn";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/two-factor";
import type { CodeFailure, Method } from "./two-factor.server";

/**
 * /auth/two-factor: the code step after the password, for an account with two-factor sign-in on
 * (docs/requirements/accounts.md#two-factor-sign-in). One field takes the app's six-digit code or a backup
 * code; it works without JavaScript like /auth/login.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Sign-in code",
    description: "The second step of a staff sign-in.",
    path: "/auth/two-factor",
    noindex: true,
  });

export { action, loader } from "./two-factor.server";

/** In the browser: the same server action, plus a clear message when the network fails. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { ok: false, intent: "second-factor", message: SIGN_IN_OFFLINE } satisfies CodeFailure;
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
            {CHALLENGE_EXPIRED_MESSAGE}
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
            <SubmitButton pending={pending} pendingLabel="Checking…" size="lg" className="w-full">
              Continue
            </SubmitButton>
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
