/**
 * "When will we hear back?": the next time sales works on a new request, from the business hours
 * of the business facts (their days, opening and closing times) in the site's time zone. Holidays
 * are not known.
 */
import { site, type BusinessFacts } from "~/config/site";

/** The business hours of the facts the caller has (the published ones, or the page's). */
export type ReplyHours = Pick<BusinessFacts["hours"], "opens" | "closes" | "days">;

export interface ReplyTime {
  /** "today": received on a business day before closing; otherwise the next business day. */
  when: "today" | "tomorrow" | "later";
  /** The weekday sales will pick it up, e.g. "Monday". */
  day: string;
  /** Whether business hours have already started that day. */
  open: boolean;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/** "08:00" → "8AM", "17:30" → "5:30PM". */
export function clockLabel(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""}${h < 12 ? "AM" : "PM"}`;
}

export function replyTime(now: Date, hours: ReplyHours, timeZone: string = site.timeZone): ReplyTime {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = part("weekday");
  const minuteOfDay = Number(part("hour")) * 60 + Number(part("minute"));
  const businessDays = new Set<string>(hours.days);
  if (businessDays.has(weekday) && minuteOfDay < minutes(hours.closes)) {
    return { when: "today", day: weekday, open: minuteOfDay >= minutes(hours.opens) };
  }
  const today = WEEKDAYS.indexOf(weekday);
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = WEEKDAYS[(today + ahead) % 7];
    if (businessDays.has(day)) return { when: ahead === 1 ? "tomorrow" : "later", day, open: false };
  }
  return { when: "later", day: hours.days[0], open: false };
}

/** The sentence the thank-you state ends with, e.g. "tomorrow (Tuesday) after 8AM EST". */
export function replyTimeText(reply: ReplyTime, hours: Pick<ReplyHours, "opens" | "closes">, zoneLabel: string = site.zoneLabel): string {
  const opens = `${clockLabel(hours.opens)} ${zoneLabel}`;
  const closes = `${clockLabel(hours.closes)} ${zoneLabel}`;
  if (reply.when === "today") return reply.open ? `today, before ${closes}` : `this morning, after ${opens}`;
  if (reply.when === "tomorrow") return `tomorrow (${reply.day}) after ${opens}`;
  return `on ${reply.day} after ${opens}`;
}
