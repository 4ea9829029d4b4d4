/**
 * /admin/insights.csv?table=...: one table of the Insights dashboard, every row, for the page's
 * period and filters (docs/requirements/insights.md#insights-dashboard), as CSV (RFC 4180, safe against
 * spreadsheet formulas: the leads export's writer). Administrators only.
 */
import { csvLoader } from "~/auth/csv-guard.server";
import { requireAdmin } from "~/auth/session.server";
import { env } from "~/env.server";
import { CSV_TABLES, isCsvTable, loadDashboard } from "~/insights/dashboard-page.server";
import { csvDownload, plainText } from "~/lib/csv-download.server";

import type { Route } from "./+types/insights-csv";

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
