/**
 * "Forgot your password?" (docs/requirements/accounts.md#password-reset): the e-mail address, then the same
 * answer whether or not an account has it. Without e-mail configured (SMTP_URL), the page says to
 * ask an administrator and offers no form.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";

import { RESET_TOKEN_SECONDS } from "~/auth/config";
import { Field } from "~/components/forms/field";
import { FormAlert } from "~/components/forms/form-alert";
import { useFacts } from "~/components/layout/facts";
import { Button } from "~/components/ui/button";
import { PhoneLink } from "~/components/ui/contact-links";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Reset your password",
    description: "Get a link by e-mail to set a new password for your staff account.",
    path: "/auth/forgot-password",
    noindex: true,
  });

export { action, loader } from "./forgot-password.server";

const MINUTES = Math.round(RESET_TOKEN_SECONDS / 60);

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { support } = useFacts().phones;
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
          <PhoneLink phone={support} className="font-semibold text-accent underline" />.
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
