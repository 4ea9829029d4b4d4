import { site } from "~/config/site";

// One time zone on the server and in the browser, so the rendered text hydrates unchanged.
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: site.hours.timeZone });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: site.hours.timeZone });

/** "Jan 5, 2026, 3:04 PM" in the office's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** "January 5, 2026". */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
