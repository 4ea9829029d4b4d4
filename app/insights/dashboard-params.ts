/**
 * The Insights dashboard's address (docs/requirements/insights.md#insights-dashboard): the period
 * (?period=today|7d|30d|12m, or ?from=&to= days), the filters (?page=&entry=&referrer=&source=
 * &medium=&campaign=&device=&browser=), read from the URL and written back to links. Days are
 * calendar days in the office's time zone. Pure: the page, its CSV export and the unit tests share it.
 */
import { hasControlCharacter } from "~/lib/control-characters";
import { wallClockAt, wallTimeToInstant } from "~/lib/time-zone";

export const PERIODS = { today: "Today", "7d": "Last 7 days", "30d": "Last 30 days", "12m": "Last 12 months" } as const;
export type PresetPeriod = keyof typeof PERIODS;
export const DEFAULT_PERIOD: PresetPeriod = "7d";
/** The longest custom range, in months, as long as the daily aggregates are kept. */
export const MAX_RANGE_MONTHS = 25;
/** A filter value: as long as a stored path may be. */
export const FILTER_VALUE_MAX = 512;
/** The value of a filter on "none" (a visit without a referrer, a campaign...). */
export const NONE = "(none)";
/** The device classes (the schema's, app/db/schema.server.ts, which the browser cannot import). */
const DEVICES: readonly string[] = ["mobile", "tablet", "desktop"];

/** Filter name in the URL → what it narrows, in the page's words. */
export const FILTERS = {
  page: "Page",
  entry: "Entry page",
  referrer: "Referring site",
  source: "Campaign source",
  medium: "Campaign medium",
  campaign: "Campaign",
  device: "Device",
  browser: "Browser",
} as const;
export type FilterKey = keyof typeof FILTERS;
export const FILTER_KEYS = Object.keys(FILTERS) as FilterKey[];
export type Filters = Partial<Record<FilterKey, string>>;

export interface Period {
  /** What was asked: a preset, or "custom". */
  key: PresetPeriod | "custom";
  /** First and last day (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  /** [start, end) instants of those days. */
  start: number;
  end: number;
  /** The chart's buckets are hours (one day) or days. */
  hourly: boolean;
}

export interface DashboardQuery {
  period: Period;
  /** The period just before, as long. */
  previous: Period;
  filters: Filters;
  /** Parameters that were not valid and were left out or replaced, in plain words. */
  problems: string[];
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (years 2000-9999), or null. */
export function parseDay(value: string): string | null {
  const match = DAY_PATTERN.exec(value.trim());
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return value.trim();
}

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export const addDays = (day: string, n: number): string => toDay(dayMs(day) + n * 86_400_000);

/** The same day `n` months later (or earlier), the month's last day when it has fewer days. */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))];
  const last = new Date(Date.UTC(y, m + n + 1, 0)).getUTCDate();
  return toDay(Date.UTC(y, m + n, Math.min(d, last)));
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / 86_400_000) + 1;

/** The day (YYYY-MM-DD) of `instant` on the clocks of `timeZone`. */
export function dayOf(instant: number, timeZone: string): string {
  const c = wallClockAt(instant, timeZone);
  return `${c.year}-${String(c.month).padStart(2, "0")}-${String(c.day).padStart(2, "0")}`;
}

/** The instant `day` begins in `timeZone` (midnight, or the first hour after a skipped one). */
export const dayStart = (day: string, timeZone: string): number => wallTimeToInstant(dayMs(day), timeZone);

export function periodOf(key: Period["key"], from: string, to: string, timeZone: string): Period {
  return { key, from, to, start: dayStart(from, timeZone), end: dayStart(addDays(to, 1), timeZone), hourly: from === to };
}

/** The period of as many days just before `period`. */
export function previousPeriod(period: Period, timeZone: string): Period {
  const length = daysBetween(period.from, period.to);
  return periodOf(period.key, addDays(period.from, -length), addDays(period.from, -1), timeZone);
}

export function presetPeriod(key: PresetPeriod, today: string, timeZone: string): Period {
  const from =
    key === "today" ? today : key === "7d" ? addDays(today, -6) : key === "30d" ? addDays(today, -29) : addDays(addMonths(today, -12), 1);
  return periodOf(key, from, today, timeZone);
}

function cleanFilter(key: FilterKey, raw: string): string | { problem: string } {
  const label = FILTERS[key];
  if (raw.length > FILTER_VALUE_MAX || hasControlCharacter(raw))
    return { problem: `The ${label.toLowerCase()} filter is not valid and was left out.` };
  const value = raw.trim();
  if (key === "device" && !DEVICES.includes(value))
    return { problem: "The device filter must be mobile, tablet or desktop; it was left out." };
  return value;
}

/** Reads the period and filters of the dashboard's URL; anything invalid falls back and is named in `problems`. */
export function parseDashboardQuery(url: URL, now: number, timeZone: string): DashboardQuery {
  const problems: string[] = [];
  const params = url.searchParams;
  const today = dayOf(now, timeZone);
  const rawFrom = params.get("from")?.trim() ?? "";
  const rawTo = params.get("to")?.trim() ?? "";
  const rawPeriod = params.get("period") ?? "";
  let period: Period | null = null;
  if (rawFrom || rawTo || rawPeriod === "custom") {
    const from = parseDay(rawFrom.slice(0, 20));
    let to = rawTo ? parseDay(rawTo.slice(0, 20)) : today;
    if (!from || !to) problems.push("Enter both dates as real days (YYYY-MM-DD). Showing the last 7 days instead.");
    else if (from > today) problems.push("The start date is in the future. Showing the last 7 days instead.");
    else if (from > to) problems.push("The start date is after the end date. Showing the last 7 days instead.");
    else if (to >= addMonths(from, MAX_RANGE_MONTHS))
      problems.push(`Choose a range of at most ${MAX_RANGE_MONTHS} months. Showing the last 7 days instead.`);
    else {
      if (to > today) to = today;
      period = periodOf("custom", from, to, timeZone);
    }
  } else if (rawPeriod && !Object.hasOwn(PERIODS, rawPeriod)) {
    problems.push("That period is not one of the choices. Showing the last 7 days instead.");
  }
  period ??= presetPeriod(Object.hasOwn(PERIODS, rawPeriod) ? (rawPeriod as PresetPeriod) : DEFAULT_PERIOD, today, timeZone);
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === "") continue;
    const value = cleanFilter(key, raw);
    if (typeof value === "string") filters[key] = value;
    else problems.push(value.problem);
  }
  return { period, previous: previousPeriod(period, timeZone), filters, problems };
}

/** The dashboard's (or its CSV export's) address for `period` and `filters`, plus `extra` parameters. */
export function dashboardHref(
  period: Pick<Period, "key" | "from" | "to">,
  filters: Filters,
  base = "/admin/insights",
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  if (period.key === "custom") {
    params.set("from", period.from);
    params.set("to", period.to);
  } else if (period.key !== DEFAULT_PERIOD) params.set("period", period.key);
  for (const key of FILTER_KEYS) if (filters[key] !== undefined) params.set(key, filters[key]);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
