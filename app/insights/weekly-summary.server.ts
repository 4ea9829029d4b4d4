/**
 * Insights' weekly summary by e-mail (docs/requirements/insights.md#insights-weekly-summary): the
 * administrators' choice (insight_summary_subscriptions, off by default), and the send, which the
 * hourly housekeeping (app/auth/maintenance.server.ts) calls in every server process. On Monday
 * from 07:00 office time, each run claims the week's e-mail of every administrator who asked for
 * it and has none yet, one row per administrator (INSERT ... ON CONFLICT: of processes and hosts
 * running at once, one gets each row), works out the figures once with the dashboard's own
 * queries, and sends through the server's one mailer. A failed send is claimed again by a later
 * run the same Monday; a claim whose process died is taken over after SUMMARY_LEASE_MS (that one
 * e-mail may then go twice, with the same Message-ID).
 */
import { sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";

import type { Database } from "~/db/client.server";
import { insightSummarySubscriptions } from "~/db/schema.server";
import { log as appLog } from "~/lib/log.server";
import { oneLine } from "~/lib/one-line";
import type { Mailer } from "~/mailer.server";

import { addDays } from "./dashboard-params";
import { dashboardFigures, type DashboardData, type ListRow } from "./dashboard.server";
import { VITAL_THRESHOLDS } from "./vitals";
import {
  dueSummaryWeek,
  renderWeeklySummary,
  SUMMARY_MIN_VISITORS,
  SUMMARY_TOP,
  SUMMARY_VITALS,
  type PoorPage,
  type SourceRow,
  type SummaryWeek,
  type WeeklySummary,
} from "./weekly-summary";

export { SUMMARY_HOUR } from "./weekly-summary";

/**
 * A claim still "sending" after this long belongs to a process that died: another run takes it
 * over. Well above one run's sends (each within the SMTP timeouts, 90 s), and short enough for a
 * later run that Monday.
 */
export const SUMMARY_LEASE_MS = 30 * 60_000;
/** Days the record of each week's sends is kept. */
export const SUMMARY_SENDS_KEPT_DAYS = 91;

/** Whether the user asked for the weekly summary. */
export async function wantsWeeklySummary(db: Database, userId: string): Promise<boolean> {
  const found = await db.execute(sql`select 1 from insight_summary_subscriptions where user_id = ${userId}`);
  return found.rows.length > 0;
}

/** Records the user's choice (the caller checks that they are an administrator). */
export async function setWeeklySummary(db: Database, userId: string, on: boolean): Promise<void> {
  if (on) await db.insert(insightSummarySubscriptions).values({ userId }).onConflictDoNothing();
  else await db.execute(sql`delete from insight_summary_subscriptions where user_id = ${userId}`);
}

/**
 * The top `SUMMARY_TOP` named rows of a list seen from at least SUMMARY_MIN_VISITORS visitors, each
 * with its visits the week before. A value a browser reports (a referrer, a utm_source) is anyone's
 * text: one script from one address cannot put its words into the administrators' e-mail.
 */
function topRows(now: ListRow[], before: ListRow[]): SourceRow[] {
  const previous = new Map(before.map((r) => [r.value, r.visits]));
  return now
    .filter((r) => r.value !== null && r.value !== "" && r.visitors >= SUMMARY_MIN_VISITORS)
    .slice(0, SUMMARY_TOP)
    .map((r) => ({ value: r.value!, visits: r.visits, before: previous.get(r.value) ?? 0 }));
}

/** Pages whose LCP or INP 75th percentile is poor this week and was not the week before (no samples then: not poor). */
function newlyPoorPages(now: DashboardData["vitals"]["pages"], before: DashboardData["vitals"]["pages"]): PoorPage[] {
  const previous = new Map(before.map((r) => [`${r.metric} ${r.group}`, r.p75]));
  const pages: PoorPage[] = [];
  for (const r of now) {
    if (!(SUMMARY_VITALS as readonly string[]).includes(r.metric)) continue;
    const limit = VITAL_THRESHOLDS[r.metric][1];
    if (r.samples === 0 || r.p75 <= limit) continue;
    const was = previous.get(`${r.metric} ${r.group}`) ?? null;
    if (was !== null && was > limit) continue;
    pages.push({ path: r.group, metric: r.metric, p75: r.p75, samples: r.samples, before: was });
  }
  // Most samples first: the pages most visitors met.
  return pages.sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path) || a.metric.localeCompare(b.metric));
}

/** The summary's figures for `due`, from the dashboard's queries (the same figures /admin/insights shows for that week). */
export async function weeklySummaryFigures(
  db: Database,
  due: SummaryWeek,
  options: { timeZone: string; retentionDays: number; now?: number },
): Promise<WeeklySummary> {
  const common = { filters: {}, timeZone: options.timeZone, retentionDays: options.retentionDays, now: options.now };
  const now = await dashboardFigures(db, { ...common, period: due.week });
  const before = await dashboardFigures(db, { ...common, period: due.previous });
  const compare = (key: "visitors" | "visits" | "leads" | "calls" | "emails") => ({ now: now.totals[key], before: before.totals[key] });
  return {
    ...due,
    visitors: compare("visitors"),
    visits: compare("visits"),
    leads: compare("leads"),
    calls: compare("calls"),
    emails: compare("emails"),
    referrers: topRows(now.lists.referrer, before.lists.referrer),
    sources: topRows(now.lists.source, before.lists.source),
    newlyPoor: newlyPoorPages(now.vitals.pages, before.vitals.pages),
  };
}

export interface SummaryMail {
  mailer: Mailer;
  from: SendMailOptions["from"];
  siteUrl: string;
}

export interface SendSummariesOptions extends SummaryMail {
  timeZone: string;
  retentionDays: number;
  now?: number;
  log?: Pick<Console, "log" | "error">;
}

export interface SendSummariesResult {
  /** The first day of the week summed up; null when no summary is due. */
  week: string | null;
  sent: number;
  failed: number;
}

/**
 * Claims this week's e-mail for every administrator who asked for it, can open Insights (the
 * admin role and two-factor sign-in on) and has none sent or being sent; returns the claimed
 * recipients. One statement: processes running it at once each get other rows.
 */
async function claimRecipients(db: Database, week: string): Promise<{ userId: string; email: string }[]> {
  const found = await db.execute<{ user_id: string; email: string }>(sql`
    with claimed as (
      insert into insight_summary_sends (week, user_id, status, attempts, claimed_at)
      select ${week}::date, s.user_id, 'sending', 1, now()
      from insight_summary_subscriptions s
      join "user" u on u.id = s.user_id
      where u.two_factor_enabled and coalesce(u.banned, false) = false
        and exists (select 1 from user_roles r where r.user_id = s.user_id and r.role = 'admin')
      on conflict (week, user_id) do update
        set status = 'sending', attempts = insight_summary_sends.attempts + 1, claimed_at = now(), last_error = null
        where insight_summary_sends.status = 'failed'
          or (insight_summary_sends.status = 'sending'
            and insight_summary_sends.claimed_at < now() - ${SUMMARY_LEASE_MS}::integer * interval '1 millisecond')
      returning user_id
    )
    select c.user_id, u.email from claimed c join "user" u on u.id = c.user_id order by u.email`);
  return found.rows.map((r) => ({ userId: r.user_id, email: r.email }));
}

async function record(db: Database, week: string, userId: string, error: string | null): Promise<void> {
  await db.execute(
    error === null
      ? sql`update insight_summary_sends set status = 'sent', sent_at = now(), last_error = null where week = ${week}::date and user_id = ${userId}`
      : sql`update insight_summary_sends set status = 'failed', last_error = ${error.slice(0, 500)} where week = ${week}::date and user_id = ${userId}`,
  );
}

const messageOf = (error: unknown) => oneLine(error instanceof Error ? error.message : String(error));

/**
 * The housekeeping's part: when a summary is due (Monday from 07:00 office time), e-mails it to
 * each administrator who asked for it and has not had it yet; otherwise does nothing.
 */
export async function sendWeeklySummaries(db: Database, options: SendSummariesOptions): Promise<SendSummariesResult> {
  const now = options.now ?? Date.now();
  const log = options.log ?? appLog;
  const due = dueSummaryWeek(now, options.timeZone);
  if (!due) return { week: null, sent: 0, failed: 0 };
  const week = due.week.from;
  await db.execute(sql`delete from insight_summary_sends where week < ${addDays(week, -SUMMARY_SENDS_KEPT_DAYS)}::date`);
  const recipients = await claimRecipients(db, week);
  if (recipients.length === 0) return { week, sent: 0, failed: 0 };

  let content: { subject: string; text: string };
  try {
    const figures = await weeklySummaryFigures(db, due, { timeZone: options.timeZone, retentionDays: options.retentionDays, now });
    content = renderWeeklySummary(figures, options.siteUrl);
  } catch (error) {
    // Given back as failed: the next hourly run tries again.
    for (const r of recipients) await record(db, week, r.userId, `The figures could not be read: ${messageOf(error)}`);
    throw error;
  }

  const host = new URL(options.siteUrl).hostname;
  let sent = 0;
  let failed = 0;
  for (const recipient of recipients) {
    const message: SendMailOptions = {
      from: options.from,
      to: recipient.email,
      subject: content.subject,
      text: content.text,
      headers: { "Auto-Submitted": "auto-generated", "List-Unsubscribe": `<${options.siteUrl}/account>` },
      // Stable per week and recipient, so a repeat after a crash is recognisable.
      messageId: `<insights-week-${week}-${recipient.userId}@${host}>`,
    };
    try {
      await options.mailer.send(message);
    } catch (error) {
      failed++;
      log.error(
        `Insights weekly summary: the e-mail of the week of ${week} could not be sent (the next hourly run today tries again): ${messageOf(error)}`,
      );
      await record(db, week, recipient.userId, messageOf(error));
      continue;
    }
    sent++;
    await record(db, week, recipient.userId, null);
  }
  if (sent > 0) log.log(`Insights weekly summary: the week of ${week} e-mailed to ${sent} administrator${sent === 1 ? "" : "s"}`);
  return { week, sent, failed };
}
