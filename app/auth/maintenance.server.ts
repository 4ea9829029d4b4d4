/**
 * The account-security housekeeping of a server process: ended sign-in throttle windows are
 * forgotten (docs/requirements/accounts.md#sign-in-throttling) and audit entries older than
 * AUDIT_RETENTION_DAYS are deleted (docs/requirements/accounts.md#audit-log); so are Insights' events older
 * than INSIGHTS_RETENTION_DAYS and the salts of earlier days (docs/requirements/insights.md#insights), after
 * each finished day's Insights aggregates are written and those older than 25 months deleted
 * (docs/requirements/insights.md#insights-dashboard); then, on Monday mornings, Insights' weekly summary is
 * e-mailed to the administrators who asked for it (docs/requirements/insights.md#insights-weekly-summary).
 * Runs once at start, then every hour; every process may run it, the deletes are idempotent, a
 * day's aggregates are replaced as a whole and each summary e-mail is claimed by one process.
 * Besides, every minute, today's Insights aggregates are written again on a day busy enough for
 * the dashboard to read them (refreshTodayAggregates: one process at a time, the others skip).
 */
import { lt } from "drizzle-orm";

import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema.server";
import { maintainDailyAggregates, refreshTodayAggregates, TODAY_REFRESH_MS } from "~/insights/aggregates.server";
import { pruneInsights } from "~/insights/collect.server";
import { sendWeeklySummaries, type SummaryMail } from "~/insights/weekly-summary.server";
import { log as appLog } from "~/lib/log.server";
import { oneLine } from "~/lib/one-line";

import { AUDIT_RETENTION_DAYS } from "./audit.server";
import { pruneThrottle } from "./throttle.server";

export const MAINTENANCE_INTERVAL_MS = 60 * 60_000;

/** Deletes the audit entries older than the retention period; returns how many. */
export async function pruneAuditLog(db: Database, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - AUDIT_RETENTION_DAYS * 24 * 60 * 60_000);
  const rows = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return rows.length;
}

export interface AuthMaintenance {
  stop: () => Promise<void>;
}

export function startAuthMaintenance(
  db: Database,
  log: Pick<Console, "log" | "error"> = appLog,
  everyMs = MAINTENANCE_INTERVAL_MS,
  options: {
    insightsRetentionDays?: number;
    /** The mailer and addresses of the weekly summary; unset (e-mail not configured): no summary is sent. */
    weeklySummary?: SummaryMail;
    /** How often today's Insights aggregates are looked at (TODAY_REFRESH_MS; tests). */
    todayEveryMs?: number;
  } = {},
): AuthMaintenance {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = (async () => {
      try {
        await pruneThrottle(db);
        const deleted = await pruneAuditLog(db);
        if (deleted > 0) log.log(`Audit log: deleted ${deleted} entries older than ${AUDIT_RETENTION_DAYS} days`);
      } catch (error) {
        log.error(oneLine(`Account housekeeping failed: ${error instanceof Error ? error.message : String(error)}`));
      }
      if (options.insightsRetentionDays === undefined) return;
      try {
        // Aggregate first: the oldest retained day is read before its events are deleted.
        const daily = await maintainDailyAggregates(db, { retentionDays: options.insightsRetentionDays, timeZone: site.timeZone });
        if (daily.pruned > 0) log.log(`Insights: deleted ${daily.pruned} daily aggregates older than 25 months`);
        const deleted = await pruneInsights(db, options.insightsRetentionDays);
        if (deleted > 0) log.log(`Insights: deleted ${deleted} events older than ${options.insightsRetentionDays} days`);
      } catch (error) {
        log.error(oneLine(`Insights housekeeping failed: ${error instanceof Error ? error.message : String(error)}`));
      }
      if (!options.weeklySummary) return;
      try {
        // After the aggregates: Sunday's are written again first, with its late events.
        await sendWeeklySummaries(db, {
          ...options.weeklySummary,
          timeZone: site.timeZone,
          retentionDays: options.insightsRetentionDays,
          log,
        });
      } catch (error) {
        log.error(oneLine(`Insights weekly summary failed: ${error instanceof Error ? error.message : String(error)}`));
      }
    })();
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  let refreshing: Promise<void> | undefined;
  const refreshToday = () => {
    if (refreshing) return; // the last one is still at it
    refreshing = (async () => {
      await running; // the hourly run first: it may be writing aggregates too
      try {
        await refreshTodayAggregates(db, { timeZone: site.timeZone, everyMs: options.todayEveryMs });
      } catch (error) {
        log.error(oneLine(`Insights: today's aggregates failed: ${error instanceof Error ? error.message : String(error)}`));
      } finally {
        refreshing = undefined;
      }
    })();
  };
  const todayTimer =
    options.insightsRetentionDays === undefined ? undefined : setInterval(refreshToday, options.todayEveryMs ?? TODAY_REFRESH_MS);
  todayTimer?.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearInterval(todayTimer);
      await running;
      await refreshing;
    },
  };
}
