/**
 * The server side of /account (the route module beside it): the signed-in user's sessions and
 * settings, and the changes posted to the page (docs/requirements/accounts.md#account-page).
 */
import { data } from "react-router";
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
import { env } from "~/env.server";
import { setWeeklySummary, SUMMARY_HOUR, wantsWeeklySummary } from "~/insights/weekly-summary.server";
import type { ActionFailure, ActionResult, FieldErrors } from "~/lib/action-result";
import { redirectWithNotice, takeNotice } from "~/lib/flash-notice.server";
import { actionError, actionOk, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/private-caching";

import type { Route } from "./+types/account";

const PRIVATE = { "Cache-Control": PRIVATE_CACHE_CONTROL } as const;

/** The page's private headers, plus those that clear a notice it shows. */
function withNotice(noticeHeaders: HeadersInit): Headers {
  const out = new Headers(noticeHeaders);
  out.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return out;
}

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

export type AccountField = "currentPassword" | "newPassword" | "confirmPassword" | "sessionId";
export type Outcome = ActionResult<string, AccountField>;

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
  const parsed = await parseForm(request, accountSchema);
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
      if (mailer)
        sendInBackground(
          mailer,
          buildPasswordChangedMessage(me.user.email, env(), "changed", context.services.content.published().facts),
          "password changed",
        );
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
