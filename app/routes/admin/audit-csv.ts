/**
 * /admin/audit.csv: the audit entries of the page's current filter (?person=&event=&from=&to=), all
 * pages, as CSV (RFC 4180, safe against spreadsheet formulas: the leads export's writer).
 * Super-administrator only; streamed in batches.
 */
import type { Route } from "./+types/audit-csv";
import { ACCESS_DENIED_TEXT } from "~/auth/access-denied";
import { auditForExport, parseAuditFilter, type AuditEntryRow } from "~/auth/audit-query.server";
import { requireSuperAdmin } from "~/auth/session.server";
import { CSV_BOM, csvRow } from "~/leads/csv";
import { PRIVATE_CACHE_CONTROL } from "~/lib/private-caching";

const CSV_COLUMNS: [string, (entry: AuditEntryRow) => unknown][] = [
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

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL } });

/** A file download has no page to show Access Denied on: answer it as text with the same 403. */
async function guard(request: Request, context: Route.LoaderArgs["context"]): Promise<Response | null> {
  try {
    await requireSuperAdmin(request, context.services);
    return null;
  } catch (error) {
    const status = (error as { init?: ResponseInit | null })?.init?.status;
    if (status !== 403) throw error; // no session: the redirect to sign-in; or a real failure
    return text(403, `${ACCESS_DENIED_TEXT.title}. ${ACCESS_DENIED_TEXT.text}.`);
  }
}

const line = (entry: AuditEntryRow) => csvRow(CSV_COLUMNS.map(([, get]) => get(entry)));

export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = await guard(request, context);
  if (refused) return refused;
  const parsed = parseAuditFilter(new URL(request.url));
  if (!parsed.ok) return text(400, parsed.message);
  const batches = auditForExport(parsed.filter, context.services.db);
  // The first batch is read before answering, so a database failure is a clean error, not half a file.
  const first = await batches.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_COLUMNS.map(([name]) => name))));
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(first.value.map(line).join("")));
    },
    async pull(controller) {
      if (first.done) return;
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(line).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${date}.csv"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
