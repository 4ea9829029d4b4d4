/**
 * /account (docs/requirements/accounts.md#account-page), for any signed-in user: change the password,
 * two-factor sign-in (its own page, /account/two-factor), and the active sessions with "Sign out
 * other sessions" and a sign-out per session; for administrators, Insights' weekly summary e-mail
 * (docs/requirements/insights.md#insights-weekly-summary). Private (never cached), works without JavaScript.
 */
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";

import { buildPasswordChangedMessage, sendInBackground } from "~/auth/account-mail.server";
import {
  changeOwnPassword,
  listOwnSessions,
  revokeOtherOwnSessions,
  revokeOwnSession,
  takePasswordChangeSlot,
  tooManyPasswordTries,
  twoFactorEnabled,
} from "~/auth/account.server";
import { recordAudit } from "~/auth/audit.server";
import { newPasswordProblem } from "~/auth/password";
import { requireUser, type SignedIn } from "~/auth/session.server";
import { ActionMessage } from "~/components/feedback/action-message";
import { PasswordField } from "~/components/forms/field";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { Button } from "~/components/ui/button";
import { env } from "~/env.server";
import { setWeeklySummary, SUMMARY_HOUR, wantsWeeklySummary } from "~/insights/weekly-summary.server";
import type { ActionFailure, ActionResult, FieldErrors } from "~/lib/action-result";
import { actionError, actionOk, parseAdminForm } from "~/lib/admin-action.server";
import { redirectWithNotice, takeNotice } from "~/lib/flash-notice.server";
import { formatDateTime } from "~/lib/format-date";
import { log } from "~/lib/log.server";
import { routeMeta } from "~/lib/meta";
import { PRIVATE_CACHE_CONTROL } from "~/lib/private-caching";

import type { Route } from "./+types/account";

const PRIVATE = { "Cache-Control": PRIVATE_CACHE_CONTROL } as const;

/** The page's private headers, plus those that clear a notice it shows. */
function withNotice(noticeHeaders: HeadersInit): Headers {
  const out = new Headers(noticeHeaders);
  out.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return out;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Your account",
    description: "Your password, two-factor sign-in and sessions.",
    path: "/account",
    noindex: true,
  });

/** Staff data: never stored by a browser or a proxy (docs/requirements/accounts.md#account-page). */
export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(context.services, request);
  const { notice, headers: noticeHeaders } = takeNotice(request);
  const [sessions, twoFactor, summaryOn] = await Promise.all([
    listOwnSessions(context.services.auth, request.headers, me.session.id),
    twoFactorEnabled(context.services.db, me.user.id),
    me.isAdmin ? wantsWeeklySummary(context.services.db, me.user.id) : false,
  ]);
  return data(
    {
      email: me.user.email,
      isAdmin: me.isAdmin,
      twoFactor,
      sessions,
      notice,
      // Administrators only: whether they asked for it, whether the site can send it, whether this session may change it.
      weeklySummary: me.isAdmin
        ? {
            on: summaryOn,
            mailEnabled: context.services.mailer !== undefined,
            canChange: summaryRefusal(me, true) === null,
            hour: SUMMARY_HOUR,
          }
        : null,
    },
    { headers: withNotice(noticeHeaders) },
  );
}

type AccountField = "currentPassword" | "newPassword" | "confirmPassword" | "sessionId";
type Outcome = ActionResult<string, AccountField>;

const text = z.string().max(1024).default("");
const accountSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change-password"), currentPassword: text, newPassword: text, confirmPassword: text }),
  z.object({ intent: z.literal("sign-out-others") }),
  z.object({ intent: z.literal("sign-out-session"), sessionId: z.uuid("Not a valid session.") }),
  // A checkbox: "on" when ticked, absent when not.
  z.object({ intent: z.literal("weekly-summary"), weeklySummary: z.literal("on", "Not a valid choice.").optional() }),
]);

/**
 * Why `me` may not set the weekly summary, or null: administrators only, in a session that could
 * open the admin area (the summary holds what /admin/insights shows), and only when e-mail is configured.
 */
function summaryRefusal(me: SignedIn, mailEnabled: boolean): { status: number; code: string; message: string } | null {
  if (!me.isAdmin) return { status: 403, code: "forbidden", message: "Only administrators can get the weekly Insights summary." };
  if (!me.twoFactorEnabled || !me.sessionPassedSecondFactor)
    return {
      status: 403,
      code: "two_factor_required",
      message: "Sign in with two-factor sign-in (set it up above if it is off) to change the weekly summary.",
    };
  if (!mailEnabled)
    return {
      status: 409,
      code: "mail_not_configured",
      message: "This site cannot send e-mail (SMTP_URL is not set), so it cannot send the weekly summary.",
    };
  return null;
}

/** Where each problem of the new password shows on this form. */
const NEW_PASSWORD_FIELDS = { password: "newPassword", confirm: "confirmPassword" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(context.services, request);
  const { db, auth, mailer } = context.services;
  const parsed = await parseAdminForm(request, accountSchema);
  // Who may set it is checked before whether the form is valid: a refusal never depends on the rest.
  if (parsed.intent === "weekly-summary") {
    const refusal = summaryRefusal(me, mailer !== undefined);
    if (refusal) return actionError(refusal.status, { intent: parsed.intent, code: refusal.code, message: refusal.message });
  }
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const { intent } = input;
  const refuse = (status: number, message: string, extra: Partial<ActionFailure<string, AccountField>> = {}) =>
    actionError(status, { intent, message, ...extra });
  const actor = { id: me.user.id, email: me.user.email };

  try {
    if (input.intent === "change-password") {
      const fieldErrors: FieldErrors<AccountField> = {};
      if (!input.currentPassword) fieldErrors.currentPassword = "Enter your current password.";
      const problem = newPasswordProblem(input.newPassword, input.confirmPassword, me.user.email);
      if (problem) fieldErrors[NEW_PASSWORD_FIELDS[problem.field]] = problem.message;
      const details = problem?.details;
      if (Object.keys(fieldErrors).length)
        return refuse(400, "Check the highlighted fields.", {
          code: details ? "weak_password" : "validation_failed",
          fieldErrors,
          details,
        });

      const slot = await takePasswordChangeSlot(db, me.user.id);
      if (!slot.ok) {
        await recordAudit(db, { event: "password-changed", outcome: "refused", actor, request, detail: "Too many tries." });
        return refuse(429, tooManyPasswordTries(slot.retryAfterSeconds), { code: "too_many_requests" });
      }
      const changed = await changeOwnPassword({ auth, db }, request.headers, input.currentPassword, input.newPassword);
      if (!changed.ok) {
        await recordAudit(db, { event: "password-changed", outcome: "failure", actor, request, detail: "Wrong current password." });
        return refuse(400, "Check the highlighted fields.", {
          code: "invalid_password",
          fieldErrors: { currentPassword: "That is not your current password." },
        });
      }
      await recordAudit(db, { event: "password-changed", outcome: "success", actor, request });
      if (mailer) sendInBackground(mailer, buildPasswordChangedMessage(me.user.email, env(), "changed"), "password changed");
      // This session was replaced by a new one: its cookie goes with the redirect, which loads the
      // page again with it (the old one would find no session).
      const out = new Headers(PRIVATE);
      for (const cookie of changed.setCookies) out.append("Set-Cookie", cookie);
      throw redirectWithNotice("/account", "password-changed", out, 303);
    }

    if (input.intent === "sign-out-others") {
      const ended = await revokeOtherOwnSessions(auth, request.headers, me.session.id);
      await recordAudit(db, { event: "sessions-revoked", outcome: "success", actor, request, detail: `Other sessions (${ended}).` });
      return actionOk(intent, ended ? "Every other session was signed out." : "There were no other sessions.");
    }

    if (input.intent === "weekly-summary") {
      const on = input.weeklySummary === "on";
      await setWeeklySummary(db, me.user.id, on);
      return actionOk(
        intent,
        on
          ? `Saved: the weekly summary will be e-mailed to ${me.user.email} every Monday morning.`
          : "Saved: you will no longer get the weekly summary.",
      );
    }

    const result = await revokeOwnSession(auth, request.headers, input.sessionId, me.session.id);
    if (result === "current") return refuse(400, "This is the session you are using now. To end it, use Logout.");
    if (result === "not-found") {
      await recordAudit(db, {
        event: "sessions-revoked",
        outcome: "refused",
        actor,
        request,
        detail: "Not an active session of this account.",
      });
      return refuse(404, "That session has already ended.", { code: "session_not_found" });
    }
    await recordAudit(db, { event: "sessions-revoked", outcome: "success", actor, request, detail: "One session." });
    return actionOk(intent, "That session was signed out.");
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error(`Account change failed: ${error instanceof Error ? error.message : error}`);
    return refuse(503, "That change could not be saved just now. Try again in a minute.");
  }
}

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
