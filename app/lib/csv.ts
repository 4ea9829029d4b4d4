/**
 * The CSV writer of every export (leads, audit log, Insights tables): RFC 4180 (every field
 * quoted, quotes doubled, CRLF between records), and safe to open in a spreadsheet (OWASP "CSV
 * injection"): a cell a spreadsheet could read as a formula gets a leading single quote. That is a
 * cell that begins with = + - @ TAB CR LF, with their full-width forms (＝ ＋ － ＠, which some
 * spreadsheets take for the ASCII ones), with ; | % or a quote, or with white space or an invisible
 * character (a space, a no-break space, a zero-width space or joiner, a byte order mark), behind
 * which any of these can hide.
 */

const FORMULA_START = /^[=+\-@\t\r\n;|%"＝＋－＠\s\u00a0\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\ufeff]/u;

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
