/**
 * What /admin/insights and /admin/insights.csv read (docs/requirements/insights.md#insights-dashboard):
 * the URL's period and filters, the figures of the period and the totals of the one before it,
 * the visitors now, and the CSV tables.
 */
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import type { CsvColumns } from "~/lib/csv-download.server";

import { droppedDays } from "./collect.server";
import { parseDashboardQuery, type DashboardQuery } from "./dashboard-params";
import {
  dashboardFigures,
  periodTotals,
  visitorsNow,
  type ClickRow,
  type DashboardData,
  type ListRow,
  type SeriesPoint,
  type Totals,
} from "./dashboard.server";
import type { VitalRow } from "./vitals";

export interface DashboardPage {
  query: DashboardQuery;
  data: DashboardData;
  previous: Totals;
  now: number;
  visitorsNow: number;
  retentionDays: number;
  /** The days of the period on which the site-wide budget dropped events, with how many. */
  dropped: { day: string; dropped: number }[];
}

export async function loadDashboard(db: Database, url: URL, options: { retentionDays: number; now?: number }): Promise<DashboardPage> {
  const now = options.now ?? Date.now();
  const timeZone = site.hours.timeZone;
  const query = parseDashboardQuery(url, now, timeZone);
  const common = { filters: query.filters, timeZone, retentionDays: options.retentionDays, now };
  const [data, previous, current, dropped] = await Promise.all([
    dashboardFigures(db, { ...common, period: query.period }),
    periodTotals(db, { ...common, period: query.previous }),
    visitorsNow(db, now),
    droppedDays(db, query.period.from, query.period.to),
  ]);
  return { query, data, previous, now, visitorsNow: current, retentionDays: options.retentionDays, dropped };
}

const rate = (part: number, whole: number) => (whole > 0 ? (part / whole).toFixed(4) : "");

const listColumns = (heading: string): CsvColumns<ListRow> => [
  [heading, (r) => r.value ?? ""],
  ["visitors", (r) => r.visitors],
  ["visits", (r) => r.visits],
  ["pageviews", (r) => r.pageviews],
  ["bounce_rate", (r) => rate(r.bounces, r.visits)],
  ["converted_visits", (r) => r.converted],
  ["conversion_rate", (r) => rate(r.converted, r.visits)],
  ["contact_requests", (r) => r.leads],
  ["visits_with_phone_tap", (r) => r.calls],
  ["visits_with_email_tap", (r) => r.emails],
];

const vitalColumns = (heading: string): CsvColumns<VitalRow> => [
  [heading, (r) => r.group],
  ["metric", (r) => r.metric],
  ["p75", (r) => r.p75],
  ["samples", (r) => r.samples],
  ["good", (r) => r.good],
  ["needs_improvement", (r) => r.needsImprovement],
  ["poor", (r) => r.poor],
];

interface CsvTable<Row> {
  columns: CsvColumns<Row>;
  rows: (data: DashboardData) => Row[];
}
const table = <Row>(columns: CsvColumns<Row>, rows: (data: DashboardData) => Row[]): CsvTable<unknown> =>
  ({ columns, rows }) as CsvTable<unknown>;

/** The tables /admin/insights.csv?table=... serves: every row, not only the page's top ten. */
export const CSV_TABLES: Record<string, CsvTable<unknown>> = {
  series: table<SeriesPoint>(
    [
      ["period", (r) => r.bucket],
      ["visitors", (r) => r.visitors],
      ["visits", (r) => r.visits],
      ["pageviews", (r) => r.pageviews],
    ],
    (d) => d.series,
  ),
  pages: table(listColumns("page"), (d) => d.pages),
  entry: table(listColumns("entry_page"), (d) => d.lists.entry),
  referrer: table(listColumns("referrer_host"), (d) => d.lists.referrer),
  source: table(listColumns("utm_source"), (d) => d.lists.source),
  medium: table(listColumns("utm_medium"), (d) => d.lists.medium),
  campaign: table(listColumns("utm_campaign"), (d) => d.lists.campaign),
  device: table(listColumns("device"), (d) => d.lists.device),
  browser: table(listColumns("browser"), (d) => d.lists.browser),
  clicks: table<ClickRow>(
    [
      ["kind", (r) => (r.kind === "phone_call" ? "phone" : "email")],
      ["click_location", (r) => r.location ?? ""],
      ["visitors", (r) => r.count],
    ],
    (d) => d.clicks,
  ),
  "vitals-pages": table(vitalColumns("page"), (d) => d.vitals.pages),
  "vitals-families": table(vitalColumns("page_family"), (d) => d.vitals.families),
  "vitals-devices": table(vitalColumns("device"), (d) => d.vitals.devices),
};

export const isCsvTable = (name: string | null): name is string => name !== null && Object.hasOwn(CSV_TABLES, name);
