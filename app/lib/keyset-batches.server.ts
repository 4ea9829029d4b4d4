/**
 * Rows read in keyset batches (ADR 018): `batchAfter(id)` answers the `size` rows that follow the
 * row `id` (the first batch: `undefined`), in the order of the index it reads; the batches end with
 * an empty or short one. The exports use it, so that none holds every row at once.
 */
export async function* keysetBatches<Row extends { id: string }>(
  batchAfter: (after: string | undefined) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await batchAfter(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}
