import { site } from "~/config/site";

/**
 * One time zone on the server and in the browser (the office's), so the rendered text hydrates
 * unchanged. Each formatter is made on first use: the first Intl.DateTimeFormat with a time zone
 * loads the browser's time-zone data (about 20 ms of main thread on a fast machine, 4x that on a
 * slow phone), which a page that shows no date should not pay while it hydrates (ADR 013).
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date | string) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat("en-US", { ...options, timeZone: site.timeZone })).format(new Date(date));
}

const dateTime = lazyFormat({ dateStyle: "medium", timeStyle: "short" });

/** "Jan 5, 2026, 3:04 PM" in the office's time zone; "" for no date. */
export function formatDateTime(date: Date | string | null | undefined): string {
  return date ? dateTime(date) : "";
}

/** "January 5, 2026". */
export const formatDate = lazyFormat({ dateStyle: "long" });

/** "Jan 5, 2026" (for tables), in the office's time zone. */
export const formatShortDate = lazyFormat({ dateStyle: "medium" });

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11-01" -> "November 1, 2026": a calendar date of the content, no time zone involved (and no Intl). */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
