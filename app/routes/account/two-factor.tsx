import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { APIError } from "better-auth/api";
import type { Route } from "./+types/two-factor";
import { takePasswordChangeSlot, tooManyPasswordTries } from "~/auth/account.server";
import { recordAudit, type AuditEvent, type AuditOutcome } from "~/auth/audit.server";
import { ADMIN_HOME_PATH, safeRedirect, TWO_FACTOR_SETUP_PATH } from "~/auth/redirect";
import { requireUser } from "~/auth/session.server";
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
import { ActionMessage } from "~/components/admin/action-message";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { site } from "~/config/site";
import type { ActionFailure, ActionResult } from "~/lib/action-result";
import { actionError, actionOk, parseAdminForm } from "~/lib/admin-action.server";
import { routeMeta } from "~/lib/meta";
import { log } from "~/lib/log.server";

/**
 * /account/two-factor: turn on two-factor sign-in (QR code and secret, confirmed by a first code,
 * then 10 backup codes shown once), make new backup codes, and, for staff only, turn it off
 * (docs/requirements.md#two-factor-sign-in). Administrators without it are sent here by the
 * admin guard (?required=1) and go on to where they were going once it is on.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Two-factor sign-in",
    description: "Turn on two-factor sign-in for your staff account.",
    path: TWO_FACTOR_SETUP_PATH,
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(context.services, withNewCookies(context, request));
  const url = new URL(request.url);
  return {
    email: me.user.email,
    enabled: me.twoFactorEnabled,
    isAdmin: me.isAdmin,
    required: me.isAdmin && !me.twoFactorEnabled,
    // Where to go once it is on: where an administrator was going, else the admin area.
    next: me.isAdmin ? safeRedirect(url.searchParams.get("redirectTo"), ADMIN_HOME_PATH) : null,
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

type Field = "password" | "code";
/** The QR code and secret of a setup waiting for its first code. */
type Setup = { uri: string; secret: string; qr: { size: number; d: string } };
type Outcome = ActionResult<string, Field> & { setup?: Setup; codes?: string[]; codesFile?: string };

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
  const parsed = await parseAdminForm(request, schema);
  const { intent } = parsed;
  const refuse = (status: number, message: string, extra: Partial<ActionFailure<string, Field>> & { setup?: Setup } = {}) =>
    actionError(status, { intent, message, ...extra });
  const codesOf = (codes: string[]) => ({ codes, codesFile: backupCodesText(codes, site.brand, me.user.email) });
  const audit = (event: AuditEvent, outcome: AuditOutcome, detail?: string) =>
    recordAudit(db, { event, outcome, actor: me.user, request, detail: detail ?? null });

  // docs/requirements.md#two-factor-sign-in: an administrator cannot turn it off, whatever is posted.
  if (intent === "disable" && me.isAdmin) {
    await audit("two-factor-disabled", "refused", "Administrators must keep it on.");
    return refuse(403, "Administrators must keep two-factor sign-in on. Only the super-administrator can reset it.", {
      code: "forbidden",
    });
  }
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  /**
   * Counts a check of the password before it is made: one allowance with the password change of
   * /account (docs/requirements.md#account-page); null while it lasts, else the refusal.
   */
  const refuseWhenTooManyTries = async (event: AuditEvent) => {
    const slot = await takePasswordChangeSlot(db, me.user.id);
    if (slot.ok) return null;
    await audit(event, "refused", "Too many tries.");
    return refuse(429, tooManyPasswordTries(slot.retryAfterSeconds), { code: "too_many_requests" });
  };
  /**
   * New backup codes and turning the factor off change the second factor itself: only a session that
   * passed it may (docs/requirements.md#two-factor-sign-in), never one made with the password alone.
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
        // docs/requirements.md#two-factor-sign-in: each code works once, this first one too, so it cannot
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
        // Every other session of the account ends: none of them passed the factor (docs/requirements.md#two-factor-sign-in).
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

function PasswordForm({ intent, label, variant = "primary" }: { intent: string; label: string; variant?: "primary" | "danger-outline" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const id = `password-${intent}`;
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={id} className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
        Your password
        <Input id={id} name="password" type="password" required autoComplete="current-password" className="mt-1 w-full sm:w-72" />
      </label>
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

function QrCode({ qr }: { qr: Setup["qr"] }) {
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
      className="size-52 border border-slate-200"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}

function SetupStep({ setup, failed }: { setup: Setup; failed?: ActionFailure<string, Field> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="setup-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="setup-heading" className="text-lg font-semibold">
        Add your account to an authenticator app
      </h2>
      <ol className="mt-3 list-decimal space-y-4 pl-5">
        <li>
          Scan this QR code with an authenticator app (for example Microsoft Authenticator, Google Authenticator or 1Password).
          <div className="mt-3">
            <QrCode qr={setup.qr} />
          </div>
          <p className="mt-3 text-sm text-slate-700">Cannot scan it? Type this key into the app instead (time-based, 6 digits):</p>
          <p className="mt-1">
            <code
              id="totp-secret"
              className="inline-block rounded bg-slate-100 px-2 py-1 font-mono text-base leading-relaxed text-navy-900"
            >
              {setup.secret}
            </code>
          </p>
          <p className="mt-2 text-sm">
            <a href={setup.uri} className="font-semibold text-accent underline">
              Open in an authenticator app on this device
            </a>
          </p>
        </li>
        <li>
          Enter the 6-digit code the app shows.
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="uri" value={setup.uri} />
            <label htmlFor="confirm-code" className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
              6-digit code
              <Input
                id="confirm-code"
                name="code"
                type="text"
                required
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={64}
                aria-invalid={failed?.fieldErrors?.code ? true : undefined}
                aria-describedby={failed?.fieldErrors?.code ? "confirm-code-error" : undefined}
                className="mt-1 w-full font-mono text-base tracking-wider sm:w-48"
              />
            </label>
            <Button type="submit" disabled={busy}>
              Turn on
            </Button>
          </Form>
          {failed?.fieldErrors?.code && (
            <p id="confirm-code-error" className="mt-1 text-sm text-red-800">
              {failed.fieldErrors.code}
            </p>
          )}
        </li>
      </ol>
    </section>
  );
}

function BackupCodes({ codes, file, next }: { codes: string[]; file: string; next: string | null }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  const copy = () =>
    navigator.clipboard.writeText(codes.join("\n")).then(
      () => setCopied("yes"),
      () => setCopied("no"),
    );
  return (
    <section aria-labelledby="codes-heading" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="codes-heading" className="text-lg font-semibold text-navy-900">
        Your backup codes
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Each code signs you in once if you do not have your phone. Save them now: they are not shown again.
      </p>
      <pre id="backup-codes" className="mt-3 w-fit rounded bg-white px-4 py-3 font-mono text-base leading-7 text-navy-900">
        {codes.join("\n")}
      </pre>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {/* A data: address made on the server: the download works without JavaScript too. */}
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download={`${site.brand.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-backup-codes.txt`}
          className="inline-flex min-h-10 items-center rounded-md border border-navy-900/20 bg-white px-4 text-sm font-semibold text-navy-900 hover:bg-slate-50"
        >
          Download as a text file
        </a>
        {hydrated && (
          <Button type="button" variant="secondary" onClick={() => void copy()}>
            Copy codes
          </Button>
        )}
        <span role="status" className="text-sm text-slate-800">
          {copied === "yes" ? "Copied." : copied === "no" ? "Could not copy: select the codes and copy them." : ""}
        </span>
      </div>
      <p className="mt-4">
        <Link to={next ?? TWO_FACTOR_SETUP_PATH} className="font-semibold text-accent underline">
          {next ? "I have saved them: continue" : "I have saved them"}
        </Link>
      </p>
    </section>
  );
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, isAdmin, required, next } = loaderData;
  const outcome: Outcome | undefined = actionData;
  const setup = outcome?.setup;
  const codes = outcome?.ok === true ? outcome.codes : undefined;

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">Two-factor sign-in</h1>
      {required && !codes && (
        <p role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Administrators must use two-factor sign-in. Set it up here to open the admin area.
        </p>
      )}
      <p className="mt-3 text-slate-700">
        After your password, sign-in asks for a 6-digit code from an app on your phone, so a stolen password alone is not enough.
        {!isAdmin && !enabled && " We recommend it for every staff account."}
      </p>

      {outcome && <ActionMessage result={outcome} showCode={outcome.ok === false} />}

      {codes && outcome?.ok === true && outcome.codesFile ? (
        <BackupCodes codes={codes} file={outcome.codesFile} next={outcome.intent === "confirm" ? next : null} />
      ) : setup ? (
        <SetupStep setup={setup} failed={outcome?.ok === false ? outcome : undefined} />
      ) : enabled ? (
        <>
          <p className="mt-6 font-semibold text-emerald-800">Two-factor sign-in is on.</p>
          <section aria-labelledby="new-codes-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="new-codes-heading" className="text-lg font-semibold">
              New backup codes
            </h2>
            <p className="mt-1 text-sm text-slate-700">Used some, or lost them? Make 10 new ones; the old ones stop working.</p>
            <PasswordForm intent="backup-codes" label="Make new backup codes" />
          </section>
          <section aria-labelledby="off-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="off-heading" className="text-lg font-semibold">
              Turn off
            </h2>
            {isAdmin ? (
              <p className="mt-1 text-sm text-slate-700">
                Administrators must keep two-factor sign-in on. Lost your phone and your backup codes? Ask the super-administrator to reset
                it.
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-700">Sign-in will ask for your password only.</p>
                <PasswordForm intent="disable" label="Turn off two-factor sign-in" variant="danger-outline" />
              </>
            )}
          </section>
        </>
      ) : (
        <section aria-labelledby="on-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="on-heading" className="text-lg font-semibold">
            Turn on
          </h2>
          <p className="mt-1 text-sm text-slate-700">You need an authenticator app on your phone. Enter your password to start.</p>
          <PasswordForm intent="enable" label="Start setup" />
        </section>
      )}
    </section>
  );
}
