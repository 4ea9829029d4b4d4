/**
 * The Insights dashboard's figures (docs/requirements/insights.md#insights-dashboard, ADR 023), read from
 * the raw events (`insight_events`) for a single day and for filtered periods within their
 * retention, and otherwise from the daily aggregates (`insight_daily`, written by the hourly
 * housekeeping) plus today's raw events, or, on a busy day, today's aggregates (written every
 * minute).
 *
 * A visit is one visitor's run of page views, taps and forms with no gap over 30 minutes; its
 * entry page is the path of its first page view, its source (referring site, UTM values), device
 * and browser those of its first page view (or first event). A Web Vitals sample belongs to the
 * visit that started last before it and never starts or prolongs one. Visitors are distinct
 * visitor hashes per day, summed over the days (the hashes change every day, ADR 021). A bounce is
 * a visit with one page view and no contact request or tap. A contact request is a lead the site
 * stored (counted on the server, app/insights/collect.server.ts `recordLead`); a converted visit
 * has at least one. Phone and e-mail taps are what browsers report: each visit counts once for
 * each (a script that sends 300 taps in a visit makes one). Filters select visits: the page
 * filter keeps visits that viewed the page.
 */
import { sql, type SQL } from "drizzle-orm";

import { citySlugs } from "~/content/types";
import type { Database } from "~/db/client.server";
import { WEB_VITAL_METRICS } from "~/db/schema.server";

import { addDays, addMonths, dayOf, dayStart, FILTER_KEYS, NONE, type FilterKey, type Filters, type Period } from "./dashboard-params";
import { addHistogram, histogramPercentile, VITAL_BUCKET_SQL, type Histogram } from "./vital-histogram";
import type { VitalMetric, VitalRow } from "./vitals";

export const VISIT_GAP_MINUTES = 30;
/**
 * Past this many page views, taps and forms today, views of several days read today from its
 * aggregates, written every TODAY_REFRESH_MS, instead of working its visits out on each request
 * (ADR 023); below it (most days of most sites) today is counted live.
 */
export const TODAY_LIVE_EVENTS = 5_000;
export const TODAY_REFRESH_MS = 60_000;
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

/** The lists of visits, by what they are grouped on; the column of each in the visits table. */
export const VISIT_DIMENSIONS = {
  entry: "entry",
  referrer: "referrer",
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  device: "device",
  browser: "browser",
} as const satisfies Partial<Record<FilterKey, string>>;
export type VisitDimension = keyof typeof VISIT_DIMENSIONS;
const VISIT_DIMENSION_KEYS = Object.keys(VISIT_DIMENSIONS) as VisitDimension[];

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

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const ZERO: Totals = { visitors: 0, visits: 0, pageviews: 0, bounces: 0, converted: 0, leads: 0, calls: 0, emails: 0 };

/** The column of an event that holds each visit dimension's value (the visit's first event's). */
const FIRST_EVENT_COLUMNS = {
  entry: "path",
  referrer: "referrer_host",
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  device: "device",
  browser: "browser",
} as const satisfies Record<VisitDimension, string>;

/** Each visit's dimensions, its first event's values: `first_value(path) over w as entry`, ... */
const FIRST_EVENT_VALUES = sql.raw(
  VISIT_DIMENSION_KEYS.map((key) => `first_value(${FIRST_EVENT_COLUMNS[key]}) over w as ${VISIT_DIMENSIONS[key]}`).join(",\n        "),
);

/**
 * Conditions on single events that every visitor with a visit the filters keep has an event
 * meeting: the visit's first event carries all of its values (its entry page, source, campaign,
 * device...), and a visit that saw a page has that page view. The visits are then worked out over
 * those visitors' events only, all of them, so each visit is the same as over everyone's: exact,
 * and a filter on a campaign numbers the visits of its visitors, not of the whole period. A "(none)"
 * value narrows nothing here (almost every visitor has an event without a campaign).
 */
function visitorsWhoMayMatch(filters: Filters): SQL[] {
  const first: SQL[] = [];
  for (const key of VISIT_DIMENSION_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== NONE) first.push(sql`${sql.raw(FIRST_EVENT_COLUMNS[key])} = ${value}`);
  }
  const found = first.length ? [sql.join(first, sql` and `)] : [];
  if (filters.page !== undefined) found.push(sql`kind = 'page_view' and path = ${filters.page}`);
  return found;
}

/** The events that make visits: everything but Web Vitals samples (reports about a page view, attached to its visit). */
const VISIT_KINDS = sql.raw(`('page_view', 'form_submit', 'phone_call', 'email_click')`);

/**
 * The events of [start, end) with their visit's figures on every row (`events`, only those of the
 * visits the filters keep), one row per visit (`kept`: its first event's row, with `until`, the
 * start of the visitor's next visit), each visit's page views by page (`views`) and the Web Vitals
 * samples (`vitals`: of the kept visits when filtered, else all of the period's). A visit starts
 * at a page view, tap or form more than 30 minutes after the visitor's previous one; its page,
 * source, device and browser are its first event's. Window functions only (sorts, no joins), so
 * the work grows with the number of events, not its square; Web Vitals samples, four events in
 * five, are left out of them and joined to their visit afterwards (on the visitor, between the
 * visit's start and the next one's) when a filter needs it.
 */
function visitsWith(start: number, end: number, filters: Filters, timeZone: string, prefix = ""): SQL {
  /** A CTE's name, with `prefix` when these CTEs go beside others of the same names. */
  const n = (name: string) => sql.raw(prefix + name);
  const page = filters.page;
  const conditions: SQL[] = [sql`true`];
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || key === "page") continue;
    const column = sql.raw(VISIT_DIMENSIONS[key as VisitDimension]);
    conditions.push(value === NONE ? sql`${column} is null` : sql`${column} = ${value}`);
  }
  if (page !== undefined) conditions.push(sql`saw_page`);
  const inPeriod = sql`at >= ${new Date(start).toISOString()}::timestamptz and at < ${new Date(end).toISOString()}::timestamptz`;
  const candidates = visitorsWhoMayMatch(filters).map(
    (condition) => sql` and visitor = any(array(select distinct visitor from insight_events where ${inPeriod} and ${condition}))`,
  );
  // Filtered: each kept visit's samples, found through the (visitor, at) index between its start and the next visit's.
  const vitals = isFiltered(filters)
    ? sql`select v.at, v.path, v.device, v.metric, v.value, v.rating
        from ${n("visits")} k join insight_events v on v.visitor = k.visitor and v.at >= k.visit_start and v.at < coalesce(k.next_start, ${new Date(end).toISOString()}::timestamptz)
        where k.is_kept and v.kind = 'web_vital'`
    : sql`select at, path, device, metric, value, rating from insight_events where kind = 'web_vital' and ${inPeriod}`;
  return sql`
    ${n("ev")} as (
      select id, at, kind, path, visitor, referrer_host, utm_source, utm_medium, utm_campaign, device, browser, click_location,
        case when at - lag(at) over (partition by visitor order by at, id) <= interval '${sql.raw(String(VISIT_GAP_MINUTES))} minutes'
          then 0 else 1 end as starts
      from insight_events
      where kind in ${VISIT_KINDS} and ${inPeriod} ${sql.join(candidates, sql``)}
    ),
    ${n("numbered")} as (
      select *, max(case when starts = 1 then at end) over (partition by visitor order by at, id rows unbounded preceding) as visit_start
      from ${n("ev")}
    ),
    ${n("visit_rows")} as (
      select id, at, kind, path, visitor, visit_start, starts, click_location,
        ${FIRST_EVENT_VALUES},
        count(*) filter (where kind = 'page_view') over w as pageviews,
        count(*) filter (where kind = 'form_submit') over w as leads,
        least(count(*) filter (where kind = 'phone_call') over w, 1) as calls,
        least(count(*) filter (where kind = 'email_click') over w, 1) as emails,
        ${page === undefined ? sql`false` : sql`bool_or(kind = 'page_view' and path = ${page}) over w`} as saw_page
      from ${n("numbered")}
      window w as (partition by visitor, visit_start order by at, id rows between unbounded preceding and unbounded following)
    ),
    ${n("marked")} as (
      select *, visit_start as started, to_char(visit_start at time zone ${timeZone}, 'YYYY-MM-DD') as day,
        (pageviews = 1 and leads + calls + emails = 0) as bounce, (leads > 0) as converted,
        to_char(visit_start at time zone ${timeZone}, 'YYYY-MM-DD') || visitor as day_visitor,
        coalesce(${sql.join(conditions, sql` and `)}, false) as is_kept
      from ${n("visit_rows")}
    ),
    ${n("visits")} as (
      select visitor, visit_start, is_kept, lead(visit_start) over (partition by visitor order by visit_start) as next_start
      from ${n("marked")} where starts = 1
    ),
    ${n("events")} as (select * from ${n("marked")} where is_kept),
    ${n("kept")} as (select e.*, v.next_start as until from ${n("events")} e join ${n("visits")} v using (visitor, visit_start) where e.starts = 1),
    ${n("views")} as (
      select visitor, visit_start as started, path, count(*) as views, bool_or(bounce) as bounce, bool_or(converted) as converted,
        min(day_visitor) as day_visitor
      from ${n("events")} where kind = 'page_view' group by visitor, visit_start, path
    ),
    ${n("vitals")} as (${vitals})`;
}

/** `visitsWith`'s CTEs as a WITH clause (the one query they make). */
const withVisits = (start: number, end: number, filters: Filters, timeZone: string) =>
  sql`with ${visitsWith(start, end, filters, timeZone)}`;

/** The sums of a group of visits (from `kept`). */
const VISIT_SUMS = sql`
  count(distinct day_visitor) as visitors, count(*) as visits, coalesce(sum(pageviews), 0) as pageviews,
  count(*) filter (where bounce) as bounces, count(*) filter (where converted) as converted,
  coalesce(sum(leads), 0) as leads, coalesce(sum(calls), 0) as calls, coalesce(sum(emails), 0) as emails`;

type Raw = Record<string, unknown>;
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

async function rows(db: Database, query: SQL): Promise<Raw[]> {
  return (await db.execute<Raw>(query)).rows;
}

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

const FAMILY_SQL = sql`case
  when n.path like '/services/%' then 'service'
  when n.path like '/industries/%' then 'industry'
  when n.path in (${sql.join(
    citySlugs.map((slug) => sql`${`/${slug}`}`),
    sql`, `,
  )}) then 'city'
  when n.path like '/blog/%' then 'blog'
  else 'other' end`;

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
 * A day's aggregate rows (dimension, value, sums) from its visits in `kept` and their page views
 * by page in `views` (the CTEs of `visitsWith`, or of `storedVisits`). With `byFilter`, `kept` and
 * `views` carry a visit once for each filter that keeps it (`filter`, `filter_value`) and the rows
 * are by filter (no hours). `taps` adds rows of the visits with a phone or e-mail tap by place
 * (dimension "phone_call" or "email_click"): from stored visits' arrays, or from `events`.
 */
function dailyRowsSelect(timeZone: string, { byFilter = false, taps }: { byFilter?: boolean; taps?: "arrays" | "events" } = {}): SQL {
  const sums = sql`count(distinct visitor) as visitors, count(*) as visits, coalesce(sum(pageviews), 0) as pageviews,
    count(*) filter (where bounce) as bounces, count(*) filter (where converted) as converted,
    coalesce(sum(leads), 0) as leads, coalesce(sum(calls), 0) as calls, coalesce(sum(emails), 0) as emails`;
  const by = byFilter ? sql`filter, filter_value, ` : sql``;
  const groupBy = (column: string) => sql.raw([...(byFilter ? ["filter", "filter_value"] : []), column].filter(Boolean).join(", "));
  const grouped = (column: string) => (byFilter || column ? sql` group by ${groupBy(column)}` : sql``);
  const parts = [
    sql`select ${by}'total' as dimension, '' as value, ${sums} from kept${grouped("")}`,
    // The hours of the day (the chart of a single day), as the raw query's chart buckets them.
    ...(byFilter ? [] : [sql`select 'hour', to_char(started at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24'), ${sums} from kept group by 2`]),
    ...VISIT_DIMENSION_KEYS.map(
      (key) => sql`select ${by}${key}, coalesce(${sql.raw(VISIT_DIMENSIONS[key])}, ''), ${sums} from kept${grouped(VISIT_DIMENSIONS[key])}`,
    ),
    sql`select ${by}'page', path, count(distinct visitor), count(*), sum(views), count(*) filter (where bounce), count(*) filter (where converted), 0, 0, 0
      from views${grouped("path")}`,
  ];
  for (const [kind, column] of [
    ["phone_call", "phone_at"],
    ["email_click", "email_at"],
  ] as const) {
    if (taps === "arrays")
      parts.push(sql`select ${by}${kind}, t.place, 0, count(*), 0, 0, 0, 0, 0, 0
        from kept cross join lateral unnest(${sql.raw(column)}) as t(place)${grouped("t.place")}`);
    else if (taps === "events")
      parts.push(sql`select ${kind}, coalesce(click_location, ''), 0, count(distinct visitor || visit_start::text), 0, 0, 0, 0, 0, 0
        from events where kind = ${kind} group by 2`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The SELECT of `day`'s aggregate rows (day, dimension, value, sums), from the raw events (a day not
 * aggregated yet): of its visits that `filters` keep, with the taps by place when filtered.
 */
function dailyRowsQuery(day: string, timeZone: string, filters: Filters = {}): SQL {
  const cte = withVisits(dayStart(day, timeZone), dayStart(addDays(day, 1), timeZone), filters, timeZone);
  return sql`${cte} select ${day}::date as day, * from (${dailyRowsSelect(timeZone, { taps: isFiltered(filters) ? "events" : undefined })}) t`;
}

/** Each filter a visit can be kept by, as (filter, value) rows of a LATERAL VALUES over the visit `v`. */
const FILTER_VALUES = sql.raw(
  `values ${VISIT_DIMENSION_KEYS.map((key) => `('${key}', coalesce(v.${VISIT_DIMENSIONS[key]}, ''))`).join(", ")}`,
);

/** The columns of a visit in insight_visits, in the order `storedVisits` and the writer use. */
const VISIT_COLUMNS = sql.raw(
  `visitor, started, until, ${VISIT_DIMENSION_KEYS.map((key) => VISIT_DIMENSIONS[key]).join(", ")}, pageviews, leads, calls, emails`,
);

/** A stored visit's derived values, as `visitsWith` has them. */
const VISIT_FLAGS = sql.raw(
  "(pageviews = 1 and leads + calls + emails = 0) as bounce, leads > 0 as converted, to_char(day, 'YYYY-MM-DD') || visitor as day_visitor",
);

/**
 * The Web Vitals of [start, end) from the raw events, one row per metric and group ("all" with
 * value "", each page, page family and device): the samples by rating and their histogram
 * (app/insights/vital-histogram.ts), as `insight_daily_vitals` keeps them.
 */
function vitalRowsQuery(start: number, end: number): SQL {
  return vitalRowsOf(sql`(select * from insight_events where kind = 'web_vital'
    and at >= ${new Date(start).toISOString()}::timestamptz and at < ${new Date(end).toISOString()}::timestamptz) n`);
}

/** `vitalRowsQuery`'s rows of the Web Vitals samples in `samples` (a FROM item aliased `n`, with their metric, value, rating, path and device). */
function vitalRowsOf(samples: SQL): SQL {
  const ratings = sql`count(*) as n, count(*) filter (where rating = 'good') as good,
    count(*) filter (where rating = 'needs-improvement') as ni, count(*) filter (where rating = 'poor') as poor`;
  return sql`with b as (
      select n.metric, n.rating, n.path, n.device, ${FAMILY_SQL} as family, ${sql.raw(VITAL_BUCKET_SQL)} as bucket
      from ${samples}
      where n.metric is not null and n.value is not null
    ),
    g as (
      select metric, 'all' as dimension, '' as value, bucket, ${ratings} from b group by metric, bucket
      union all select metric, 'page', path, bucket, ${ratings} from b group by metric, path, bucket
      union all select metric, 'family', family, bucket, ${ratings} from b group by metric, family, bucket
      union all select metric, 'device', device, bucket, ${ratings} from b group by metric, device, bucket
    )
    select metric, dimension, value, sum(n)::int as samples, sum(good)::int as good, sum(ni)::int as needs_improvement,
      sum(poor)::int as poor, jsonb_object_agg(bucket::text, n) as histogram
    from g group by metric, dimension, value`;
}

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

/** `day`'s start and end (office time zone) as timestamptz parameters. */
function dayBounds(day: string, timeZone: string) {
  const start = dayStart(day, timeZone);
  const end = dayStart(addDays(day, 1), timeZone);
  return { start, end, from: sql`${new Date(start).toISOString()}::timestamptz`, to: sql`${new Date(end).toISOString()}::timestamptz` };
}

/** How many page views, taps and forms `day` has had, counted up to `limit` (enough to tell a busy day). */
function visitEventsUpTo(day: string, timeZone: string, limit: number): SQL {
  const { from, to } = dayBounds(day, timeZone);
  return sql`(select count(*) from (select 1 from insight_events where kind in ${VISIT_KINDS} and at >= ${from} and at < ${to} limit ${limit}) e)`;
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

/** The first whole day whose raw events are still kept. */
const oldestRawDay = (now: number, timeZone: string, retentionDays: number) =>
  addDays(dayOf(now - retentionDays * 86_400_000, timeZone), 1);

/** Whether `period` starts within the raw events' retention (every figure can come from them). */
export function readsRawEvents(period: Period, timeZone: string, retentionDays: number, now: number): boolean {
  return period.from >= oldestRawDay(now, timeZone, retentionDays);
}

const isFiltered = (filters: Filters) => FILTER_KEYS.some((key) => filters[key] !== undefined);

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
 * (`kept`, `views`, `events` and `vitals`; the figures' and details' selects read either): stored
 * visits for the stored days (their pages and taps from their arrays), and `visitsWith` over the
 * raw days (prefixed CTEs). Web Vitals samples are their visitor's events from a visit's start to
 * the next visit's, found through the (visitor, at) index, for VITALS_SAMPLE_VISITS of the kept
 * visits at most (a fixed sample, by the hash of the visit).
 */
function storedVisits({ period, filters, timeZone, vitalsSampleVisits }: DashboardOptions, rawDays: string[]): SQL {
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
  const end = sql`${new Date(period.end).toISOString()}::timestamptz`;
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
    ),
    sampled as (select visitor, started, until from kept order by md5(visitor || started::text) limit ${vitalsSampleVisits ?? VITALS_SAMPLE_VISITS}),
    vitals as (
      select e.at, e.path, e.device, e.metric, e.value, e.rating
      from sampled k cross join lateral (select * from insight_events e where e.visitor = k.visitor and e.at >= k.started
        and e.at < coalesce(k.until, ${end}) and e.kind = 'web_vital' offset 0) e
    )`;
}

/** Every figure and detail from one statement over the CTEs of `visitsWith` or `storedVisits`. */
async function figuresAndDetails(db: Database, options: DashboardOptions, cte: SQL) {
  const found = await visitRows(
    db,
    sql`${cte} select 'f' as part, dimension, value, null::text as grp, visitors::float8 as a, visits as b, pageviews as c,
        bounces as d, converted as e, leads as f, calls as g, emails as h from (${figuresSelect(options)}) f
      union all select 'd', kind, metric, grp, p75, samples, good, ni, poor, 0, 0, 0 from (${detailsSelect()}) d`,
  );
  const part = (p: string) => found.filter((row) => row.part === p);
  const figures = parseFigures(
    part("f").map((r) => ({
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
  const details = parseDetails(
    part("d").map((r) => ({ kind: r.dimension, metric: r.value, grp: r.grp, p75: r.a, samples: r.b, good: r.c, ni: r.d, poor: r.e })),
  );
  return { figures, details };
}

/**
 * Every figure and detail of a view read from stored visits, in one statement: the figures, the
 * taps by place, and Web Vitals as histograms (the 75th percentile within 2 %, as the daily
 * aggregates give it), which a hash aggregate makes in one pass where exact percentiles sort the
 * samples once per table (a campaign's 160,000 samples of 30 days with 5M events).
 */
async function storedFiguresAndDetails(db: Database, options: DashboardOptions, cte: SQL) {
  const found = await visitRows(
    db,
    sql`${cte} select 'f' as part, dimension, value, null::text as grp, visitors::float8 as a, visits as b, pageviews as c,
        bounces as d, converted as e, leads as f, calls as g, emails as h, null::jsonb as histogram from (${figuresSelect(options)}) f
      union all select 'c', kind, metric, grp, p75, samples, good, ni, poor, 0, 0, 0, null from (${CLICKS_SELECT}) c
      union all select 'v', dimension, value, metric, 0, samples, good, needs_improvement, poor, 0, 0, 0, histogram
        from (${vitalRowsOf(sql`vitals n`)}) v`,
  );
  const part = (p: string) => found.filter((row) => row.part === p);
  const figures = parseFigures(
    part("f").map((r) => ({
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
  const { clicks } = parseDetails(part("c").map((r) => ({ kind: r.dimension, metric: r.value, grp: r.grp, samples: r.b })));
  const vitals = histogramVitals(
    part("v").map((r) => ({
      metric: r.grp,
      dimension: r.dimension,
      value: r.value,
      samples: r.b,
      good: r.c,
      needs_improvement: r.d,
      poor: r.e,
      histogram: r.histogram,
    })),
  );
  return { figures, details: { clicks, vitals } };
}

/** Stored visits are sampled by the hash of (visitor, start) in this many buckets. */
const SAMPLE_BUCKETS = 1024;

/** Where a sample of visits meets their Web Vitals samples, each visit's are read through the (visitor, at) index: `offset 0` keeps the planner from turning that into a hash join over every event (it cannot estimate the sample's size). */

/**
 * The Web Vitals of a filtered view of `visits` visits from a fixed sample of about
 * VITALS_SAMPLE_VISITS of them (all, when they are not many more): the visits whose hash falls in
 * the first buckets, from insight_visits and from the raw days' events, and their samples, found
 * through the (visitor, at) index. Returns them and the size of the sample (null: all).
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
  if (how === "filtered") {
    // The filter's own aggregates, then its Web Vitals from a sample as big as its visits call for.
    figures = await dailyFigures(db, { ...options, now }, days, { byFilter: true });
    const sampled = await sampledVitals(db, options, days.rawDays, figures.totals.visits);
    details = { clicks: figures.clicks, vitals: sampled.vitals };
    vitalsSample = sampled.sample;
  } else if (how !== "daily") {
    // One statement, so the period's visits are worked out (or read) once for every figure.
    const found =
      how === "stored"
        ? await storedFiguresAndDetails(db, options, storedVisits(options, days.rawDays))
        : await figuresAndDetails(db, options, withVisits(period.start, period.end, options.filters, timeZone));
    figures = { ...found.figures, clicks: found.details.clicks, ignored: [], listsUnfiltered: false };
    details = found.details;
    const sampleSize = options.vitalsSampleVisits ?? VITALS_SAMPLE_VISITS;
    if (how === "stored" && figures.totals.visits > sampleSize) vitalsSample = sampleSize;
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
