/**
 * The Insights dashboard's figures (docs/requirements/insights.md#insights-dashboard, ADRs 023 and
 * 026), read from the raw events (`insight_events`) for a single day and for filtered periods
 * within their retention, and otherwise from the daily aggregates (`insight_daily`, written by the
 * hourly housekeeping: app/insights/aggregates.server.ts) plus today's raw events, or, on a busy
 * day, today's aggregates (written every minute). What a visit is, and the SQL these reads share
 * with those writes: app/insights/visit-queries.server.ts.
 */
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { WEB_VITAL_METRICS } from "~/db/schema.server";

import { addDays, dayOf, dayStart, FILTER_KEYS, NONE, type FilterKey, type Filters, type Period } from "./dashboard-params";
import {
  dailyRowsSelect,
  FAMILY_SQL,
  isFiltered,
  num,
  oldestRawDay,
  rows,
  TODAY_LIVE_EVENTS,
  VISIT_COLUMNS,
  VISIT_DIMENSION_KEYS,
  VISIT_DIMENSIONS,
  VISIT_FLAGS,
  visitEventsUpTo,
  visitsWith,
  vitalRowsOf,
  vitalRowsQuery,
  withVisits,
  type Raw,
  type VisitDimension,
} from "./visit-queries.server";
import { addHistogram, histogramPercentile, type Histogram } from "./vital-histogram";
import type { VitalMetric, VitalRow } from "./vitals";

/** Today's aggregates older than this (their refresh stopped) are not used: today is counted live. */
export const TODAY_AGGREGATES_MAX_AGE_MS = 5 * 60_000;
export const VISITORS_NOW_MINUTES = 5;
/**
 * A filtered view's Web Vitals come from the samples of this many of its visits at most (a fixed
 * sample): enough for a 75th percentile within a few percent, and a campaign's 20,000 visits of 30
 * days with 5M events would otherwise read 160,000 samples from across the events table.
 */
export const VITALS_SAMPLE_VISITS = 4_000;
/** How many rows each top list shows on the page (the CSV has them all). */
export const TOP_LIST_SIZE = 10;
export const PAGE_FAMILIES = {
  service: "Service pages",
  industry: "Industry pages",
  city: "City pages",
  blog: "Blog",
  other: "Other pages",
};
export type PageFamily = keyof typeof PAGE_FAMILIES;

export interface Totals {
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  /** Visits with a conversion. */
  converted: number;
  leads: number;
  calls: number;
  emails: number;
}

export interface ListRow extends Totals {
  /** The grouped value; null for none (a visit without a referrer, a campaign...). */
  value: string | null;
}

export interface SeriesPoint {
  /** The bucket: YYYY-MM-DD, or YYYY-MM-DDTHH for an hour of one day. */
  bucket: string;
  visitors: number;
  visits: number;
  pageviews: number;
}

export interface ClickRow {
  kind: "phone_call" | "email_click";
  location: string | null;
  count: number;
}

export interface DashboardData {
  /** "raw": every figure from the events; "daily": totals and lists from the daily aggregates. */
  source: "raw" | "daily";
  /** Filters the figures could not apply (daily aggregates answer one filter at a time). */
  ignoredFilters: FilterKey[];
  /** The lists could not be narrowed by the filter (daily aggregates). */
  listsUnfiltered: boolean;
  /** When today's part was read from today's aggregates: the time they count events up to (ms). */
  todayThrough: number | null;
  totals: Totals;
  series: SeriesPoint[];
  pages: ListRow[];
  lists: Record<VisitDimension, ListRow[]>;
  clicks: ClickRow[];
  vitals: { all: VitalRow[]; pages: VitalRow[]; families: VitalRow[]; devices: VitalRow[] };
  /** The Web Vitals are those of this many of the visits (a sample: a filtered view of more than VITALS_SAMPLE_VISITS); null: of all. */
  vitalsSample: number | null;
}

export interface DashboardOptions {
  period: Period;
  filters: Filters;
  timeZone: string;
  /** INSIGHTS_RETENTION_DAYS: older days are read from the daily aggregates. */
  retentionDays: number;
  now?: number;
  /** TODAY_LIVE_EVENTS unless set (tests). */
  todayLiveEvents?: number;
  /** VITALS_SAMPLE_VISITS unless set (tests). */
  vitalsSampleVisits?: number;
}

const ZERO: Totals = { visitors: 0, visits: 0, pageviews: 0, bounces: 0, converted: 0, leads: 0, calls: 0, emails: 0 };

/** The sums of a group of visits (from `kept`). */
const VISIT_SUMS = sql`
  count(distinct day_visitor) as visitors, count(*) as visits, coalesce(sum(pageviews), 0) as pageviews,
  count(*) filter (where bounce) as bounces, count(*) filter (where converted) as converted,
  coalesce(sum(leads), 0) as leads, coalesce(sum(calls), 0) as calls, coalesce(sum(emails), 0) as emails`;

const totalsOf = (row: Raw | undefined): Totals =>
  row
    ? {
        visitors: num(row.visitors),
        visits: num(row.visits),
        pageviews: num(row.pageviews),
        bounces: num(row.bounces),
        converted: num(row.converted),
        leads: num(row.leads),
        calls: num(row.calls),
        emails: num(row.emails),
      }
    : { ...ZERO };

/**
 * `rows`, with PostgreSQL's JIT compilation off: the visit queries' estimated cost passes its
 * threshold, and compiling them took 110-120 ms of a filtered view's 1.1 s with 5M events, more
 * than it saves on the tens of thousands of rows they read.
 */
function visitRows(db: Database, query: SQL): Promise<Raw[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute<Raw>(query)).rows;
  });
}

const byVisitsThenName = (a: ListRow, b: ListRow) =>
  b.visits - a.visits || b.pageviews - a.pageviews || String(a.value ?? "").localeCompare(String(b.value ?? ""));

/** The chart's buckets for `period`: each hour of a single day, else each day. */
export function seriesBuckets(period: Period, timeZone: string): string[] {
  if (!period.hourly) {
    const days: string[] = [];
    for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
    return days;
  }
  const hours = new Set<string>();
  for (let t = period.start; t < period.end; t += 3_600_000) {
    const hour = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(t);
    hours.add(`${dayOf(t, timeZone)}T${hour.padStart(2, "0")}`);
  }
  return [...hours];
}

function fillSeries(buckets: string[], found: Map<string, SeriesPoint>): SeriesPoint[] {
  return buckets.map((bucket) => found.get(bucket) ?? { bucket, visitors: 0, visits: 0, pageviews: 0 });
}

/** Figures of [start, end) from the raw events. */
/** The totals, the chart, the lists and the pages: rows of (dimension, value, the sums). */
function figuresSelect(options: DashboardOptions): SQL {
  const { timeZone, period } = options;
  const bucket = period.hourly
    ? sql`to_char(started at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24')`
    : sql`to_char(started at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const parts = [
    sql`select 'total' as dimension, null::text as value, ${VISIT_SUMS} from kept`,
    sql`select 'bucket', ${bucket}, ${VISIT_SUMS} from kept group by 2`,
    ...VISIT_DIMENSION_KEYS.map((key) => sql`select ${key}, ${sql.raw(VISIT_DIMENSIONS[key])}, ${VISIT_SUMS} from kept group by 2`),
    sql`select 'page', path, count(distinct day_visitor), count(*), sum(views),
        count(*) filter (where bounce), count(*) filter (where converted), 0, 0, 0
        from views group by 2`,
  ];
  return sql.join(parts, sql` union all `);
}

function parseFigures(found: Raw[]) {
  const lists = Object.fromEntries(VISIT_DIMENSION_KEYS.map((key) => [key, [] as ListRow[]])) as Record<VisitDimension, ListRow[]>;
  const pages: ListRow[] = [];
  const series = new Map<string, SeriesPoint>();
  let totals: Totals = { ...ZERO };
  for (const row of found) {
    const value = (row.value as string | null) ?? null;
    if (row.dimension === "total") totals = totalsOf(row);
    else if (row.dimension === "bucket") {
      const t = totalsOf(row);
      series.set(value as string, { bucket: value as string, visitors: t.visitors, visits: t.visits, pageviews: t.pageviews });
    } else if (row.dimension === "page") pages.push({ value, ...totalsOf(row) });
    else lists[row.dimension as VisitDimension].push({ value, ...totalsOf(row) });
  }
  for (const key of VISIT_DIMENSION_KEYS) lists[key].sort(byVisitsThenName);
  pages.sort((a, b) => b.pageviews - a.pageviews || String(a.value).localeCompare(String(b.value)));
  return { totals, series, lists, pages };
}

/**
 * The taps by place, as rows of kind "click" in the shape of `detailsSelect`'s: the visitors with a
 * tap there (a visitor hash is one address on one day: it counts once a place a day, however many
 * taps its browser reports).
 */
const CLICKS_SELECT = sql`select 'click' as kind, n.kind as metric, n.click_location as grp, null::double precision as p75,
    count(distinct n.visitor) as samples, 0 as good, 0 as ni, 0 as poor
  from events n
  where n.kind in ('phone_call', 'email_click') group by 2, 3`;

/** Web Vitals by group (exact percentiles, from `vitals`), and the taps by place as rows of kind "click": (kind, metric, grp, p75, samples, good, ni, poor). */
function detailsSelect(): SQL {
  const vitalSelect = (group: SQL) => sql`
    select n.metric, ${group} as grp, percentile_cont(0.75) within group (order by n.value) as p75, count(*) as samples,
      count(*) filter (where n.rating = 'good') as good, count(*) filter (where n.rating = 'needs-improvement') as ni,
      count(*) filter (where n.rating = 'poor') as poor
    from vitals n
    where n.metric is not null and n.value is not null group by n.metric, 2`;
  return sql`select 'all' as kind, * from (${vitalSelect(sql`'all'`)}) a
      union all select 'page', * from (${vitalSelect(sql`n.path`)}) p
      union all select 'family', * from (${vitalSelect(FAMILY_SQL)}) f
      union all select 'device', * from (${vitalSelect(sql`n.device`)}) d
      union all ${CLICKS_SELECT}`;
}

type Vitals = DashboardData["vitals"];
const emptyVitals = (): Vitals => ({ all: [], pages: [], families: [], devices: [] });
/** The list of `vitals` that a row of group kind ("all", "page", "family", "device") goes in. */
const vitalList = (vitals: Vitals, kind: string): VitalRow[] =>
  ({ all: vitals.all, page: vitals.pages, family: vitals.families, device: vitals.devices })[kind]!;
const byMetricThenSamples = (a: VitalRow, b: VitalRow) =>
  WEB_VITAL_METRICS.indexOf(a.metric) - WEB_VITAL_METRICS.indexOf(b.metric) || b.samples - a.samples || a.group.localeCompare(b.group);

function parseDetails(found: Raw[]) {
  const vitalRows = found.filter((row) => row.kind !== "click");
  const clickRows = found
    .filter((row) => row.kind === "click")
    .map((row) => ({ kind: row.metric, location: row.grp, count: row.samples }))
    .sort((a, b) => num(b.count) - num(a.count) || String(a.location ?? "").localeCompare(String(b.location ?? "")));
  const vitals = emptyVitals();
  for (const row of vitalRows)
    vitalList(vitals, row.kind as string).push({
      metric: row.metric as VitalMetric,
      group: row.grp as string,
      p75: num(row.p75),
      samples: num(row.samples),
      good: num(row.good),
      needsImprovement: num(row.ni),
      poor: num(row.poor),
    });
  for (const list of Object.values(vitals)) list.sort(byMetricThenSamples);
  const clicks = clickRows.map((row) => ({
    kind: row.kind as ClickRow["kind"],
    location: (row.location as string | null) ?? null,
    count: num(row.count),
  }));
  return { vitals, clicks };
}

// ---------------------------------------------------------------------------------------------
// Daily aggregates

/**
 * Aggregate dimensions: the visit lists, "page" (visits that viewed it; its own page views),
 * "total", and "hour" (visits by the hour they started: the chart of a single day).
 */
export const DAILY_DIMENSIONS = ["total", "hour", "page", ...VISIT_DIMENSION_KEYS] as const;
export type DailyDimension = (typeof DAILY_DIMENSIONS)[number];

/**
 * The SELECT of `day`'s aggregate rows (day, dimension, value, sums), from the raw events (a day not
 * aggregated yet): of its visits that `filters` keep, with the taps by place when filtered.
 */
function dailyRowsQuery(day: string, timeZone: string, filters: Filters = {}): SQL {
  const cte = withVisits(dayStart(day, timeZone), dayStart(addDays(day, 1), timeZone), filters, timeZone);
  return sql`${cte} select ${day}::date as day, * from (${dailyRowsSelect(timeZone, { taps: isFiltered(filters) ? "events" : undefined })}) t`;
}

/**
 * Today's aggregates, when views of several days should read today from them: today has more
 * than `liveEvents` page views, taps and forms, and its aggregates were written within
 * TODAY_AGGREGATES_MAX_AGE_MS. Returns the time they count events up to, or null (count today live).
 */
async function todayAggregatesThrough(
  db: Database,
  today: string,
  timeZone: string,
  now: number,
  liveEvents: number,
): Promise<number | null> {
  const [row] = await rows(
    db,
    sql`select (select aggregated_at from insight_daily_runs where day = ${today}::date) as through,
      ${visitEventsUpTo(today, timeZone, liveEvents + 1)} as events`,
  );
  if (!row?.through || num(row.events) <= liveEvents) return null;
  const through = new Date(row.through as string | Date).getTime();
  return through >= now - TODAY_AGGREGATES_MAX_AGE_MS ? through : null;
}

/** Which aggregate dimension answers `filters` alone, and the filters it cannot apply. */
function dailyDimensionFor(filters: Filters): { dimension: DailyDimension; value: string; ignored: FilterKey[] } {
  const keys = FILTER_KEYS.filter((key) => filters[key] !== undefined);
  if (keys.length === 0) return { dimension: "total", value: "", ignored: [] };
  const [key, ...rest] = keys;
  const value = filters[key] as string;
  return { dimension: key as DailyDimension, value: value === NONE ? "" : value, ignored: rest };
}

/**
 * Finished days of `period` within the raw retention that have no aggregates yet (the hourly
 * housekeeping has not reached them: a fresh install, or a day that ended within the hour): the
 * dashboard works them out from the raw events, as it does today.
 */
async function daysWithoutAggregates(db: Database, period: Period, today: string, oldestRaw: string): Promise<string[]> {
  const from = period.from > oldestRaw ? period.from : oldestRaw;
  const to = period.to < today ? period.to : addDays(today, -1);
  if (from > to) return [];
  const done = new Set(
    (
      await rows(
        db,
        sql`select to_char(day, 'YYYY-MM-DD') as day from insight_daily where dimension = 'total' and day >= ${from}::date and day <= ${to}::date`,
      )
    ).map((row) => row.day as string),
  );
  const missing: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!done.has(day)) missing.push(day);
  return missing;
}

/**
 * The days of `period` that the aggregates cannot answer, read from the raw events instead: today
 * (unless its aggregates are to be read: `todayThrough`), and finished days not aggregated yet.
 */
async function rawDaysOf(
  db: Database,
  { period, timeZone, retentionDays, todayLiveEvents }: DashboardOptions,
  now: number,
): Promise<{ rawDays: string[]; todayThrough: number | null }> {
  const today = dayOf(now, timeZone);
  const rawDays = await daysWithoutAggregates(db, period, today, oldestRawDay(now, timeZone, retentionDays));
  let todayThrough: number | null = null;
  if (period.from <= today && period.to >= today) {
    todayThrough = await todayAggregatesThrough(db, today, timeZone, now, todayLiveEvents ?? TODAY_LIVE_EVENTS);
    if (todayThrough === null) rawDays.push(today);
  }
  return { rawDays, todayThrough };
}

/** The last day (excluded) whose aggregates a view reads: today's too when `todayThrough`. */
const aggregatesBefore = (today: string, todayThrough: number | null) => (todayThrough === null ? today : addDays(today, 1));

type DaysRead = Awaited<ReturnType<typeof rawDaysOf>>;

/** The rows of taps by place among a filter's aggregates. */
const TAP_KINDS = new Set(["phone_call", "email_click"]);

/**
 * Figures of `period` from the aggregates of its finished days (and today's, when `todayThrough`),
 * plus the raw events of `rawDays`; with `totalsOnly`, no lists. With `byFilter`, the aggregates of
 * its one filter (every figure, the lists and the taps by place of the visits it keeps); else
 * `insight_daily`, where a filter gives the totals and the chart only.
 */

async function dailyFigures(
  db: Database,
  options: DashboardOptions,
  { rawDays, todayThrough }: DaysRead,
  { totalsOnly = false, byFilter = false }: { totalsOnly?: boolean; byFilter?: boolean } = {},
) {
  const { period, timeZone, filters } = options;
  const before = aggregatesBefore(dayOf(options.now ?? Date.now(), timeZone), todayThrough);
  // By one filter, its own aggregates (insight_daily_filtered): their totals and lists are of the visits it keeps.
  const one = byFilter ? dailyDimensionFor(filters) : null;
  const { dimension, value, ignored } = one ? { dimension: "total", value: "", ignored: [] } : dailyDimensionFor(filters);
  const fromRaw = rawDays.map((day) => sql` union all (${dailyRowsQuery(day, timeZone, one ? filters : {})})`);
  const sums = sql`coalesce(sum(visitors), 0) as visitors, coalesce(sum(visits), 0) as visits, coalesce(sum(pageviews), 0) as pageviews,
    coalesce(sum(bounces), 0) as bounces, coalesce(sum(converted), 0) as converted, coalesce(sum(leads), 0) as leads,
    coalesce(sum(calls), 0) as calls, coalesce(sum(emails), 0) as emails`;
  const filtered = dimension !== "total";
  const table = one
    ? sql`insight_daily_filtered where filter = ${one.dimension} and filter_value = ${one.value} and`
    : sql`insight_daily where`;
  // A single day's chart is by the hour: its "hour" rows (unfiltered only: the hours are not kept by filter).
  const hourly = period.hourly && !filtered && !one && !totalsOnly;
  // One statement: the raw days' rows are worked out once (a CTE used twice is computed once) for the totals, the chart and the lists.
  const found = await rows(
    db,
    sql`with d as (select day, dimension, value, visitors, visits, pageviews, bounces, converted, leads, calls, emails
        from ${table} day >= ${period.from}::date and day <= ${period.to}::date and day < ${before}::date
        ${sql.join(fromRaw, sql``)})
      select 'bucket' as part, null::text as dimension, to_char(day, 'YYYY-MM-DD') as value, ${sums}
        from d where dimension = ${dimension} and value = ${value} group by 3
      ${hourly ? sql`union all select 'hour', null, value, ${sums} from d where dimension = 'hour' group by 3` : sql``}
      ${filtered || totalsOnly ? sql`` : sql`union all select 'list', dimension, value, ${sums} from d where dimension not in ('total', 'hour') group by dimension, value`}`,
  );
  const dayRows = found.filter((row) => row.part === "bucket");
  const seriesRows = hourly ? found.filter((row) => row.part === "hour") : dayRows;
  const listRows = found.filter((row) => row.part === "list" && !TAP_KINDS.has(row.dimension as string));
  const clicks = found
    .filter((row) => row.part === "list" && TAP_KINDS.has(row.dimension as string))
    .map((row) => ({
      kind: row.dimension as ClickRow["kind"],
      location: row.value === "" ? null : (row.value as string),
      count: num(row.visits),
    }))
    .sort((a, b) => b.count - a.count || String(a.location ?? "").localeCompare(String(b.location ?? "")));
  const totals = dayRows.reduce<Totals>((sum, row) => {
    const day = totalsOf(row);
    for (const key of Object.keys(sum) as (keyof Totals)[]) sum[key] += day[key];
    return sum;
  }, totalsOf(undefined));
  const lists = Object.fromEntries(VISIT_DIMENSION_KEYS.map((key) => [key, [] as ListRow[]])) as Record<VisitDimension, ListRow[]>;
  const pages: ListRow[] = [];
  for (const row of listRows) {
    const item = { value: row.value === "" ? null : (row.value as string), ...totalsOf(row) };
    if (row.dimension === "page") pages.push(item);
    else lists[row.dimension as VisitDimension]?.push(item);
  }
  for (const key of VISIT_DIMENSION_KEYS) lists[key].sort(byVisitsThenName);
  pages.sort((a, b) => b.pageviews - a.pageviews || String(a.value).localeCompare(String(b.value)));
  // A page row's page views are that page's own; its visitors are per day already.
  const series = new Map<string, SeriesPoint>(
    seriesRows.map((row) => [
      row.value as string,
      { bucket: row.value as string, visitors: num(row.visitors), visits: num(row.visits), pageviews: num(row.pageviews) },
    ]),
  );
  return { totals, series, lists, pages, clicks, ignored, listsUnfiltered: filtered };
}

/**
 * The Web Vitals of `period` from the histograms of its aggregated days (their running sums: two
 * rows a group) plus the raw events of `rawDays`: each group's samples and histograms summed, its
 * 75th percentile read from the sum.
 * Like the raw events, they cover the days within the retention only.
 */
async function dailyVitals(
  db: Database,
  { period, timeZone, now, retentionDays }: DashboardOptions,
  { rawDays, todayThrough }: DaysRead,
): Promise<Vitals> {
  const at = now ?? Date.now();
  const before = aggregatesBefore(dayOf(at, timeZone), todayThrough);
  // As the raw events: the days within the retention.
  const oldest = oldestRawDay(at, timeZone, retentionDays);
  const from = period.from > oldest ? period.from : oldest;
  const last = period.to < addDays(before, -1) ? period.to : addDays(before, -1);
  const columns = sql`metric, dimension, value, samples, good, needs_improvement, poor, histogram`;
  // The aggregated days: the running sums of the last one less those of the day before the first (sign -1).
  const parts =
    from <= last
      ? [
          sql`select 1 as sign, ${columns} from insight_vitals_running
            where day = (select max(day) from insight_vitals_running where day <= ${last}::date)`,
          sql`select -1, ${columns} from insight_vitals_running
            where day = (select max(day) from insight_vitals_running where day < ${from}::date)`,
        ]
      : [];
  for (const day of rawDays)
    parts.push(sql`(select 1 as sign, * from (${vitalRowsQuery(dayStart(day, timeZone), dayStart(addDays(day, 1), timeZone))}) r)`);
  if (parts.length === 0) return emptyVitals();
  return histogramVitals(await rows(db, sql.join(parts, sql` union all `)));
}

/**
 * Web Vitals from rows of histograms (metric, dimension, value, samples by rating, histogram, and a
 * `sign`: -1 takes a row away, none adds it): each group's sums, its 75th percentile read from its
 * summed histogram (app/insights/vital-histogram.ts).
 */
function histogramVitals(found: Raw[]): Vitals {
  const groups = new Map<string, { row: VitalRow; kind: string; histogram: Histogram }>();
  for (const entry of found) {
    const metric = entry.metric as VitalMetric;
    const kind = entry.dimension as string;
    const key = `${metric}\n${kind}\n${entry.value as string}`;
    let group = groups.get(key);
    if (!group) {
      const row = {
        metric,
        group: kind === "all" ? "all" : (entry.value as string),
        p75: 0,
        samples: 0,
        good: 0,
        needsImprovement: 0,
        poor: 0,
      };
      group = { row, kind, histogram: new Map() };
      groups.set(key, group);
    }
    const sign = entry.sign === undefined ? 1 : num(entry.sign);
    group.row.samples += sign * num(entry.samples);
    group.row.good += sign * num(entry.good);
    group.row.needsImprovement += sign * num(entry.needs_improvement);
    group.row.poor += sign * num(entry.poor);
    addHistogram(group.histogram, entry.histogram as Record<string, number>, sign);
  }
  const vitals = emptyVitals();
  for (const { row, kind, histogram } of groups.values())
    if (row.samples > 0) vitalList(vitals, kind).push({ ...row, p75: histogramPercentile(row.metric, histogram) });
  for (const list of Object.values(vitals)) list.sort(byMetricThenSamples);
  return vitals;
}

/** Whether `period` starts within the raw events' retention (every figure can come from them). */
export function readsRawEvents(period: Period, timeZone: string, retentionDays: number, now: number): boolean {
  return period.from >= oldestRawDay(now, timeZone, retentionDays);
}

/**
 * How a view is read (ADR 023):
 * - "filtered": several days within the raw events' retention with one filter: the aggregates of
 *   that filter (insight_daily_filtered), Web Vitals from a fixed sample of its stored visits;
 * - "stored": other filtered periods within the raw events' retention: their visits from insight_visits
 *   (those the filters keep, through the dimensions' indexes), the days not stored yet (today,
 *   unless it is busy; a day that ended within the hour) worked out from the raw events;
 * - "raw": a single day not aggregated yet, by the hour: every figure from its events;
 * - "daily": otherwise, the daily aggregates (one filter at most beyond the retention).
 */
async function readingOf(
  db: Database,
  options: DashboardOptions,
  now: number,
): Promise<{ how: "filtered" | "stored" | "raw" | "daily"; days: DaysRead }> {
  const { period, timeZone, retentionDays, filters } = options;
  const withinRetention = readsRawEvents(period, timeZone, retentionDays, now);
  const days = await rawDaysOf(db, options, now);
  const filterCount = FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
  if (withinRetention && filterCount === 1 && !period.hourly) return { how: "filtered", days };
  if (withinRetention && filterCount > 0) return { how: "stored", days };
  return { how: withinRetention && period.hourly && days.rawDays.length > 0 ? "raw" : "daily", days };
}

/** The conditions on a stored visit `v` of `period` that `filters` keeps, not of `rawDays`. */
function storedConditions({ period, filters }: Pick<DashboardOptions, "period" | "filters">, rawDays: string[]): SQL[] {
  const conditions: SQL[] = [sql`v.day >= ${period.from}::date`, sql`v.day <= ${period.to}::date`];
  for (const key of VISIT_DIMENSION_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    const column = sql.raw(`v.${VISIT_DIMENSIONS[key]}`);
    conditions.push(value === NONE ? sql`${column} is null` : sql`${column} = ${value}`);
  }
  if (filters.page !== undefined) conditions.push(sql`v.pages @> array[${filters.page}]::text[]`);
  if (rawDays.length)
    conditions.push(
      sql`v.day not in (${sql.join(
        rawDays.map((day) => sql`${day}::date`),
        sql`, `,
      )})`,
    );
  return conditions;
}

/**
 * The visits of `period` that the filters keep, as CTEs in the shape `visitsWith` gives them
 * (`kept`, `views` and `events`; the figures' select reads either): stored visits for the stored
 * days (their pages and taps from their arrays), and `visitsWith` over the raw days (prefixed
 * CTEs). Their Web Vitals are `sampledVitals`'.
 */
function storedVisits({ period, filters, timeZone }: DashboardOptions, rawDays: string[]): SQL {
  const conditions = storedConditions({ period, filters }, rawDays);
  const rawDayList = sql.join(
    rawDays.map((day) => sql`${day}`),
    sql`, `,
  );
  const raw = rawDays.length
    ? {
        ctes: sql`${visitsWith(dayStart(rawDays[0], timeZone), dayStart(addDays(rawDays[rawDays.length - 1], 1), timeZone), filters, timeZone, "r_")},`,
        kept: sql` union all select day::date, visitor, visit_start, until, ${sql.raw(VISIT_DIMENSION_KEYS.map((key) => VISIT_DIMENSIONS[key]).join(", "))},
          pageviews, leads, calls, emails, null::text[], null::int[], null::text[], null::text[], bounce, converted, day_visitor, false
          from r_kept where day in (${rawDayList})`,
        views: sql` union all select visitor, started, path, views, bounce, converted, day_visitor from r_views where left(day_visitor, 10) in (${rawDayList})`,
        taps: sql` union all select kind, click_location, visitor from r_events
          where kind in ('phone_call', 'email_click') and left(day_visitor, 10) in (${rawDayList})`,
      }
    : { ctes: sql``, kept: sql``, views: sql``, taps: sql`` };
  return sql`with ${raw.ctes}
    kept as (
      select v.day, ${VISIT_COLUMNS}, v.pages, v.page_views, v.phone_at, v.email_at, ${VISIT_FLAGS}, true as stored
      from insight_visits v where ${sql.join(conditions, sql` and `)}
      ${raw.kept}
    ),
    views as (
      select k.visitor, k.started, p.path, p.views, k.bounce, k.converted, k.day_visitor
      from kept k cross join lateral unnest(k.pages, k.page_views) as p(path, views) where k.stored
      ${raw.views}
    ),
    events as (
      select 'phone_call' as kind, nullif(t.at, '') as click_location, k.visitor from kept k cross join lateral unnest(k.phone_at) as t(at) where k.stored
      union all select 'email_click', nullif(t.at, ''), k.visitor from kept k cross join lateral unnest(k.email_at) as t(at) where k.stored
      ${raw.taps}
    )`;
}

/** The figures from the rows of part "f" of the one-statement reads (their sums in columns a to h). */
const figuresOfParts = (found: Raw[]) =>
  parseFigures(
    found.map((r) => ({
      dimension: r.dimension,
      value: r.value,
      visitors: r.a,
      visits: r.b,
      pageviews: r.c,
      bounces: r.d,
      converted: r.e,
      leads: r.f,
      calls: r.g,
      emails: r.h,
    })),
  );

/** Every figure and detail from one statement over the CTEs of `visitsWith` or `storedVisits`. */
async function figuresAndDetails(db: Database, options: DashboardOptions, cte: SQL) {
  const found = await visitRows(
    db,
    sql`${cte} select 'f' as part, dimension, value, null::text as grp, visitors::float8 as a, visits as b, pageviews as c,
        bounces as d, converted as e, leads as f, calls as g, emails as h from (${figuresSelect(options)}) f
      union all select 'd', kind, metric, grp, p75, samples, good, ni, poor, 0, 0, 0 from (${detailsSelect()}) d`,
  );
  const part = (p: string) => found.filter((row) => row.part === p);
  const figures = figuresOfParts(part("f"));
  const details = parseDetails(
    part("d").map((r) => ({ kind: r.dimension, metric: r.value, grp: r.grp, p75: r.a, samples: r.b, good: r.c, ni: r.d, poor: r.e })),
  );
  return { figures, details };
}

/** The figures and the taps by place of a view read from stored visits, in one statement. */
async function storedFiguresAndTaps(db: Database, options: DashboardOptions, cte: SQL) {
  const found = await visitRows(
    db,
    sql`${cte} select 'f' as part, dimension, value, null::text as grp, visitors::float8 as a, visits as b, pageviews as c,
        bounces as d, converted as e, leads as f, calls as g, emails as h from (${figuresSelect(options)}) f
      union all select 'c', kind, metric, grp, p75, samples, good, ni, poor, 0, 0, 0 from (${CLICKS_SELECT}) c`,
  );
  const part = (p: string) => found.filter((row) => row.part === p);
  const { clicks } = parseDetails(part("c").map((r) => ({ kind: r.dimension, metric: r.value, grp: r.grp, samples: r.b })));
  return { figures: figuresOfParts(part("f")), clicks };
}

/** Stored visits are sampled by the hash of (visitor, start) in this many buckets. */
const SAMPLE_BUCKETS = 1024;

/**
 * The Web Vitals of a filtered view of `visits` visits from a fixed sample of about
 * VITALS_SAMPLE_VISITS of them (all, when they are not many more): the visits whose hash falls in
 * the first buckets, from insight_visits and from the raw days' events, and their samples, found
 * through the (visitor, at) index (`offset 0` keeps the planner from turning that into a hash join
 * over every event: it cannot estimate the sample's size). As histograms: each 75th percentile
 * within 2 %, as the daily aggregates give it, in one pass where exact percentiles sort the samples
 * once per group. Returns them and the size of the sample (null: all).
 */
async function sampledVitals(
  db: Database,
  options: DashboardOptions,
  rawDays: string[],
  visits: number,
): Promise<{ vitals: Vitals; sample: number | null }> {
  const { period, filters, timeZone } = options;
  const buckets = Math.min(
    SAMPLE_BUCKETS,
    Math.ceil((SAMPLE_BUCKETS * (options.vitalsSampleVisits ?? VITALS_SAMPLE_VISITS)) / Math.max(visits, 1)),
  );
  const inSample = (visitor: SQL, started: SQL) => sql`(hashtext(${visitor} || ${started}::text) & ${SAMPLE_BUCKETS - 1}) < ${buckets}`;
  const raw = rawDays.length
    ? {
        ctes: sql`${visitsWith(dayStart(rawDays[0], timeZone), dayStart(addDays(rawDays[rawDays.length - 1], 1), timeZone), filters, timeZone, "r_")},`,
        kept: sql` union all select visitor, visit_start, until from r_kept where day in (${sql.join(
          rawDays.map((day) => sql`${day}`),
          sql`, `,
        )}) and ${inSample(sql`visitor`, sql`visit_start`)}`,
      }
    : { ctes: sql``, kept: sql`` };
  const found = await visitRows(
    db,
    sql`with ${raw.ctes}
      sampled as (
        select v.visitor, v.started, v.until from insight_visits v
        where ${sql.join([...storedConditions({ period, filters }, rawDays), inSample(sql`v.visitor`, sql`v.started`)], sql` and `)}
        ${raw.kept}
      ),
      vitals as (
        select e.at, e.path, e.device, e.metric, e.value, e.rating
        from sampled k cross join lateral (select * from insight_events e where e.visitor = k.visitor and e.at >= k.started
          and e.at < coalesce(k.until, ${new Date(period.end).toISOString()}::timestamptz) and e.kind = 'web_vital' offset 0) e
      )
      select * from (${vitalRowsOf(sql`vitals n`)}) v`,
  );
  const vitals = histogramVitals(found);
  return { vitals, sample: buckets >= SAMPLE_BUCKETS ? null : Math.round((visits * buckets) / SAMPLE_BUCKETS) };
}

/** The totals of `period` alone (the comparison with the period before). */
export async function periodTotals(db: Database, options: DashboardOptions): Promise<Totals> {
  const now = options.now ?? Date.now();
  const { how, days } = await readingOf(db, options, now);
  if (how === "daily" || how === "filtered")
    return (await dailyFigures(db, { ...options, now }, days, { totalsOnly: true, byFilter: how === "filtered" })).totals;
  const cte =
    how === "stored"
      ? storedVisits(options, days.rawDays)
      : withVisits(options.period.start, options.period.end, options.filters, options.timeZone);
  return totalsOf((await visitRows(db, sql`${cte} select ${VISIT_SUMS} from kept`))[0]);
}

/** Every figure of the dashboard for `period` and `filters`. */
export async function dashboardFigures(db: Database, options: DashboardOptions): Promise<DashboardData> {
  const now = options.now ?? Date.now();
  const { period, timeZone } = options;
  const raw = readsRawEvents(period, timeZone, options.retentionDays, now);
  const { how, days } = await readingOf(db, options, now);
  let figures: Awaited<ReturnType<typeof dailyFigures>>;
  let details: ReturnType<typeof parseDetails>;
  let vitalsSample: number | null = null;
  if (how === "filtered" || how === "stored") {
    // The filter's own aggregates, or the stored visits the filters keep (their figures and taps in
    // one statement); then their Web Vitals from a sample as big as their visits call for.
    if (how === "filtered") figures = await dailyFigures(db, { ...options, now }, days, { byFilter: true });
    else {
      const found = await storedFiguresAndTaps(db, options, storedVisits(options, days.rawDays));
      figures = { ...found.figures, clicks: found.clicks, ignored: [], listsUnfiltered: false };
    }
    const sampled = await sampledVitals(db, options, days.rawDays, figures.totals.visits);
    details = { clicks: figures.clicks, vitals: sampled.vitals };
    vitalsSample = sampled.sample;
  } else if (how === "raw") {
    // One statement, so the period's visits are worked out once for every figure.
    const found = await figuresAndDetails(db, options, withVisits(period.start, period.end, options.filters, timeZone));
    figures = { ...found.figures, clicks: found.details.clicks, ignored: [], listsUnfiltered: false };
    details = found.details;
  } else if (isFiltered(options.filters)) {
    // Beyond the raw retention, a filter narrows the details of the days still kept.
    [figures, details] = await Promise.all([
      dailyFigures(db, { ...options, now }, days),
      rows(db, sql`${withVisits(period.start, period.end, options.filters, timeZone)} ${detailsSelect()}`).then(parseDetails),
    ]);
  } else {
    // The taps by place are few and read from the events still kept; Web Vitals from the histograms.
    const events = sql`with events as (select * from insight_events
      where at >= ${new Date(period.start).toISOString()}::timestamptz and at < ${new Date(period.end).toISOString()}::timestamptz)`;
    let clicks: ClickRow[];
    let vitals: Vitals;
    [figures, { clicks }, vitals] = await Promise.all([
      dailyFigures(db, { ...options, now }, days),
      rows(db, sql`${events} ${CLICKS_SELECT}`).then(parseDetails),
      dailyVitals(db, { ...options, now }, days),
    ]);
    details = { clicks, vitals };
  }
  return {
    source: raw ? "raw" : "daily",
    ignoredFilters: figures.ignored,
    listsUnfiltered: figures.listsUnfiltered,
    todayThrough: how === "raw" ? null : days.todayThrough,
    totals: figures.totals,
    series: fillSeries(seriesBuckets(period, timeZone), figures.series),
    pages: figures.pages,
    lists: figures.lists,
    clicks: details.clicks,
    vitals: details.vitals,
    vitalsSample,
  };
}

/** Distinct visitors with an event in the last five minutes. */
export async function visitorsNow(db: Database, now = Date.now()): Promise<number> {
  const since = new Date(now - VISITORS_NOW_MINUTES * 60_000).toISOString();
  const until = new Date(now).toISOString();
  const [row] = await rows(
    db,
    sql`select count(distinct visitor) as n from insight_events where at > ${since}::timestamptz and at <= ${until}::timestamptz`,
  );
  return num(row?.n);
}

/** A share in percent, one decimal; null when there is nothing to divide. */
export const percent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** The change from `before` to `now` in percent, rounded; null when there was nothing before. */
export const change = (now: number, before: number): number | null => (before > 0 ? Math.round(((now - before) / before) * 100) : null);
