import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";

import { SIGN_IN_OFFLINE } from "~/auth/sign-in-messages";
import { Field, SubmitButton } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { useFacts } from "~/components/layout/facts";
import { PhoneLink } from "~/components/ui/contact-links";
import { site } from "~/config/site";
import { cn } from "~/lib/cn";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/login";
import type { SignInFailure } from "./login.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Staff sign-in",
    description: "Sign in to the staff and administrator area.",
    path: "/auth/login",
    noindex: true,
  });

export { action, loader } from "./login.server";

/** In the browser: the same server action, plus a clear message when the network fails. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const email = String((await request.clone().formData()).get("email") ?? "").trim();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError)
      return { ok: false, intent: "sign-in", message: SIGN_IN_OFFLINE, values: { email } } satisfies SignInFailure;
    throw error;
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { support } = useFacts().phones;
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
        <SubmitButton pending={pending} pendingLabel="Signing in…" size="lg" className="w-full">
          Sign in
        </SubmitButton>
      </Form>
      <p className="mt-8 text-sm text-slate-700">
        <Link to="/auth/forgot-password" className="font-semibold text-accent underline">
          Forgot your password?
        </Link>{" "}
        No e-mail? Ask an administrator, or call <PhoneLink phone={support} className="font-semibold text-accent underline" />.
      </p>
    </section>
  );
}
