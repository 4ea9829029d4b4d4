/**
 * What the server process owns and hands to React Router with every request (its load context,
 * docs/decisions/010-one-server-and-load-context.md): the one database connection, better-auth,
 * graphics storage, the lead outbox and Insights' collector (and, in the background, the webhook
 * worker), plus what the server worked out about the request (the
 * client address, the request id, the Content-Security-Policy nonce).
 *
 * The server (server/app-server.ts) opens the services once with `openServices` and passes them
 * in `context`; loaders and actions take what they need from there. Nothing here is kept in a
 * module variable, so a route module loaded through Vite (development) or the React Router build
 * (production) and the server file all see the same instances.
 */
import path from "node:path";

import { authSecret, createAuth, type Auth } from "~/auth/auth.server";
import { startAuthMaintenance } from "~/auth/maintenance.server";
import { requireEditor } from "~/auth/session.server";
import { seedFacts, type BusinessFacts } from "~/config/site";
import { openDatabase, type Database } from "~/db/client.server";
import type { Env } from "~/env.server";
import { createInsightsCollector, type InsightsCollector } from "~/insights/collect.server";
import { startLeadWorker } from "~/leads/worker.server";
import { log as appLog } from "~/lib/log.server";
import { trustedOrigins } from "~/lib/origins";
import { createMailer, mailFrom, type Mailer } from "~/mailer.server";
import { startSearchIndex } from "~/search/index.server";
import { postgresStorage, type Storage } from "~/storage/storage.server";
import { itemCodec } from "~/studio/codec";
import { openLiveContent, type ContentService, type LiveContent } from "~/studio/live.server";
import { secretBox } from "~/webhooks/secrets.server";
import { startWebhookWorker } from "~/webhooks/worker.server";

export interface AppServices {
  db: Database;
  auth: Auth;
  storage: Storage;
  /** Asks the lead outbox to send now (a no-op when notifications are off). */
  kickOutbox(): void;
  /** Whether new leads are e-mailed to sales (SMTP_URL and SALES_EMAIL are set). */
  notifyLeads: boolean;
  /** The SMTP server of SMTP_URL (lead notifications, password reset links, Insights' weekly summary); unset: e-mail is off. */
  mailer?: Mailer;
  /** Insights' collector: POST /api/events, its queue and batched writes (docs/requirements/insights.md#insights). */
  insights: InsightsCollector;
  /** The site's content: published, in memory; a staff preview of a draft (app/studio/live.server.ts). */
  content: ContentService;
}

/** The load context of every request React Router handles. */
export interface RequestContext {
  services: AppServices;
  /** The client's address (the socket's, or the trusted proxy's X-Forwarded-For entry). */
  clientAddress: string;
  /** The id of the request in the log and in X-Request-Id. */
  requestId: string;
  /** The nonce the response's Content-Security-Policy allows inline scripts by. */
  cspNonce: string;
  /**
   * A page rendered into memory (server/page-renderer.ts), not for a waiting browser: the document
   * is written whole, without React's streaming scripts (app/entry.server.tsx).
   */
  keptInMemory?: boolean;
}

declare module "react-router" {
  // Typed once: every loader's and action's `context` is a RequestContext.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

export interface OpenServices {
  services: AppServices;
  /** The published content in memory, reloaded on every publication (the server renders its pages on change). */
  content: LiveContent;
  kind: "postgres" | "pglite";
  /** Stops the background work, then closes the database. */
  close(): Promise<void>;
  /** Resolves when the database answers within `timeoutMs` with every migration applied; rejects with the reason otherwise. */
  ready(timeoutMs: number): Promise<void>;
}

/**
 * Opens the database (migrations applied, the embedded data folder locked), then makes the auth
 * and storage instances on it and starts the background work: the leads' (the outbox resumes
 * pending sends), the webhook worker's (ADR 031: it resumes pending deliveries), the housekeeping (throttle windows, audit and Insights retention, the weekly
 * summary e-mail) and Insights'
 * collector. Throws when the database cannot be opened.
 */
export async function openServices(env: Env, log: Pick<Console, "log" | "error"> = appLog): Promise<OpenServices> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  log.log(`Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.resolve(env.DATA_DIR)}`}`);
  const mailer = createMailer(env);
  // Every process runs the outbox: its claims are atomic, so each lead goes to one of them. It
  // looks for due leads at least once per lease, so a dead process's claims are soon taken over.
  const leaseMs = env.OUTBOX_LEASE_SECONDS * 1000;
  const worker = startLeadWorker(env, handle.db, { leaseMs, pollMs: Math.min(15_000, leaseMs) }, log, mailer);
  // Every process runs the webhook worker too: claims with a lease, so each attempt is one
  // process's; woken at once by the NOTIFY of a queued event (any process), else by its own timers.
  const webhooks = await startWebhookWorker({
    db: handle.db,
    listen: handle.listen,
    box: secretBox(env),
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    log,
  });
  const housekeeping = startAuthMaintenance(handle.db, log, undefined, {
    insightsRetentionDays: env.INSIGHTS_RETENTION_DAYS,
    weeklySummary: mailer ? { mailer, from: mailFrom(env), siteUrl: env.SITE_URL } : undefined,
  });
  const insights = createInsightsCollector({
    db: handle.db,
    siteUrl: env.SITE_URL,
    allowedOrigins: trustedOrigins(env),
    budget: { perMinute: env.INSIGHTS_EVENTS_PER_MINUTE, perDay: env.INSIGHTS_EVENTS_PER_DAY },
  });
  // The published facts, read when an e-mail is written (the content is opened after auth, which the preview guard needs).
  let published: () => BusinessFacts = () => seedFacts;
  const auth = createAuth(handle.db, env, { mailer, facts: () => published() });
  const content = await openLiveContent({
    db: handle.db,
    listen: handle.listen,
    codec: itemCodec,
    guardPreview: async (request) => {
      await requireEditor({ db: handle.db, auth }, request);
    },
    schedulePollMs: env.CONTENT_SCHEDULE_POLL_MS,
    log,
  });
  published = () => content.published().facts;
  // Site search's index of the content's pages: written now and after every reload (ADR 032).
  const searchIndex = await startSearchIndex(handle.db, content, log);
  const services: AppServices = {
    db: handle.db,
    auth,
    storage: postgresStorage(handle.db, { secret: authSecret(env), baseUrl: env.SITE_URL }),
    kickOutbox: () => worker.outbox?.kick(),
    notifyLeads: worker.outbox !== undefined,
    mailer,
    insights,
    content,
  };
  return {
    services,
    content,
    kind: handle.kind,
    ready: (timeoutMs) => handle.ready(timeoutMs),
    close: async () => {
      // Together: the webhook worker may give its attempts under way a few seconds to end.
      await Promise.all([worker.stop().catch(() => {}), webhooks.stop().catch(() => {})]);
      searchIndex.stop();
      await content.close();
      await housekeeping.stop();
      // The events still queued are written before the database closes.
      await insights.close();
      await handle.close();
    },
  };
}
