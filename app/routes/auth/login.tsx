import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { FormAlert } from "~/components/forms/form-alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/forms/field";
import { cn } from "~/lib/cn";
import type { ActionFailure } from "~/lib/action-result";
import { actionError } from "~/lib/admin-action.server";
import type { Route } from "./+types/login";
import { useEffect, useRef, useState } from "react";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { codeStepPath, safeRedirect } from "~/auth/redirect";
import { getSignedIn } from "~/auth/session.server";
import { Icon } from "~/components/ui/icon";
import { PhoneLink } from "~/components/ui/contact-links";
import { site } from "~/config/site";
import { routeMeta } from "~/lib/meta";
import { readForm } from "~/lib/request-body.server";
import { log } from "~/lib/log.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Staff sign-in",
    description: "Sign in to the staff and administrator area.",
    path: "/auth/login",
    noindex: true,
  });

/** A signed-in user who opens the page is sent on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // With the database down the check cannot be made: show the form (signing in says to retry).
  const signedIn = await getSignedIn(context.services, request).catch(() => null);
  if (signedIn) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  return null;
}

const INTENT = "sign-in";
type SignInFailure = ActionFailure<typeof INTENT, "email">;

/** A refused sign-in: the message above the form, the e-mail address kept (never the password). */
const refused = (message: string, email: string, status: number, headers?: HeadersInit) =>
  actionError<SignInFailure>(status, { intent: INTENT, message, values: { email } }, headers);

const MESSAGES = {
  offline: "We could not reach the server. Check your connection and try again.",
  missing: "Enter your e-mail address and your password.",
  invalid: "That e-mail address and password do not match an account. Check both and try again.",
  unavailable: "We could not sign you in just now. Try again in a minute.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (!email || !password) return refused(MESSAGES.missing, email, 400);
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
    // docs/requirements.md#sign-in-throttling: say when to retry, in whole minutes.
    const seconds = Number(response.headers.get("x-retry-after")) || 60;
    const minutes = Math.ceil(seconds / 60);
    return refused(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, email, 429, {
      "Retry-After": String(seconds),
    });
  }
  if (response.status === 401 || response.status === 400) return refused(MESSAGES.invalid, email, 401);
  return refused(MESSAGES.unavailable, email, 503, { "Retry-After": "60" });
}

/** In the browser: the same server action, plus a clear message when the network fails. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const email = String((await request.clone().formData()).get("email") ?? "").trim();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError)
      return { ok: false, intent: INTENT, message: MESSAGES.offline, values: { email } } satisfies SignInFailure;
    throw error;
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth/login") === true;
  const [showPassword, setShowPassword] = useState(false);
  const result = actionData;
  // Bring each new error into view and to the keyboard, even when the form was scrolled down.
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result?.message) errorRef.current?.focus();
  }, [result]);
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">Staff sign-in</h1>
      <p className="mt-3 text-slate-700">For {site.brand} staff. Clients: use the Client Portal in the top bar.</p>
      {params.get("reset") === "done" && !result?.message && (
        <p role="status" className="mt-6 rounded-md border border-emerald-300 bg-emerald-50 p-3 font-semibold text-emerald-950">
          Password changed. Sign in with your new password.
        </p>
      )}
      <Form method="post" className="mt-8 space-y-5" aria-describedby={result?.message ? "login-error" : undefined}>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
        {result?.message && (
          <FormAlert id="login-error" ref={errorRef}>
            {result.message}
          </FormAlert>
        )}
        <Field id="email" label="E-mail address">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              required
              defaultValue={result?.values?.email ?? ""}
            />
          )}
        </Field>
        <Field id="password" label="Password">
          {(control) => (
            <div className="relative">
              <input
                {...control}
                name="password"
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                required
                className={cn(control.className, "pr-24")}
              />
              <button
                type="button"
                onClick={() => setShowPassword((s) => !s)}
                aria-pressed={showPassword}
                aria-controls="password"
                className="absolute inset-y-0 right-1 my-auto h-9 rounded px-3 text-sm font-semibold text-navy-800 hover:bg-slate-100"
              >
                {showPassword ? "Hide" : "Show"}
                <span className="sr-only"> password</span>
              </button>
            </div>
          )}
        </Field>
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending && <Icon name="clock" className="size-4 animate-spin motion-reduce:animate-none" />}
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
      <p className="mt-8 text-sm text-slate-700">
        <Link to="/auth/forgot-password" className="font-semibold text-accent underline">
          Forgot your password?
        </Link>{" "}
        No e-mail? Ask an administrator, or call <PhoneLink phone={site.phones.support} className="font-semibold text-accent underline" />.
      </p>
    </section>
  );
}
