/**
 * /admin/leads.csv: the leads of the list's current filter (?q=&status=), all pages, as CSV
 * (RFC 4180, safe against spreadsheet formulas). Streamed in batches: no size limit in memory.
 */
import type { Route } from "./+types/leads-csv";
import { ACCESS_DENIED_TEXT } from "~/auth/access-denied";
import { requireAdmin } from "~/auth/session.server";
import { CSV_BOM, csvRow } from "~/leads/csv";
import { parseLeadQuery } from "~/leads/query";
import { leadsForExport, type Lead } from "~/leads/store.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/private-caching";

const CSV_COLUMNS: [string, (lead: Lead) => unknown][] = [
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
  ["status", (l) => (l.handledAt ? "handled" : "open")],
  ["handled_at", (l) => l.handledAt],
  ["notification", (l) => l.notifyStatus],
  ["notified_at", (l) => l.notifiedAt],
];

/** A file download has no page to show Access Denied on: answer it as text with the same 403. */
async function guard(request: Request, context: Route.LoaderArgs["context"]): Promise<Response | null> {
  try {
    await requireAdmin(request, context.services);
    return null;
  } catch (error) {
    const status = (error as { init?: ResponseInit | null })?.init?.status;
    if (status !== 403) throw error; // no session: the redirect to sign-in; or a real failure
    return new Response(`${ACCESS_DENIED_TEXT.title}. ${ACCESS_DENIED_TEXT.text}.`, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = await guard(request, context);
  if (refused) return refused;
  const { q, status } = parseLeadQuery(new URL(request.url));
  const batches = leadsForExport({ q, status }, undefined, context.services.db);
  // The first batch is read before answering, so a database failure is a clean error, not half a file.
  const first = await batches.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_COLUMNS.map(([name]) => name))));
      if (!first.done)
        controller.enqueue(encoder.encode(first.value.map((lead) => csvRow(CSV_COLUMNS.map(([, get]) => get(lead)))).join("")));
      if (first.done) controller.close();
    },
    async pull(controller) {
      if (first.done) return;
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map((lead) => csvRow(CSV_COLUMNS.map(([, get]) => get(lead)))).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${status}-${date}.csv"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
