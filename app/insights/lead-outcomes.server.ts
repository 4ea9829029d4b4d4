/**
 * Leads by status per campaign, for the Insights dashboard (docs/requirements/insights.md#insights-dashboard):
 * how far the leads a campaign brought have come in the pipeline (new, contacted, qualified, won,
 * lost), read from the stored leads themselves. A lead carries the campaign of the visit that sent
 * it (`utm_campaign`, kept by the browser from the visit's landing page and posted with the form:
 * the same value Insights' events of that visit carry), so this is a grouping of the leads table,
 * not a join with the events: nothing is lost to the events' 30-day retention, and a lead whose
 * visitor is not counted by Insights (a browser sending Global Privacy Control, a bot's user agent)
 * still counts here. Spam is left out, as it is of the contact requests.
 */
import { and, eq, gte, isNull, lt, ne, sql, type SQL } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { leads } from "~/db/schema.server";

import { NONE, type Filters, type Period } from "./dashboard-params";
import { LEAD_FILTER_KEYS, type CampaignLeads } from "./lead-fields";

export type { CampaignLeads };

/** The campaigns the table lists, those with the most leads first. */
export const CAMPAIGN_LEADS_LIMIT = 10;

const FILTER_COLUMNS = { campaign: leads.utmCampaign, source: leads.utmSource, medium: leads.utmMedium } as const;

export async function leadsByCampaign(
  db: Database,
  options: { period: Pick<Period, "start" | "end">; filters: Filters },
): Promise<CampaignLeads[]> {
  const conditions: (SQL | undefined)[] = [
    gte(leads.createdAt, new Date(options.period.start)),
    lt(leads.createdAt, new Date(options.period.end)),
    ne(leads.status, "spam"),
  ];
  for (const key of LEAD_FILTER_KEYS) {
    const value = options.filters[key];
    if (value === undefined) continue;
    conditions.push(value === NONE ? isNull(FILTER_COLUMNS[key]) : eq(FILTER_COLUMNS[key], value));
  }
  const count = (status: string) => sql<number>`(count(*) filter (where ${leads.status} = ${status}))::int`;
  const rows = await db
    .select({
      campaign: leads.utmCampaign,
      leads: sql<number>`count(*)::int`,
      new: count("new"),
      contacted: count("contacted"),
      qualified: count("qualified"),
      won: count("won"),
      lost: count("lost"),
    })
    .from(leads)
    .where(and(...conditions))
    .groupBy(leads.utmCampaign)
    .orderBy(sql`count(*) desc`, sql`${leads.utmCampaign} asc nulls last`)
    .limit(CAMPAIGN_LEADS_LIMIT);
  return rows.map((r) => ({
    campaign: r.campaign,
    leads: Number(r.leads),
    new: Number(r.new),
    contacted: Number(r.contacted),
    qualified: Number(r.qualified),
    won: Number(r.won),
    lost: Number(r.lost),
  }));
}
