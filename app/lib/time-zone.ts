/**
 * Wall-clock times in a named time zone (the office's, `site.hours.timeZone`) as instants, with
 * the platform's own time-zone data (Intl), for the audit log's date filters and the blog's
 * publication times.
 */

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
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
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
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
