import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { TWO_FACTOR_SETUP_PATH } from "~/auth/redirect";
import { ActionMessage } from "~/components/feedback/action-message";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { site } from "~/config/site";
import type { ActionFailure } from "~/lib/action-result";
import { routeMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";

import type { Route } from "./+types/two-factor";
import type { Field, Outcome, Setup } from "./two-factor.server";

/**
 * /account/two-factor: turn on two-factor sign-in (QR code and secret, confirmed by a first code,
 * then 10 backup codes shown once), make new backup codes, and, for staff only, turn it off
 * (docs/requirements/accounts.md#two-factor-sign-in). Administrators without it are sent here by the
 * admin guard (?required=1) and go on to where they were going once it is on.
 */
export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta(matches, {
    title: "Two-factor sign-in",
    description: "Turn on two-factor sign-in for your staff account.",
    path: TWO_FACTOR_SETUP_PATH,
    noindex: true,
  });

export { action, loader } from "./two-factor.server";

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
  const { enabled, mustKeep, requiredFor, required, next } = loaderData;
  const outcome: Outcome | undefined = actionData;
  const setup = outcome?.setup;
  const codes = outcome?.ok === true ? outcome.codes : undefined;

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">Two-factor sign-in</h1>
      {required && !codes && (
        <p role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {requiredFor} must use two-factor sign-in. Set it up here to open the admin area.
        </p>
      )}
      <p className="mt-3 text-slate-700">
        After your password, sign-in asks for a 6-digit code from an app on your phone, so a stolen password alone is not enough.
        {!mustKeep && !enabled && " We recommend it for every staff account."}
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
            {mustKeep ? (
              <p className="mt-1 text-sm text-slate-700">
                {mustKeep} must keep two-factor sign-in on. Lost your phone and your backup codes? Ask the super-administrator to reset it.
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
