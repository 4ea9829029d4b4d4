/**
 * Insights' aggregates, written by the housekeeping (app/auth/maintenance.server.ts;
 * docs/requirements/insights.md#insights-dashboard, ADRs 023 and 026): each finished day's visits
 * (`insight_visits`), its daily aggregates (`insight_daily`) and the same rows by filter
 * (`insight_daily_filtered`), its Web Vitals' histograms (`insight_daily_vitals`) and their
 * running sums (`insight_vitals_running`), every hour; today's every minute on a busy day; and the
 * deletion of the old ones, one writer at a time. The dashboard reads them
 * (app/insights/dashboard.server.ts); the SQL both use is app/insights/visit-queries.server.ts.
 */
import { sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";

import { addDays, addMonths, dayOf } from "./dashboard-params";
import {
  dailyRowsSelect,
  dayBounds,
  num,
  oldestRawDay,
  rows,
  TODAY_LIVE_EVENTS,
  VISIT_COLUMNS,
  VISIT_DIMENSION_KEYS,
  VISIT_DIMENSIONS,
  VISIT_FLAGS,
  visitEventsUpTo,
  vitalRowsQuery,
  withVisits,
  type Raw,
} from "./visit-queries.server";

export const TODAY_REFRESH_MS = 60_000;

/** Each filter a visit can be kept by, as (filter, value) rows of a LATERAL VALUES over the visit `v`. */
const FILTER_VALUES = sql.raw(
  `values ${VISIT_DIMENSION_KEYS.map((key) => `('${key}', coalesce(v.${VISIT_DIMENSIONS[key]}, ''))`).join(", ")}`,
);

/** The key of the advisory lock held while writing Insights' aggregates (any fixed bigint): one writer at a time, across processes. */
const AGGREGATES_LOCK_KEY = 0x1a5_d411n;

/**
 * Takes the aggregates' lock for the rest of `tx`: waits for it, or with `ifFree` returns false at
 * once when another writer holds it.
 */
async function lockAggregates(tx: Pick<Database, "execute">, { ifFree = false } = {}): Promise<boolean> {
  const key = AGGREGATES_LOCK_KEY.toString();
  if (!ifFree) {
    await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
    return true;
  }
  const [lock] = (await tx.execute<Raw>(sql`select pg_try_advisory_xact_lock(${key}::bigint) as got`)).rows;
  return Boolean(lock?.got);
}

/**
 * Writes the daily aggregates of `day` (office time zone) from its raw events, replacing what was
 * there: re-running a day is harmless. A day without visits still gets its "total" row (zeros), so
 * the housekeeping knows it is done. Writers take turns (an advisory lock); with `ifFree`, a day
 * another process is writing is left to it (returns false).
 */
export async function aggregateDay(db: Database, day: string, timeZone: string, options: { ifFree?: boolean } = {}): Promise<boolean> {
  const { start, end, from, to } = dayBounds(day, timeZone);
  return db.transaction(async (tx) => {
    if (!(await lockAggregates(tx, options))) return false;
    // The day's events are counted first: the aggregates below count at least those (more, if some come in meanwhile).
    await tx.execute(sql`insert into insight_daily_runs (day, aggregated_at, events)
      select ${day}::date, now(), count(*) from insight_events where at >= ${from} and at < ${to}
      on conflict (day) do update set aggregated_at = excluded.aggregated_at, events = excluded.events`);
    // The day's visits (one pass over its events), then its aggregates from them.
    await tx.execute(sql`delete from insight_visits where day = ${day}::date`);
    // The visits, their pages and their taps are joined on (visitor, start): hash joins. The
    // planner cannot estimate the grouped CTEs and chose nested loops, 240 s a day with 5M events.
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`${withVisits(start, end, {}, timeZone)},
      pages as (select visitor, started, array_agg(path order by path) as pages, array_agg(views order by path) as page_views
        from views group by visitor, started),
      taps as (select visitor, visit_start,
          coalesce(array_agg(distinct coalesce(click_location, '')) filter (where kind = 'phone_call'), '{}') as phone_at,
          coalesce(array_agg(distinct coalesce(click_location, '')) filter (where kind = 'email_click'), '{}') as email_at
        from events where kind in ('phone_call', 'email_click') group by visitor, visit_start)
      insert into insight_visits (day, ${VISIT_COLUMNS}, pages, page_views, phone_at, email_at)
      select ${day}::date, k.visitor, k.visit_start, k.until, ${sql.raw(VISIT_DIMENSION_KEYS.map((key) => `k.${VISIT_DIMENSIONS[key]}`).join(", "))},
        k.pageviews, k.leads, k.calls, k.emails, coalesce(p.pages, '{}'), coalesce(p.page_views, '{}'),
        coalesce(t.phone_at, '{}'), coalesce(t.email_at, '{}')
      from kept k left join pages p on p.visitor = k.visitor and p.started = k.visit_start
        left join taps t on t.visitor = k.visitor and t.visit_start = k.visit_start`);
    await tx.execute(sql`set local enable_nestloop = on`);
    await tx.execute(sql`delete from insight_daily where day = ${day}::date`);
    await tx.execute(sql`insert into insight_daily (day, dimension, value, visitors, visits, pageviews, bounces, converted, leads, calls, emails)
      with kept as (select *, ${VISIT_FLAGS} from insight_visits where day = ${day}::date),
        views as (select k.visitor, k.started, p.path, p.views, k.bounce, k.converted from kept k cross join lateral unnest(k.pages, k.page_views) as p(path, views))
      select ${day}::date, * from (${dailyRowsSelect(timeZone)}) t`);
    // The same rows for each filter (ADR 026), what a filtered view of several days reads.
    await tx.execute(sql`delete from insight_daily_filtered where day = ${day}::date`);
    await tx.execute(sql`insert into insight_daily_filtered (day, filter, filter_value, dimension, value, visitors, visits, pageviews,
        bounces, converted, leads, calls, emails)
      with visits as (select *, ${VISIT_FLAGS} from insight_visits where day = ${day}::date),
        kept as (
          select v.*, f.filter, f.filter_value from visits v cross join lateral (${FILTER_VALUES}) as f(filter, filter_value)
          union all select v.*, 'page', p.path from visits v cross join lateral unnest(v.pages) as p(path)
        ),
        views as (select k.filter, k.filter_value, k.visitor, p.path, p.views, k.bounce, k.converted
          from kept k cross join lateral unnest(k.pages, k.page_views) as p(path, views))
      select ${day}::date, * from (${dailyRowsSelect(timeZone, { byFilter: true, taps: "arrays" })}) t`);
    await tx.execute(sql`delete from insight_daily_vitals where day = ${day}::date`);
    await tx.execute(sql`insert into insight_daily_vitals (day, metric, dimension, value, samples, good, needs_improvement, poor, histogram)
      select ${day}::date, v.* from (${vitalRowsQuery(start, end)}) v`);
    await writeRunningVitals(tx, day);
    return true;
  });
}

/** Two histograms (JSON objects, bucket → samples) added up in SQL; either may be null. */
const SUM_HISTOGRAMS = sql`case when p.histogram is null then c.histogram when c.histogram is null then p.histogram
  else (select jsonb_object_agg(key, n) from (select key, sum(value::int) as n
    from (select * from jsonb_each_text(p.histogram) union all select * from jsonb_each_text(c.histogram)) e group by key) t) end`;

/**
 * Writes the running sums of Web Vitals (`insight_vitals_running`) of `from` and of every later
 * day with daily Web Vitals, each from the last running sums before it plus its own day; with
 * `from` null, all of them anew from the oldest day kept (after older days were deleted).
 */
async function writeRunningVitals(tx: Pick<Database, "execute">, from: string | null): Promise<void> {
  if (from === null) await tx.execute(sql`delete from insight_vitals_running`);
  else await tx.execute(sql`delete from insight_vitals_running where day >= ${from}::date`);
  const days = await tx.execute<Raw>(
    sql`select distinct to_char(day, 'YYYY-MM-DD') as day from insight_daily_vitals
      ${from === null ? sql`` : sql`where day >= ${from}::date`} order by 1`,
  );
  for (const { day } of days.rows) {
    await tx.execute(sql`insert into insight_vitals_running (day, metric, dimension, value, samples, good, needs_improvement, poor, histogram)
      select ${day}::date, metric, dimension, value, coalesce(p.samples, 0) + coalesce(c.samples, 0), coalesce(p.good, 0) + coalesce(c.good, 0),
        coalesce(p.needs_improvement, 0) + coalesce(c.needs_improvement, 0), coalesce(p.poor, 0) + coalesce(c.poor, 0), ${SUM_HISTOGRAMS}
      from (select * from insight_vitals_running where day = (select max(day) from insight_vitals_running where day < ${day}::date)) p
      full join (select * from insight_daily_vitals where day = ${day}::date) c using (metric, dimension, value)`);
  }
}

/**
 * The minute's part of the housekeeping (app/auth/maintenance.server.ts): on a day busy enough
 * for the dashboard to read today from its aggregates (more than TODAY_LIVE_EVENTS), writes them
 * again when events came in since and they are older than TODAY_REFRESH_MS (`everyMs`; another
 * process may have just done it). Returns whether it wrote them.
 */
export async function refreshTodayAggregates(
  db: Database,
  options: { timeZone: string; now?: number; liveEvents?: number; everyMs?: number },
): Promise<boolean> {
  const now = options.now ?? Date.now();
  const liveEvents = options.liveEvents ?? TODAY_LIVE_EVENTS;
  const today = dayOf(now, options.timeZone);
  const { from, to } = dayBounds(today, options.timeZone);
  const [row] = await rows(
    db,
    sql`select r.aggregated_at as through, r.events as counted,
      (select count(*) from insight_events where at >= ${from} and at < ${to}) as events,
      ${visitEventsUpTo(today, options.timeZone, liveEvents + 1)} as visit_events
      from (select 1) one left join insight_daily_runs r on r.day = ${today}::date`,
  );
  if (num(row?.visit_events) <= liveEvents) return false;
  if (row?.through) {
    const through = new Date(row.through as string | Date).getTime();
    if (num(row.events) === num(row.counted)) return false; // nothing new since
    if (Date.now() - through < (options.everyMs ?? TODAY_REFRESH_MS) * 0.9) return false;
  }
  return aggregateDay(db, today, options.timeZone, { ifFree: true });
}

/** Months the daily aggregates are kept. */
export const DAILY_RETENTION_MONTHS = 25;

/**
 * The hourly housekeeping's part (app/auth/maintenance.server.ts): aggregates yesterday again (late
 * events) and every finished day still within the raw retention that has no aggregates yet, then
 * deletes the aggregates older than 25 months. Returns the days aggregated and the rows deleted.
 */
export async function maintainDailyAggregates(
  db: Database,
  options: { retentionDays: number; timeZone: string; now?: number },
): Promise<{ aggregated: string[]; pruned: number }> {
  const now = options.now ?? Date.now();
  const today = dayOf(now, options.timeZone);
  const oldest = oldestRawDay(now, options.timeZone, options.retentionDays);
  const done = new Set(
    (
      await rows(db, sql`select to_char(day, 'YYYY-MM-DD') as day from insight_daily where dimension = 'total' and day >= ${oldest}::date`)
    ).map((row) => row.day as string),
  );
  const aggregated: string[] = [];
  for (let day = oldest; day < today; day = addDays(day, 1)) {
    if (done.has(day) && day !== addDays(today, -1)) continue;
    await aggregateDay(db, day, options.timeZone);
    aggregated.push(day);
  }
  const cutoff = addMonths(today, -DAILY_RETENTION_MONTHS);
  const deleted = await rows(db, sql`delete from insight_daily where day < ${cutoff}::date returning 1 as gone`);
  await db.execute(sql`delete from insight_daily_runs where day < ${cutoff}::date`);
  await db.transaction(async (tx) => {
    await lockAggregates(tx);
    await tx.execute(sql`delete from insight_daily_vitals where day < ${oldest}::date`);
    // Visits name their visitor (a day's hash): kept as long as the events they come from.
    await tx.execute(sql`delete from insight_visits where day < ${oldest}::date`);
    await tx.execute(sql`delete from insight_daily_filtered where day < ${oldest}::date`);
    // The running sums start at the oldest day kept: when it moved (or they were never written), anew.
    const [first] = (
      await tx.execute<Raw>(sql`select (select min(day) from insight_daily_vitals) = (select min(day) from insight_vitals_running) as same`)
    ).rows;
    if (!first?.same) await writeRunningVitals(tx, null);
  });
  return { aggregated, pruned: deleted.length };
}
