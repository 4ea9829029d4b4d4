/**
 * The server side of /account/two-factor (the route module beside it): who may see the page, and
 * its four forms: turn on (password, then a first code), confirm, new backup codes, turn off
 * (docs/requirements/accounts.md#two-factor-sign-in).
 */
import { APIError } from "better-auth/api";
import { data } from "react-router";
import { z } from "zod";

import { takePasswordChangeSlot, tooManyPasswordTries } from "~/auth/account.server";
import { recordAudit, type AuditEvent, type AuditOutcome } from "~/auth/audit.server";
import { ADMIN_HOME_PATH, EDITOR_HOME_PATH, LEADS_HOME_PATH, safeRedirect } from "~/auth/redirect";
import { requireUser, type SignedIn } from "~/auth/session.server";
import { claimCode, releaseCode } from "~/auth/throttle.server";
import {
  backupCodesText,
  endOtherSessions,
  groupSecret,
  parseCode,
  parseTotpUri,
  qrCodePath,
  rememberNewCookies,
  withNewCookies,
} from "~/auth/two-factor.server";
import { site } from "~/config/site";
import type { ActionFailure, ActionResult } from "~/lib/action-result";
import { actionError, actionOk, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/two-factor";

/**
 * Who must keep two-factor sign-in on: everyone who opens the admin area, administrators and
 * editors alike (docs/requirements/accounts.md#two-factor-sign-in), named as the page says it; null for staff.
 */
const mustKeepIt = (me: SignedIn): "Administrators" | "Editors" | null => (me.isAdmin ? "Administrators" : me.isEditor ? "Editors" : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(context.services, withNewCookies(context, request));
  const url = new URL(request.url);
  const mustKeep = mustKeepIt(me);
  // Staff who work leads need it to open them (requireLeads), and may still turn it off: they are
  // told so when the leads sent them here (?required=1), and go back there once it is on.
  const sentByLeads = mustKeep === null && me.canWorkLeads && url.searchParams.get("required") === "1";
  const requiredFor = mustKeep ?? (sentByLeads ? "Staff who work leads" : null);
  const home = me.isAdmin ? ADMIN_HOME_PATH : me.isEditor ? EDITOR_HOME_PATH : LEADS_HOME_PATH;
  return {
    email: me.user.email,
    enabled: me.twoFactorEnabled,
    mustKeep,
    requiredFor,
    required: requiredFor !== null && !me.twoFactorEnabled,
    // Where to go once it is on: where they were going, else their part of the admin area.
    next: requiredFor ? safeRedirect(url.searchParams.get("redirectTo"), home) : null,
  };
}

const password = z
  .string()
  .min(1, "Enter your password.")
  .max(256, "That password is too long.")
  .refine((value) => !value.includes("\0"), "That password is not right.");
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), password }),
  z.object({ intent: z.literal("confirm"), code: z.string().max(64).default(""), uri: z.string().max(512).default("") }),
  z.object({ intent: z.literal("backup-codes"), password }),
  z.object({ intent: z.literal("disable"), password }),
]);

export type Field = "password" | "code";
/** The QR code and secret of a setup waiting for its first code. */
export type Setup = { uri: string; secret: string; qr: { size: number; d: string } };
export type Outcome = ActionResult<string, Field> & { setup?: Setup; codes?: string[]; codesFile?: string };

const setupOf = (uri: string): Setup | undefined => {
  const parsed = parseTotpUri(uri);
  return parsed ? { uri: parsed.uri, secret: groupSecret(parsed.secret), qr: qrCodePath(parsed.uri) } : undefined;
};

const isWrongPassword = (error: unknown) => error instanceof APIError && error.body?.code === "INVALID_PASSWORD";

/** The audit event of each intent that checks the password: its success, wrong password and refusals. */
const PASSWORD_INTENT_EVENTS = {
  enable: "two-factor-enabled",
  "backup-codes": "backup-codes-issued",
  disable: "two-factor-disabled",
} as const satisfies Record<string, AuditEvent>;
const passwordIntentEvent = (intent: string): AuditEvent | null =>
  Object.hasOwn(PASSWORD_INTENT_EVENTS, intent) ? PASSWORD_INTENT_EVENTS[intent as keyof typeof PASSWORD_INTENT_EVENTS] : null;

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(context.services, request);
  const { auth, db } = context.services;
  const parsed = await parseForm(request, schema);
  const { intent } = parsed;
  const refuse = (status: number, message: string, extra: Partial<ActionFailure<string, Field>> & { setup?: Setup } = {}) =>
    actionError(status, { intent, message, ...extra });
  const codesOf = (codes: string[]) => ({ codes, codesFile: backupCodesText(codes, site.brand, me.user.email) });
  const audit = (event: AuditEvent, outcome: AuditOutcome, detail?: string) =>
    recordAudit(db, { event, outcome, actor: me.user, request, detail: detail ?? null });

  // docs/requirements/accounts.md#two-factor-sign-in: an administrator or editor cannot turn it off, whatever is posted.
  const mustKeep = mustKeepIt(me);
  if (intent === "disable" && mustKeep) {
    await audit("two-factor-disabled", "refused", `${mustKeep} must keep it on.`);
    return refuse(403, `${mustKeep} must keep two-factor sign-in on. Only the super-administrator can reset it.`, {
      code: "forbidden",
    });
  }
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  /**
   * Counts a check of the password before it is made: one allowance with the password change of
   * /account (docs/requirements/accounts.md#account-page); null while it lasts, else the refusal.
   */
  const refuseWhenTooManyTries = async (event: AuditEvent) => {
    const slot = await takePasswordChangeSlot(db, me.user.id);
    if (slot.ok) return null;
    await audit(event, "refused", "Too many tries.");
    return refuse(429, tooManyPasswordTries(slot.retryAfterSeconds), { code: "too_many_requests" });
  };
  /**
   * New backup codes and turning the factor off change the second factor itself: only a session that
   * passed it may (docs/requirements/accounts.md#two-factor-sign-in), never one made with the password alone.
   */
  const refuseWithoutSecondFactor = async (event: AuditEvent) => {
    await audit(event, "refused", "This session did not pass the second factor.");
    return refuse(403, "Sign out, then sign in again with your code to change two-factor sign-in.", {
      code: "second_factor_session_required",
    });
  };
  try {
    switch (input.intent) {
      case "enable": {
        if (me.twoFactorEnabled) return refuse(409, "Two-factor sign-in is already on.", { code: "already_enabled" });
        const tooMany = await refuseWhenTooManyTries("two-factor-enabled");
        if (tooMany) return tooMany;
        const result = await auth.api.enableTwoFactor({ body: { password: input.password }, headers: request.headers });
        const setup = "totpURI" in result ? setupOf(result.totpURI) : undefined;
        if (!setup) throw new Error("better-auth returned no usable otpauth address");
        return actionOk(intent, "Add the account to your authenticator app, then enter the code it shows.", { setup });
      }
      case "confirm": {
        if (me.twoFactorEnabled) return refuse(409, "Two-factor sign-in is already on.", { code: "already_enabled" });
        const setup = setupOf(input.uri);
        const code = parseCode(input.code);
        if (!setup) return refuse(400, "That setup has expired. Start again.", { code: "validation_failed" });
        if (code?.kind !== "totp")
          return refuse(400, "Enter the 6-digit code your authenticator app shows.", {
            code: "validation_failed",
            fieldErrors: { code: "Enter 6 digits." },
            setup,
          });
        // docs/requirements/accounts.md#two-factor-sign-in: each code works once, this first one too, so it cannot
        // also sign someone in (claimed before it is checked: of two requests racing with it, one goes on).
        if (!(await claimCode(db, me.user.id, code.code)))
          return refuse(400, "That code was already used or tried. Wait for the next code in your authenticator app.", {
            code: "code_already_used",
            fieldErrors: { code: "Already used: enter the next code." },
            setup,
          });
        let cookies: Headers;
        try {
          // Confirms the secret and turns it on; better-auth replaces this session with a new one.
          ({ headers: cookies } = await auth.api.verifyTOTP({ body: { code: code.code }, headers: request.headers, returnHeaders: true }));
        } catch (error) {
          // A wrong code signs nobody in: its claim is given back, so typing it again reads as wrong, not as used.
          if (error instanceof APIError && error.body?.code === "INVALID_CODE") await releaseCode(db, me.user.id, code.code);
          if (error instanceof APIError && (error.body?.code === "INVALID_CODE" || error.body?.code === "TOTP_NOT_ENABLED"))
            return refuse(
              400,
              error.body?.code === "INVALID_CODE"
                ? "That code is not right. Check the time on your phone and enter the code your app shows now."
                : "That setup has expired. Start again.",
              { code: "invalid_code", fieldErrors: { code: "Not the current code." }, setup },
            );
          throw error;
        }
        // Every other session of the account ends: none of them passed the factor (docs/requirements/accounts.md#two-factor-sign-in).
        await endOtherSessions(context.services, me.user.id, request, cookies);
        const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: me.user.id } });
        await recordAudit(db, { event: "two-factor-enabled", outcome: "success", actor: me.user, request });
        const out = new Headers();
        for (const cookie of cookies.getSetCookie()) out.append("set-cookie", cookie);
        rememberNewCookies(context, request, cookies);
        return data({ ok: true as const, intent, message: "Two-factor sign-in is on.", ...codesOf(backupCodes) }, { headers: out });
      }
      case "backup-codes": {
        if (!me.twoFactorEnabled) return refuse(409, "Turn on two-factor sign-in first.", { code: "not_enabled" });
        if (!me.sessionPassedSecondFactor) return refuseWithoutSecondFactor("backup-codes-issued");
        const tooMany = await refuseWhenTooManyTries("backup-codes-issued");
        if (tooMany) return tooMany;
        const { backupCodes } = await auth.api.generateBackupCodes({ body: { password: input.password }, headers: request.headers });
        await audit("backup-codes-issued", "success");
        return actionOk(intent, "New backup codes made. The old ones no longer work.", codesOf(backupCodes));
      }
      case "disable": {
        if (!me.twoFactorEnabled) return refuse(409, "Two-factor sign-in is already off.", { code: "not_enabled" });
        if (!me.sessionPassedSecondFactor) return refuseWithoutSecondFactor("two-factor-disabled");
        const tooMany = await refuseWhenTooManyTries("two-factor-disabled");
        if (tooMany) return tooMany;
        const { headers: cookies } = await auth.api.disableTwoFactor({
          body: { password: input.password },
          headers: request.headers,
          returnHeaders: true,
        });
        await recordAudit(db, { event: "two-factor-disabled", outcome: "success", actor: me.user, request });
        const out = new Headers();
        for (const cookie of cookies.getSetCookie()) out.append("set-cookie", cookie);
        rememberNewCookies(context, request, cookies);
        return data(
          { ok: true as const, intent, message: "Two-factor sign-in is off. Your backup codes no longer work." },
          { headers: out },
        );
      }
    }
  } catch (error) {
    if (isWrongPassword(error)) {
      const event = passwordIntentEvent(intent);
      if (event) await audit(event, "failure", "Wrong password.");
      return refuse(400, "That password is not right.", {
        code: "invalid_password",
        fieldErrors: { password: "Not your current password." },
      });
    }
    log.error("Two-factor change failed:", error instanceof Error ? error.message : error);
    return refuse(500, "That change could not be saved. Try again.");
  }
}
