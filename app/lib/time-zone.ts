/**
 * Wall-clock times in a named time zone (the office's, `site.timeZone`) as instants, with
 * the platform's own time-zone data (Intl), for the audit log's date filters and the blog's
 * publication times.
 */

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the clocks of `timeZone` show at `instant` (24-hour). */
export function wallClockAt(instant: number | Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const c = wallClockAt(instant, timeZone);
  const local = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return local - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the clocks of `timeZone` show `wall` (a wall-clock time written as if it
 * were UTC, e.g. `Date.UTC(2026, 2, 8, 9, 30)`): the zone's offset applied twice, to settle
 * across a daylight-saving change.
 */
export function wallTimeToInstant(wall: number, timeZone: string): number {
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}
