/**
 * The leads' background work in a server process: the notification outbox (when SMTP_URL and
 * SALES_EMAIL are set) and pruning of ended contact-form rate-limit windows. The server starts it
 * once the database is open (app/services.server.ts) and stops it on shutdown; requests ask the
 * outbox to send at once through the load context (context.services.kickOutbox).
 */
import type { Database } from "~/db/client.server";
import type { Env } from "~/env.server";
import { log as appLog } from "~/lib/log.server";
import { createMailer, describeSmtp, mailFrom, type Mailer } from "~/mailer.server";

import { LeadOutbox, type OutboxOptions } from "./outbox.server";
import { pruneContactSlots } from "./rate-limit.server";

/** New leads are e-mailed only when both settings are present (the env schema refuses one alone). */
export function notificationsEnabled(env: Pick<Env, "SMTP_URL" | "SALES_EMAIL">): boolean {
  return Boolean(env.SMTP_URL && env.SALES_EMAIL);
}

export interface LeadWorker {
  outbox: LeadOutbox | undefined;
  stop: () => Promise<void>;
}

export function startLeadWorker(
  env: Pick<Env, "SMTP_URL" | "SALES_EMAIL" | "MAIL_FROM" | "SITE_URL">,
  db: Database,
  overrides: Partial<OutboxOptions> = {},
  log: Pick<Console, "log" | "error"> = appLog,
  /** The server's one mailer (app/mailer.server.ts); default: one made from SMTP_URL. */
  mailer: Mailer | undefined = createMailer(env),
): LeadWorker {
  let outbox: LeadOutbox | undefined;
  if (notificationsEnabled(env) && mailer) {
    outbox = new LeadOutbox({
      db,
      send: (message) => mailer.send(message),
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
  const prune = () => void pruneContactSlots(db).catch(() => {});
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
