/**
 * /admin/leads.csv: the leads of the list's current filter (?q=&status=), all pages, as CSV
 * (RFC 4180, safe against spreadsheet formulas). Streamed in batches: no size limit in memory.
 */
import { csvLoader } from "~/auth/csv-guard.server";
import { requireAdmin } from "~/auth/session.server";
import { parseLeadQuery } from "~/leads/query";
import { leadsForExport, type Lead } from "~/leads/store.server";
import { csvDownload, type CsvColumns } from "~/lib/csv-download.server";

import type { Route } from "./+types/leads-csv";

const CSV_COLUMNS: CsvColumns<Lead> = [
  ["id", (l) => l.id],
  ["received_at", (l) => l.createdAt],
  ["full_name", (l) => l.fullName],
  ["email", (l) => l.email],
  ["phone", (l) => l.phone],
  ["company", (l) => l.company],
  ["company_size", (l) => l.companySize],
  ["service", (l) => l.service],
  ["referral_source", (l) => l.referralSource],
  ["message", (l) => l.message],
  ["utm_source", (l) => l.utmSource],
  ["utm_medium", (l) => l.utmMedium],
  ["utm_campaign", (l) => l.utmCampaign],
  ["landing_page", (l) => l.landingPage],
  ["referrer_host", (l) => l.referrerHost],
  ["status", (l) => (l.handledAt ? "handled" : "open")],
  ["handled_at", (l) => l.handledAt],
  ["notification", (l) => l.notifyStatus],
  ["notified_at", (l) => l.notifiedAt],
];

export const loader = csvLoader(requireAdmin, async ({ request, context }: Route.LoaderArgs) => {
  const { q, status } = parseLeadQuery(new URL(request.url));
  return csvDownload(`leads-${status}`, CSV_COLUMNS, leadsForExport(context.services.db, { q, status }));
});
