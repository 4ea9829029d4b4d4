/**
 * The admin area's CSV downloads (leads, audit log, Insights tables): the loader, the guard that
 * answers a refusal as text, and the streamed file (RFC 4180, safe against spreadsheet formulas:
 * app/lib/csv.ts), read from the database in batches so no export is held in memory.
 */
import { ACCESS_DENIED_TEXT } from "~/auth/access-denied";
import type { GuardServices } from "~/auth/session.server";

import { CSV_BOM, csvRow } from "./csv";
import { PRIVATE_CACHE_CONTROL } from "./private-caching";

export type CsvColumns<Row> = readonly (readonly [string, (row: Row) => unknown])[];

export const plainText = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL } });

/** A file download has no page to show Access Denied on: the same 403, as text. Null when allowed. */
export async function csvGuard(check: () => Promise<unknown>): Promise<Response | null> {
  try {
    await check();
    return null;
  } catch (error) {
    const status = (error as { init?: ResponseInit | null })?.init?.status;
    if (status !== 403) throw error; // no session: the redirect to sign-in; or a real failure
    return plainText(403, `${ACCESS_DENIED_TEXT.title}. ${ACCESS_DENIED_TEXT.text}.`);
  }
}

/**
 * The download of `batches` as `<name>-<today>.csv`. The first batch is read before answering, so a
 * database failure is a clean error, not half a file.
 */
export async function csvDownload<Row>(name: string, columns: CsvColumns<Row>, batches: AsyncGenerator<Row[]>): Promise<Response> {
  const line = (row: Row) => csvRow(columns.map(([, get]) => get(row)));
  const first = await batches.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(columns.map(([heading]) => heading))));
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
      "Content-Disposition": `attachment; filename="${name}-${date}.csv"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * The loader of an admin CSV download (leads, audit log, Insights tables): the role check first,
 * a refusal answered as text (csvGuard), then the file.
 */
export function csvLoader<Args extends { request: Request; context: { services: GuardServices } }>(
  guard: (services: GuardServices, request: Request) => Promise<unknown>,
  download: (args: Args) => Promise<Response>,
): (args: Args) => Promise<Response> {
  return async (args) => (await csvGuard(() => guard(args.context.services, args.request))) ?? download(args);
}
