import { describe, expect, it } from "vitest";

import { startOfDay } from "~/auth/audit-query.server";
import { dateToZonedLocal, zonedLocalToDate } from "~/blog/blog-rules";
import { wallTimeToInstant } from "~/lib/time-zone";

const NY = "America/New_York";

describe("wall-clock times in the office's time zone", () => {
  it("reads a time in winter and in summer with that season's offset", () => {
    expect(new Date(wallTimeToInstant(Date.UTC(2026, 0, 15, 9, 30), NY)).toISOString()).toBe("2026-01-15T14:30:00.000Z");
    expect(new Date(wallTimeToInstant(Date.UTC(2026, 6, 15, 9, 30), NY)).toISOString()).toBe("2026-07-15T13:30:00.000Z");
  });

  it("settles on the day the clocks change", () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT; 09:00 that morning is already EDT.
    expect(new Date(wallTimeToInstant(Date.UTC(2026, 2, 8, 9, 0), NY)).toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(startOfDay("2026-03-08", NY).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDay("2026-11-01", NY).toISOString()).toBe("2026-11-01T04:00:00.000Z");
  });

  it("a blog post's publication time typed in the form is read in that zone, and a date that does not exist is refused", () => {
    expect(zonedLocalToDate("2026-07-01T09:30", NY)?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(zonedLocalToDate("2026-02-30T10:00", NY)).toBeNull();
    expect(zonedLocalToDate("tomorrow", NY)).toBeNull();
    // And back, for the form's datetime-local field, in either season.
    expect(dateToZonedLocal("2026-07-01T13:30:00.000Z", NY)).toBe("2026-07-01T09:30");
    expect(dateToZonedLocal(new Date("2026-01-05T05:07:00.000Z"), NY)).toBe("2026-01-05T00:07");
  });
});
