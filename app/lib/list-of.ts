/**
 * "A", "A and B", "A, B and C" (or "A, B, and C" with the serial comma, as Intl.ListFormat
 * writes it). Written out rather than Intl.ListFormat: the first use of an Intl formatter loads
 * locale data, 13 to 23 ms of a fast machine's main thread (four times that on a slow phone),
 * which a page would pay while it hydrates (ADR 013).
 */
export function listOf(items: readonly string[], { serialComma = false }: { serialComma?: boolean } = {}): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")}${serialComma ? "," : ""} and ${items[items.length - 1]}`;
}

/** 5000 -> "5,000": thousands separators without Number.prototype.toLocaleString (see listOf). */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
