/**
 * The dashboard's table of leads by campaign and status (docs/requirements/insights.md#insights-dashboard):
 * its row and which of the dashboard's filters a lead can answer. Shared by the server's query
 * (lead-outcomes.server.ts) and the page.
 */

export interface CampaignLeads {
  /** The campaign (utm_campaign); null: leads without one. */
  campaign: string | null;
  leads: number;
  new: number;
  contacted: number;
  qualified: number;
  won: number;
  lost: number;
}

/** The dashboard's filters a lead can answer: its campaign, source and medium (the rest are the visit's). */
export const LEAD_FILTER_KEYS = ["campaign", "source", "medium"] as const;
