/**
 * What /admin/insights and /admin/insights.csv both read (docs/requirements/insights.md#insights-dashboard):
 * the URL's period and filters, the figures of the period and the totals of the one before it,
 * and the visitors now. The CSV's tables are in its route module (app/routes/admin/insights-csv.ts).
 */
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";

import { droppedDays } from "./collect.server";
import { parseDashboardQuery, type DashboardQuery } from "./dashboard-params";
import { dashboardFigures, periodTotals, visitorsNow, type DashboardData, type Totals } from "./dashboard.server";
import { leadsByCampaign, type CampaignLeads } from "./lead-outcomes.server";
import { searchInsights, type SearchFigures } from "./searches.server";

export interface DashboardPage {
  query: DashboardQuery;
  data: DashboardData;
  previous: Totals;
  now: number;
  visitorsNow: number;
  retentionDays: number;
  /** The days of the period on which the site-wide budget dropped events, with how many. */
  dropped: { day: string; dropped: number }[];
  /** The period's leads by campaign and status, from the stored leads (app/insights/lead-outcomes.server.ts). */
  campaignLeads: CampaignLeads[];
  /** What visitors searched for in the period (docs/requirements/insights.md#searches). */
  searches: SearchFigures;
}

export async function loadDashboard(db: Database, url: URL, options: { retentionDays: number; now?: number }): Promise<DashboardPage> {
  const now = options.now ?? Date.now();
  const timeZone = site.timeZone;
  const query = parseDashboardQuery(url, now, timeZone);
  const common = { filters: query.filters, timeZone, retentionDays: options.retentionDays, now };
  const [data, previous, current, dropped, campaignLeads, searches] = await Promise.all([
    dashboardFigures(db, { ...common, period: query.period }),
    periodTotals(db, { ...common, period: query.previous }),
    visitorsNow(db, now),
    droppedDays(db, query.period.from, query.period.to),
    leadsByCampaign(db, { period: query.period, filters: query.filters }),
    searchInsights(db, { from: new Date(query.period.start), to: new Date(query.period.end) }),
  ]);
  return { query, data, previous, now, visitorsNow: current, retentionDays: options.retentionDays, dropped, campaignLeads, searches };
}
