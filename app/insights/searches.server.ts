/**
 * Insights' searches (docs/requirements/insights.md#searches): what visitors looked for on /search
 * in a period, recorded by the server from each search's own request (insight_searches), with the
 * queries that found nothing and those that led to a contact request in the same visit: a stored
 * lead (ADR 026) of the same visitor after the search, with no 30-minute gap between the visitor's
 * events and searches in between (the visits' rule, ADR 023).
 */
import { sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";

import type { SearchFigures, SearchQueryFigures } from "./search-figures";

export type { SearchFigures, SearchQueryFigures };

/** Rows each list has at most. */
export const SEARCH_LIST_SIZE = 10;

export async function searchInsights(db: Database, period: { from: Date; to: Date }, limit = SEARCH_LIST_SIZE): Promise<SearchFigures> {
  const from = period.from.toISOString();
  const to = period.to.toISOString();
  const result = await db.execute<{
    query: string;
    searches: number;
    visitors: number;
    zero: number;
    contacted: number;
  }>(sql`
    with s as (
      select id, at, visitor, query, results from insight_searches where at >= ${from}::timestamptz and at < ${to}::timestamptz
    ),
    timeline as (
      select e.visitor, e.at, null::bigint as search_id, e.kind from insight_events e
      where e.visitor in (select distinct visitor from s) and e.at >= ${from}::timestamptz - interval '1 day' and e.at < ${to}::timestamptz + interval '1 day'
      union all
      select visitor, at, id, null from s
    ),
    gaps as (
      select *, case when at - lag(at) over (partition by visitor order by at, search_id nulls first) > interval '30 minutes' then 1 else 0 end as gap
      from timeline
    ),
    visits as (
      select *, sum(gap) over (partition by visitor order by at, search_id nulls first rows unbounded preceding) as visit from gaps
    ),
    led as (
      select search_id, at, max(case when kind = 'form_submit' then at end) over (partition by visitor, visit) as lead_at from visits
    )
    select s.query, count(*)::int as searches, count(distinct s.visitor)::int as visitors,
      (count(*) filter (where s.results = 0))::int as zero,
      (count(distinct s.visitor) filter (where l.lead_at >= l.at))::int as contacted
    from s join led l on l.search_id = s.id
    group by s.query`);
  const rows = result.rows.map((row) => ({
    query: row.query,
    searches: Number(row.searches),
    visitors: Number(row.visitors),
    zero: Number(row.zero),
    contacted: Number(row.contacted),
  }));
  const byCount = (a: SearchQueryFigures, b: SearchQueryFigures) => b.searches - a.searches || a.query.localeCompare(b.query);
  return {
    total: {
      searches: rows.reduce((n, r) => n + r.searches, 0),
      zero: rows.reduce((n, r) => n + r.zero, 0),
      contacted: rows.reduce((n, r) => n + r.contacted, 0),
    },
    top: [...rows].sort(byCount).slice(0, limit),
    zero: rows
      .filter((r) => r.zero > 0)
      .sort((a, b) => b.zero - a.zero || a.query.localeCompare(b.query))
      .slice(0, limit),
  };
}
