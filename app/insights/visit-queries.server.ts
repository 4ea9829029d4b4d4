/**
 * The SQL building blocks of Insights' visits that both the dashboard's reads
 * (app/insights/dashboard.server.ts) and the housekeeping's writes of the aggregates
 * (app/insights/aggregates.server.ts) use (docs/requirements/insights.md#insights-dashboard, ADRs
 * 023 and 026): the events of a period numbered into visits (`visitsWith`), a day's aggregate
 * rows, the stored visits' columns, the Web Vitals' rows by group, and the helpers around them.
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

import { addDays, dayOf, dayStart, FILTER_KEYS, NONE, type FilterKey, type Filters } from "./dashboard-params";
import { VITAL_BUCKET_SQL } from "./vital-histogram";

export const VISIT_GAP_MINUTES = 30;

/**
 * Past this many page views, taps and forms today, views of several days read today from its
 * aggregates, written every TODAY_REFRESH_MS, instead of working its visits out on each request
 * (ADR 023); below it (most days of most sites) today is counted live.
 */
export const TODAY_LIVE_EVENTS = 5_000;

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
export const VISIT_DIMENSION_KEYS = Object.keys(VISIT_DIMENSIONS) as VisitDimension[];

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

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
export function visitsWith(start: number, end: number, filters: Filters, timeZone: string, prefix = ""): SQL {
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
export const withVisits = (start: number, end: number, filters: Filters, timeZone: string) =>
  sql`with ${visitsWith(start, end, filters, timeZone)}`;

export type Raw = Record<string, unknown>;

export async function rows(db: Database, query: SQL): Promise<Raw[]> {
  return (await db.execute<Raw>(query)).rows;
}

export const FAMILY_SQL = sql`case
  when n.path like '/services/%' then 'service'
  when n.path like '/industries/%' then 'industry'
  when n.path in (${sql.join(
    citySlugs.map((slug) => sql`${`/${slug}`}`),
    sql`, `,
  )}) then 'city'
  when n.path like '/blog/%' then 'blog'
  else 'other' end`;

// ---------------------------------------------------------------------------------------------
// Daily aggregates

/**
 * A day's aggregate rows (dimension, value, sums) from its visits in `kept` and their page views
 * by page in `views` (the CTEs of `visitsWith`, or of `storedVisits`). With `byFilter`, `kept` and
 * `views` carry a visit once for each filter that keeps it (`filter`, `filter_value`) and the rows
 * are by filter (no hours). `taps` adds rows of the visits with a phone or e-mail tap by place
 * (dimension "phone_call" or "email_click"): from stored visits' arrays, or from `events`.
 */
export function dailyRowsSelect(
  timeZone: string,
  { byFilter = false, taps }: { byFilter?: boolean; taps?: "arrays" | "events" } = {},
): SQL {
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

/** The columns of a visit in insight_visits, in the order `storedVisits` and the writer use. */
export const VISIT_COLUMNS = sql.raw(
  `visitor, started, until, ${VISIT_DIMENSION_KEYS.map((key) => VISIT_DIMENSIONS[key]).join(", ")}, pageviews, leads, calls, emails`,
);

/** A stored visit's derived values, as `visitsWith` has them. */
export const VISIT_FLAGS = sql.raw(
  "(pageviews = 1 and leads + calls + emails = 0) as bounce, leads > 0 as converted, to_char(day, 'YYYY-MM-DD') || visitor as day_visitor",
);

/**
 * The Web Vitals of [start, end) from the raw events, one row per metric and group ("all" with
 * value "", each page, page family and device): the samples by rating and their histogram
 * (app/insights/vital-histogram.ts), as `insight_daily_vitals` keeps them.
 */
export function vitalRowsQuery(start: number, end: number): SQL {
  return vitalRowsOf(sql`(select * from insight_events where kind = 'web_vital'
    and at >= ${new Date(start).toISOString()}::timestamptz and at < ${new Date(end).toISOString()}::timestamptz) n`);
}

/** `vitalRowsQuery`'s rows of the Web Vitals samples in `samples` (a FROM item aliased `n`, with their metric, value, rating, path and device). */
export function vitalRowsOf(samples: SQL): SQL {
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

/** `day`'s start and end (office time zone) as timestamptz parameters. */
export function dayBounds(day: string, timeZone: string) {
  const start = dayStart(day, timeZone);
  const end = dayStart(addDays(day, 1), timeZone);
  return { start, end, from: sql`${new Date(start).toISOString()}::timestamptz`, to: sql`${new Date(end).toISOString()}::timestamptz` };
}

/** How many page views, taps and forms `day` has had, counted up to `limit` (enough to tell a busy day). */
export function visitEventsUpTo(day: string, timeZone: string, limit: number): SQL {
  const { from, to } = dayBounds(day, timeZone);
  return sql`(select count(*) from (select 1 from insight_events where kind in ${VISIT_KINDS} and at >= ${from} and at < ${to} limit ${limit}) e)`;
}

/** The first whole day whose raw events are still kept. */
export const oldestRawDay = (now: number, timeZone: string, retentionDays: number) =>
  addDays(dayOf(now - retentionDays * 86_400_000, timeZone), 1);

export const isFiltered = (filters: Filters) => FILTER_KEYS.some((key) => filters[key] !== undefined);
