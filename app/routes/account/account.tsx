/**
 * /account (docs/requirements/accounts.md#account-page), for any signed-in user: change the password,
 * two-factor sign-in (its own page, /account/two-factor), and the active sessions with "Sign out
 * other sessions" and a sign-out per session; for administrators, Insights' weekly summary e-mail
 * (docs/requirements/insights.md#insights-weekly-summary). Private (never cached), works without JavaScript.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";

import { ActionMessage } from "~/components/feedback/action-message";
import { PasswordField } from "~/components/forms/field";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format-date";
import { routeMeta } from "~/lib/meta";
import { PRIVATE_CACHE_CONTROL } from "~/lib/private-caching";

import type { Route } from "./+types/account";
import type { AccountField, Outcome } from "./account.server";

const PRIVATE = { "Cache-Control": PRIVATE_CACHE_CONTROL } as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Your account",
    description: "Your password, two-factor sign-in and sessions.",
    path: "/account",
    noindex: true,
  });

/** Staff data: never stored by a browser or a proxy (docs/requirements/accounts.md#account-page). */
export const headers: Route.HeadersFunction = () => PRIVATE;

export { action, loader } from "./account.server";

/** Where each problem of the new password shows on this form (the action answers with these names). */
const NEW_PASSWORD_FIELDS = { password: "newPassword", confirm: "confirmPassword" } as const;
const PASSWORD_FIELDS: AccountField[] = ["currentPassword", "newPassword", "confirmPassword"];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, isAdmin, twoFactor, sessions, notice, weeklySummary } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const outcome: Outcome | undefined = actionData;
  const failed = outcome?.ok === false ? outcome : undefined;
  const passwordErrors = failed?.intent === "change-password" ? failed.fieldErrors : undefined;
  const firstBad = PASSWORD_FIELDS.find((f) => passwordErrors?.[f]);

  // The first field in error takes the focus; other answers are focused by ActionMessage.
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const target =
      firstBad === "currentPassword"
        ? currentRef
        : firstBad === "newPassword"
          ? newRef
          : firstBad === "confirmPassword"
            ? confirmRef
            : null;
    target?.current?.focus();
  }, [outcome, firstBad]);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const others = sessions.filter((s) => !s.current);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
      <p className="mt-2 text-slate-700">
        Signed in as <strong className="font-semibold text-navy-900">{email}</strong>.
      </p>
      {notice && !outcome && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm font-semibold text-emerald-900"
        >
          {notice}
        </p>
      )}
      {outcome && !passwordErrors && <ActionMessage result={outcome} />}

      <section aria-labelledby="password-heading" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="password-heading" className="text-xl font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-700">Your other sessions are signed out when the password changes.</p>
        <Form method="post" className="mt-5 space-y-5">
          <input type="hidden" name="intent" value="change-password" />
          {/* For password managers: whose password this is. */}
          <input type="hidden" name="username" autoComplete="username" value={email} />
          <PasswordField
            id="currentPassword"
            label="Current password"
            autoComplete="current-password"
            error={passwordErrors?.currentPassword}
            inputRef={currentRef}
            inputClassName="sm:max-w-sm"
          />
          <NewPasswordFields
            ids={NEW_PASSWORD_FIELDS}
            errors={passwordErrors}
            details={failed?.details}
            passwordRef={newRef}
            confirmRef={confirmRef}
            inputClassName="sm:max-w-sm"
          />
          <Button type="submit" disabled={busy}>
            Change password
          </Button>
        </Form>
      </section>

      <section aria-labelledby="two-factor-heading" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="two-factor-heading" className="text-xl font-semibold">
          Two-factor sign-in
        </h2>
        <p className="mt-2 text-slate-700">
          Status: <strong className="font-semibold text-navy-900">{twoFactor ? "On" : "Off"}</strong>
        </p>
        {!twoFactor && (
          <p className="mt-1 text-sm text-slate-700">
            {isAdmin
              ? "Administrators must use it: set it up now."
              : "Add a second step to your sign-in: a six-digit code from an app on your phone. A stolen password alone then cannot open your account."}
          </p>
        )}
        <p className="mt-4">
          <Link
            to="/account/two-factor"
            className="inline-flex min-h-10 items-center rounded-md border border-navy-900/20 bg-white px-4 text-sm font-semibold text-navy-900 hover:border-navy-900/40 hover:bg-slate-50"
          >
            {twoFactor ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
          </Link>
        </p>
      </section>

      {weeklySummary && <WeeklySummarySection {...weeklySummary} busy={busy} />}

      <section aria-labelledby="sessions-heading" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Active sessions
        </h2>
        <p className="mt-1 text-sm text-slate-700">Every browser where you are signed in. Sign out any you do not recognise.</p>
        <ul className="mt-5 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Active sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold text-navy-900">
                  {s.browser} on {s.system}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">This device</span>
                  )}
                </p>
                <p className="mt-0.5 text-sm text-slate-700">
                  {s.ipAddress ? `Address ${s.ipAddress}` : "Address unknown"} · Last active {formatDateTime(s.lastActive)}
                </p>
              </div>
              {!s.current && (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out-session" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Sign out
                    <span className="sr-only">
                      {" "}
                      {s.browser} on {s.system}, last active {formatDateTime(s.lastActive)}
                    </span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 && (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="sign-out-others" />
            <Button type="submit" variant="danger-outline" disabled={busy}>
              Sign out other sessions
            </Button>
          </Form>
        )}
      </section>
    </section>
  );
}

/** Administrators only: Insights' weekly summary e-mail, off until they tick it (docs/requirements/insights.md#insights-weekly-summary). */
function WeeklySummarySection({
  on,
  mailEnabled,
  canChange,
  hour,
  busy,
}: {
  on: boolean;
  mailEnabled: boolean;
  canChange: boolean;
  hour: number;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="summary-heading" className="mt-10 border-t border-slate-200 pt-8">
      <h2 id="summary-heading" className="text-xl font-semibold">
        Weekly Insights summary
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        An e-mail every Monday morning (from {hour}:00 office time) with the past week on the website beside the week before: visitors,
        visits, contact requests, phone and e-mail clicks, the top referring sites and campaign sources, and any page whose loading (LCP) or
        response to taps (INP) turned poor.
      </p>
      {!mailEnabled ? (
        <p className="mt-4 text-slate-700">
          The weekly summary needs e-mail to be configured: this site cannot send e-mail (SMTP_URL is not set), so no summary is sent. Ask
          whoever runs the server to set it up.{on && " You asked for the summary: it starts once e-mail works."}
        </p>
      ) : !canChange ? (
        <p className="mt-4 text-slate-700">
          Status: <strong className="font-semibold text-navy-900">{on ? "On" : "Off"}</strong>. To change it, sign in with two-factor
          sign-in (set it up above if it is off).
        </p>
      ) : (
        <Form method="post" className="mt-5 space-y-4">
          <input type="hidden" name="intent" value="weekly-summary" />
          <label className="flex min-h-10 items-center gap-2 text-navy-900">
            {/* Remounted when the saved choice changes, so the box shows it. */}
            <input key={String(on)} type="checkbox" name="weeklySummary" value="on" defaultChecked={on} className="size-4" />
            E-mail me the weekly summary
          </label>
          <Button type="submit" variant="secondary" size="md" disabled={busy}>
            Save
          </Button>
        </Form>
      )}
    </section>
  );
}
