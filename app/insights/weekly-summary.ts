/**
 * Insights' weekly summary e-mail (docs/requirements/insights.md#insights-weekly-summary): when it is due
 * (Monday from 07:00 in the office's time zone), which week it sums up (the seven finished days
 * Monday to Sunday, against the seven before), and its text. Pure: the sender
 * (weekly-summary.server.ts) gathers the figures, this writes them out, and the unit tests check both.
 */
import { site } from "~/config/site";
import { formatCalendarDate } from "~/lib/format-date";

import { addDays, dashboardHref, dayOf, periodOf, type Period } from "./dashboard-params";
import { MIN_REPORTING_VISITORS } from "./fields";
import { VITAL_THRESHOLDS, vitalValue, type VitalMetric } from "./vitals";

/** The summary goes out from this hour on Monday, office time (the first hourly housekeeping run after it). */
export const SUMMARY_HOUR = 7;
/** How many referring sites and campaign sources the summary lists. */
export const SUMMARY_TOP = 5;
/** A referring site or campaign source is listed only when this many visitors brought it (anyone's browser can name one). */
export const SUMMARY_MIN_VISITORS = MIN_REPORTING_VISITORS;
/** How many newly poor pages it lists (the dashboard has them all). */
export const SUMMARY_POOR_PAGES_MAX = 10;
/** The two metrics the summary watches: a page whose 75th percentile turned poor in either is listed. */
export const SUMMARY_VITALS = ["LCP", "INP"] as const satisfies readonly VitalMetric[];

export interface SummaryWeek {
  /** The seven days summed up: Monday to Sunday, both finished. */
  week: Period;
  /** The seven days before them. */
  previous: Period;
}

/** 0 Sunday ... 6 Saturday, of a calendar day (YYYY-MM-DD). */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The week whose summary is due at `now`, or null: due all Monday from SUMMARY_HOUR in
 * `timeZone`, for the week that ended on Sunday. A server stopped all Monday skips that week
 * rather than sending it days late.
 */
export function dueSummaryWeek(now: number, timeZone: string): SummaryWeek | null {
  const today = dayOf(now, timeZone);
  if (weekday(today) !== 1) return null;
  const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(now));
  if (hour < SUMMARY_HOUR) return null;
  const week = periodOf("custom", addDays(today, -7), addDays(today, -1), timeZone);
  const previous = periodOf("custom", addDays(today, -14), addDays(today, -8), timeZone);
  return { week, previous };
}

/** One figure of this week beside the week before. */
export interface Compared {
  now: number;
  before: number;
}

export interface SourceRow {
  /** The referring site's host, or the utm_source value. */
  value: string;
  visits: number;
  /** Its visits the week before. */
  before: number;
}

export interface PoorPage {
  path: string;
  metric: VitalMetric;
  /** The 75th percentile this week (ms). */
  p75: number;
  samples: number;
  /** The 75th percentile the week before; null when the page had no samples of this metric. */
  before: number | null;
}

export interface WeeklySummary extends SummaryWeek {
  visitors: Compared;
  visits: Compared;
  /** Contact-form submissions. */
  leads: Compared;
  calls: Compared;
  emails: Compared;
  referrers: SourceRow[];
  sources: SourceRow[];
  /** Pages whose LCP or INP is poor this week and was not the week before. */
  newlyPoor: PoorPage[];
}

const count = new Intl.NumberFormat("en-US");
const plural = (n: number, word: string) => `${count.format(n)} ${word}${n === 1 ? "" : "s"}`;

/** "+12 %", "-3 %", "no change", "new" (nothing the week before), "" (nothing either week). */
export function changeText({ now, before }: Compared): string {
  if (before === 0) return now === 0 ? "" : "new";
  const percent = Math.round(((now - before) / before) * 100);
  return percent === 0 ? "no change" : `${percent > 0 ? "+" : ""}${percent} %`;
}

/** "Nov 16-22, 2026", "Nov 30-Dec 6, 2026", "Dec 28, 2026-Jan 3, 2027". */
export function weekLabel(period: Pick<Period, "from" | "to">): string {
  const [from, to] = [formatCalendarDate(period.from), formatCalendarDate(period.to)];
  const [fromMonth, fromDay, fromYear] = from.replace(",", "").split(" ");
  const [toMonth, toDay, toYear] = to.replace(",", "").split(" ");
  const short = (month: string) => month.slice(0, 3);
  if (fromYear !== toYear) return `${short(fromMonth)} ${fromDay}, ${fromYear}-${short(toMonth)} ${toDay}, ${toYear}`;
  if (fromMonth !== toMonth) return `${short(fromMonth)} ${fromDay}-${short(toMonth)} ${toDay}, ${toYear}`;
  return `${short(fromMonth)} ${fromDay}-${toDay}, ${toYear}`;
}

const row = (label: string, figure: Compared) =>
  `${label.padEnd(18)}${count.format(figure.now).padStart(9)}${count.format(figure.before).padStart(13)}   ${changeText(figure)}`.trimEnd();

/**
 * A name a browser reported, as plain text that no mail program turns into a link: in quotes, its
 * dots, colons, slashes and @ bracketed ("crossroadsit-login[.]example"), control and invisible
 * characters dropped, at most 60 characters.
 */
export function quotedName(value: string): string {
  const visible = [...value]
    .filter((c) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(c))
    .join("")
    .slice(0, 60);
  return `"${visible.replace(/[.:/@\\]/g, (c) => `[${c}]`)}"`;
}

function sourceLines(rows: SourceRow[], none: string): string[] {
  if (rows.length === 0) return [`  ${none}`];
  return rows.map((r) => `  ${quotedName(r.value)}: ${plural(r.visits, "visit")} (week before: ${count.format(r.before)})`);
}

function poorLines(pages: PoorPage[]): string[] {
  if (pages.length === 0) return ["  None: no page's LCP or INP turned poor this week."];
  const shown = pages.slice(0, SUMMARY_POOR_PAGES_MAX).map((p) => {
    const was = p.before === null ? "no samples the week before" : `${vitalValue(p.metric, p.before)} the week before`;
    return `  ${p.path}: ${p.metric} ${vitalValue(p.metric, p.p75)} (${plural(p.samples, "sample")}); ${was}`;
  });
  const more = pages.length - shown.length;
  return more > 0 ? [...shown, `  ...and ${more} more: see the dashboard's Web Vitals by page.`] : shown;
}

/**
 * The e-mail's subject and plain text (the site's other e-mails are plain text too). Everything
 * in it is a count or a page path, a referring site or a campaign source: no visitor's data.
 */
export function renderWeeklySummary(summary: WeeklySummary, siteUrl: string): { subject: string; text: string } {
  const { week, previous } = summary;
  const dashboard = `${siteUrl}${dashboardHref(week, {})}`;
  const lines = [
    `The ${site.brand} website's week in Insights: ${formatCalendarDate(week.from)} (Monday) to ${formatCalendarDate(week.to)} (Sunday),`,
    `compared with the week before (${weekLabel(previous)}). Days are in the office's time zone (${site.timeZone}).`,
    "",
    `${"".padEnd(18)}${"This week".padStart(9)}${"Week before".padStart(13)}   Change`,
    row("Visitors", summary.visitors),
    row("Visits", summary.visits),
    row("Contact requests", summary.leads),
    row("Phone taps", summary.calls),
    row("E-mail taps", summary.emails),
    "",
    "Contact requests are the requests the website stored. Everything else is reported by",
    "visitors' browsers: phone and e-mail taps are visits with at least one. Visitors are",
    "addresses counted once a day: someone who came on three days counts three times.",
    "",
    `Names below are reported by visitors' browsers and are shown as text, not links; only those`,
    `that at least ${SUMMARY_MIN_VISITORS} visitors brought are listed.`,
    "",
    `Top referring sites (visits):`,
    ...sourceLines(summary.referrers, "None: no referring site brought enough visitors to list."),
    "",
    `Top campaign sources (utm_source, visits):`,
    ...sourceLines(summary.sources, "None: no tagged campaign link brought enough visitors to list."),
    "",
    `Pages whose Web Vitals turned poor (75th percentile: ${SUMMARY_VITALS.map((m) => `${m} over ${vitalValue(m, VITAL_THRESHOLDS[m][1])}`).join(", ")}):`,
    ...poorLines(summary.newlyPoor),
    "",
    `The whole week on the dashboard: ${dashboard}`,
    "",
    "-- ",
    "You get this e-mail because you asked for the weekly summary on your account page.",
    `To stop it, untick "E-mail me the weekly summary" there and save: ${siteUrl}/account`,
    "",
  ];
  return { subject: `${site.brand} website: your week in Insights, ${weekLabel(week)}`, text: lines.join("\n") };
}
