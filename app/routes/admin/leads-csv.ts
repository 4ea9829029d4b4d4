/**
 * /admin/leads.csv: the leads of the list's current filter (?q=&status=&owner=), all pages, as CSV
 * (RFC 4180, safe against spreadsheet formulas), with each lead's status, owner and latest note.
 * Streamed in batches: no size limit in memory.
 */
import { csvLoader } from "~/auth/csv-guard.server";
import { requireLeads } from "~/auth/session.server";
import { ownerIdOf, parseLeadQuery } from "~/leads/query";
import { leadsForExport, type ExportRow } from "~/leads/store.server";
import { csvDownload, type CsvColumns } from "~/lib/csv-download.server";

import type { Route } from "./+types/leads-csv";

const CSV_COLUMNS: CsvColumns<ExportRow> = [
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
  ["status", (l) => l.status],
  ["owner", (l) => l.ownerEmail],
  ["latest_note", (l) => l.latestNote],
  ["latest_note_at", (l) => l.latestNoteAt],
  ["spam_reasons", (l) => (l.spamReasons ?? []).map((r) => r.text).join(" ")],
  ["notification", (l) => l.notifyStatus],
  ["notified_at", (l) => l.notifiedAt],
];

export const loader = csvLoader(requireLeads, async ({ request, context }: Route.LoaderArgs) => {
  const { q, status, owner } = parseLeadQuery(new URL(request.url));
  // The owner filter "me" needs who is asking; the guard above has let them in already.
  const me = owner === "me" ? await requireLeads(context.services, request) : null;
  const ownerId = ownerIdOf(owner, me?.user.id ?? "");
  return csvDownload(`leads-${status}`, CSV_COLUMNS, leadsForExport(context.services.db, { q, status, ownerId }));
});
