/**
 * The one way this server sends e-mail: the SMTP server of SMTP_URL, for lead notifications
 * (docs/requirements/leads.md#leads), account messages such as password reset links
 * (docs/requirements/accounts.md#password-reset) and Insights' weekly summary
 * (docs/requirements/insights.md#insights-weekly-summary). The server makes one transport at start
 * (app/services.server.ts) and hands it to each.
 */
import { createTransport, type SendMailOptions } from "nodemailer";

import { site } from "~/config/site";
import type { Env } from "~/env.server";

/** Sends one message; rejects when the SMTP server refuses it or cannot be reached. */
export interface Mailer {
  send(message: SendMailOptions): Promise<unknown>;
}

/** The mailer of SMTP_URL, or undefined when e-mail is not configured. */
export function createMailer(env: Pick<Env, "SMTP_URL">): Mailer | undefined {
  if (!env.SMTP_URL) return undefined;
  const transport = createTransport({
    url: env.SMTP_URL,
    // A send never outlives the lead outbox's lease (5 minutes).
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return { send: (message) => transport.sendMail(message) };
}

/** The From of every message: MAIL_FROM, else no-reply at the site's domain. */
export function mailFrom(env: Pick<Env, "MAIL_FROM" | "SITE_URL">): { name: string; address: string } {
  const domain = new URL(env.SITE_URL).hostname.replace(/^www\./, "");
  return { name: `${site.brand} website`, address: env.MAIL_FROM ?? `no-reply@${domain}` };
}

/** smtp://user:secret@host:port → smtp://host:port, for logs. */
export function describeSmtp(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
  } catch {
    return "the configured SMTP server";
  }
}
