/**
 * /admin/insights.csv?table=...: one table of the Insights dashboard, every row, for the page's
 * period and filters (docs/requirements/insights.md#insights-dashboard), as CSV (RFC 4180, safe against
 * spreadsheet formulas: the leads export's writer). Administrators only.
 */
import { csvLoader } from "~/auth/csv-guard.server";
import { requireAdmin } from "~/auth/session.server";
import { env } from "~/env.server";
import { loadDashboard } from "~/insights/dashboard-page.server";
import type { ClickRow, DashboardData, ListRow, SeriesPoint } from "~/insights/dashboard.server";
import type { VitalRow } from "~/insights/vitals";
import { csvDownload, plainText, type CsvColumns } from "~/lib/csv-download.server";

import type { Route } from "./+types/insights-csv";

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
const CSV_TABLES: Record<string, CsvTable<unknown>> = {
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

const isCsvTable = (name: string | null): name is string => name !== null && Object.hasOwn(CSV_TABLES, name);

async function* once<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  if (rows.length > 0) yield rows;
}

export const loader = csvLoader(requireAdmin, async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const name = url.searchParams.get("table");
  if (!isCsvTable(name)) return plainText(400, `Unknown table. Choose one of: ${Object.keys(CSV_TABLES).join(", ")}.`);
  const page = await loadDashboard(context.services.db, url, { retentionDays: env().INSIGHTS_RETENTION_DAYS });
  if (page.query.problems.length > 0) return plainText(400, page.query.problems.join(" "));
  const { columns, rows } = CSV_TABLES[name];
  const { from, to } = page.query.period;
  return csvDownload(`insights-${name}-${from}-to-${to}`, columns, once(rows(page.data))); // + "-<today>.csv"
});
