/**
 * CSV for the leads export: RFC 4180 (every field quoted, quotes doubled, CRLF between records),
 * and safe to open in a spreadsheet: a cell that begins with = + - @ TAB or CR would be read as a
 * formula there, so it gets a leading single quote (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A UTF-8 byte order mark, so that spreadsheet programs read accents and dashes correctly. */
export const CSV_BOM = "\uFEFF";
