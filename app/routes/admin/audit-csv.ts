/**
 * /admin/audit.csv: the audit entries of the page's current filter (?person=&event=&from=&to=), all
 * pages, as CSV (RFC 4180, safe against spreadsheet formulas: the leads export's writer).
 * Super-administrator only; streamed in batches.
 */
import { auditForExport, parseAuditFilter, type AuditEntryRow } from "~/auth/audit-query.server";
import { csvLoader } from "~/auth/csv-guard.server";
import { requireSuperAdmin } from "~/auth/session.server";
import { csvDownload, plainText, type CsvColumns } from "~/lib/csv-download.server";

import type { Route } from "./+types/audit-csv";

const CSV_COLUMNS: CsvColumns<AuditEntryRow> = [
  ["at", (e) => e.at],
  ["event", (e) => e.event],
  ["outcome", (e) => e.outcome],
  ["actor_email", (e) => e.actorEmail],
  ["target_email", (e) => e.targetEmail],
  ["ip_address", (e) => e.ipAddress],
  ["user_agent", (e) => e.userAgent],
  ["detail", (e) => e.detail],
  ["actor_id", (e) => e.actorId],
  ["target_id", (e) => e.targetId],
  ["id", (e) => e.id],
];

export const loader = csvLoader(requireSuperAdmin, async ({ request, context }: Route.LoaderArgs) => {
  const parsed = parseAuditFilter(new URL(request.url));
  if (!parsed.ok) return plainText(400, parsed.message);
  return csvDownload("audit-log", CSV_COLUMNS, auditForExport(context.services.db, parsed.filter));
});
