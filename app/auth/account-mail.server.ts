/**
 * The e-mails of docs/requirements/accounts.md#password-reset: the reset link, and "your password was
 * changed" after a reset or a change on the account page. Plain text, built from nodemailer's
 * structured fields. Sent in the background: the page answers at once (and as fast whether or not
 * the account exists); a failed send is logged on one line, never with the link.
 */
import type { SendMailOptions } from "nodemailer";

import { site, type BusinessFacts } from "~/config/site";
import type { Env } from "~/env.server";
import { oneLine } from "~/lib/one-line";
import { mailFrom, type Mailer } from "~/mailer.server";

import { RESET_TOKEN_SECONDS } from "./config";

type MailEnv = Pick<Env, "MAIL_FROM" | "SITE_URL">;

/** Our own page (never better-auth's callback, which is not reachable over HTTP: ADR 011). */
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

export function buildResetLinkMessage(to: string, token: string, env: MailEnv): SendMailOptions {
  const minutes = Math.round(RESET_TOKEN_SECONDS / 60);
  return {
    from: mailFrom(env),
    to,
    subject: `Set a new password for your ${site.brand} staff account`,
    text:
      `Someone asked to reset the password of the ${site.brand} staff account ${to}.\n\n` +
      `To set a new password, open this link within ${minutes} minutes. It works once.\n\n` +
      `${resetLink(env.SITE_URL, token)}\n\n` +
      `If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
  };
}

/** `facts`: the published business facts (context.services.content), whose support line the message gives. */
export function buildPasswordChangedMessage(
  to: string,
  env: MailEnv,
  how: "reset" | "changed",
  facts: Pick<BusinessFacts, "phones">,
): SendMailOptions {
  return {
    from: mailFrom(env),
    to,
    subject: `Your ${site.brand} staff password was changed`,
    text:
      `The password of the ${site.brand} staff account ${to} was just ${how === "reset" ? "reset with an e-mailed link" : "changed on the account page"}.\n` +
      `Every other session of the account was signed out.\n\n` +
      `If this was not you, call ${facts.phones.support.display} at once, or ask an administrator to lock the account.\n\n` +
      `Sign in: ${env.SITE_URL}/auth/login\n`,
  };
}

/** Sends without waiting; a failure is one log line naming the kind of message, never its content. */
export function sendInBackground(mailer: Mailer, message: SendMailOptions, what: string, log: Pick<Console, "error"> = console): void {
  void mailer.send(message).catch((error: unknown) => {
    log.error(oneLine(`The ${what} e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`));
  });
}
