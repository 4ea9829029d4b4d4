/**
 * The leads' background work in a server process: the notification outbox (when SMTP_URL and
 * SALES_EMAIL are set) and pruning of ended contact-form rate-limit windows. The server starts it
 * once the database is open (app/services.server.ts) and stops it on shutdown; requests ask the
 * outbox to send at once through the load context (context.services.kickOutbox).
 */
import { createTransport } from "nodemailer";
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import type { Env } from "~/env.server";
import { LeadOutbox, type OutboxOptions } from "./outbox.server";
import { pruneContactSlots } from "./rate-limit.server";

/** New leads are e-mailed only when both settings are present (the env schema refuses one alone). */
export function notificationsEnabled(env: Pick<Env, "SMTP_URL" | "SALES_EMAIL">): boolean {
  return Boolean(env.SMTP_URL && env.SALES_EMAIL);
}

/** The From of notifications: MAIL_FROM, else no-reply at the site's domain. */
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

export interface LeadWorker {
  outbox: LeadOutbox | undefined;
  stop: () => Promise<void>;
}

export function startLeadWorker(
  env: Pick<Env, "SMTP_URL" | "SALES_EMAIL" | "MAIL_FROM" | "SITE_URL">,
  db: Database,
  overrides: Partial<OutboxOptions> = {},
  log: Pick<Console, "log" | "error"> = console,
): LeadWorker {
  let outbox: LeadOutbox | undefined;
  if (notificationsEnabled(env)) {
    const transport = createTransport({
      url: env.SMTP_URL!,
      // A send never outlives the outbox's lease (5 minutes).
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    outbox = new LeadOutbox({
      db,
      send: (message) => transport.sendMail(message),
      from: mailFrom(env),
      to: env.SALES_EMAIL!,
      siteUrl: env.SITE_URL,
      log,
      ...overrides,
    });
    outbox.start();
    log.log(`Lead notifications: each new lead is e-mailed to ${env.SALES_EMAIL} through ${describeSmtp(env.SMTP_URL!)}`);
  } else {
    log.log("Lead notifications are off: set SMTP_URL and SALES_EMAIL to e-mail sales each new lead (leads are still stored)");
  }
  const prune = () => void pruneContactSlots({ db }).catch(() => {});
  const pruneTimer = setInterval(prune, 10 * 60_000);
  pruneTimer.unref();
  return {
    outbox,
    stop: async () => {
      clearInterval(pruneTimer);
      await outbox?.stop();
    },
  };
}
