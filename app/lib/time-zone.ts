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

/**
 * A datetime-local value ("2026-05-01T09:30") read in `timeZone`, as an instant; null when it is
 * not a valid date and time.
 */
export function zonedLocalToDate(value: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(wallTimeToInstant(asUtc, timeZone));
}

/** An instant as a datetime-local value in `timeZone` ("2026-05-01T09:30"). */
export function dateToZonedLocal(date: Date | string, timeZone: string): string {
  const c = wallClockAt(new Date(date), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(c.year).padStart(4, "0")}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}`;
}
