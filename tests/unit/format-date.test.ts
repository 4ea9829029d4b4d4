/** Dates are shown in the office's time zone (app/config/site.ts), on the server and in the browser alike. */
import { describe, expect, it } from "vitest";

import { formatCalendarDate, formatDate, formatDateTime, formatShortDate } from "~/lib/format-date";

// 03:30 UTC on 6 January is still 5 January in New York (the office's time zone).
const LATE_EVENING_IN_NEW_YORK = "2026-01-06T03:30:00Z";

describe("format-date", () => {
  it("formatShortDate gives the office's date, whatever the time zone of the process", () => {
    expect(formatShortDate(LATE_EVENING_IN_NEW_YORK)).toBe("Jan 5, 2026");
    expect(formatShortDate(new Date(LATE_EVENING_IN_NEW_YORK))).toBe("Jan 5, 2026");
  });

  it("formatDate and formatDateTime use the same time zone", () => {
    expect(formatDate(LATE_EVENING_IN_NEW_YORK)).toBe("January 5, 2026");
    expect(formatDateTime(LATE_EVENING_IN_NEW_YORK)).toBe("Jan 5, 2026, 10:30 PM");
    expect(formatDateTime(null)).toBe("");
  });
});

describe("formatCalendarDate", () => {
  it("writes a content date as Intl's long date style does, whatever the time zone", () => {
    for (const iso of ["2026-11-01", "2026-01-05", "2027-12-31"]) {
      expect(formatCalendarDate(iso)).toBe(new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso)));
    }
  });
});
