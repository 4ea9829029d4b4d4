import { site } from "~/config/site";

// One time zone on the server and in the browser (the office's), so the rendered text hydrates unchanged.
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: site.hours.timeZone });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: site.hours.timeZone });
const shortDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: site.hours.timeZone });

/** "Jan 5, 2026, 3:04 PM" in the office's time zone; "" for no date. */
export function formatDateTime(date: Date | string | null | undefined): string {
  return date ? dateTime.format(new Date(date)) : "";
}

/** "January 5, 2026". */
export const formatDate = (date: Date | string) => dateOnly.format(new Date(date));

/** "Jan 5, 2026" (for tables), in the office's time zone. */
export const formatShortDate = (date: Date | string) => shortDate.format(new Date(date));
