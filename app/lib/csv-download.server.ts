/**
 * The admin area's CSV downloads (leads, audit log, Insights tables): the streamed file (RFC 4180,
 * safe against spreadsheet formulas: app/lib/csv.ts), read from the database in batches so no
 * export is held in memory. Their role check is app/auth/csv-guard.server.ts.
 */
import { CSV_BOM, csvRow } from "./csv";
import { PRIVATE_CACHE_CONTROL } from "./private-caching";

export type CsvColumns<Row> = readonly (readonly [string, (row: Row) => unknown])[];

export const plainText = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_CACHE_CONTROL } });

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
