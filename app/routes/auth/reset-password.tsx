/**
 * Setting a new password from the e-mailed link (docs/requirements/accounts.md#password-reset). The link's
 * token never stays in the address bar: the first GET moves it into an httpOnly cookie and
 * redirects here without it (app/auth/password-reset.server.ts); the page sends no Referer. The
 * new password follows the password rules; a used, expired or unknown link says so and offers a
 * new one. On success every session of the account ends and sign-in says what happened.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";

import { RESET_PASSWORD_PATH } from "~/auth/redirect";
import { FormAlert } from "~/components/forms/form-alert";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { Button } from "~/components/ui/button";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/reset-password";
import type { ResetRefusalCode } from "./reset-password.server";

const LINK_INVALID: ResetRefusalCode = "invalid_link";
const UNAVAILABLE: ResetRefusalCode = "unavailable";
/** The form's field names are the problems' own (newPasswordProblem). */
const RESET_FIELDS = { password: "password", confirm: "confirm" } as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Set a new password",
    description: "Set a new password for your staff account.",
    path: RESET_PASSWORD_PATH,
    noindex: true,
  });

export { action, headers, loader } from "./reset-password.server";

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
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith(RESET_PASSWORD_PATH) === true;
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
        <NewPasswordFields ids={RESET_FIELDS} errors={errors} details={failed?.details} passwordRef={passwordRef} confirmRef={confirmRef} />
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? "Saving…" : "Set the new password"}
        </Button>
      </Form>
    </section>
  );
}
