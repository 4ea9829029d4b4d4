/**
 * Insights' collection (docs/requirements/insights.md#insights, ADR 021): POST /api/events from the site's
 * own pages, checked, answered at once, and written in batches.
 *
 * - Refused with a 4xx and a short plain message (never a 5xx, never an ERROR line): a foreign
 *   Origin (403), a body that is not JSON text (415), too large (413), unreadable or against the
 *   strict schema (400), past the per-address rate limit (429).
 * - Dropped with 204, nothing stored: a bot or headless browser (isbot), a browser that sends
 *   Global Privacy Control or Do Not Track, and the events of private paths.
 * - Accepted events wait in this process's queue and are written every FLUSH_EVERY_MS or at
 *   FLUSH_AT events. The visitor hash is made then, from the day's salt (insight_salts) and the
 *   client address; the address stays in memory until that moment and is never stored. When the
 *   database fails, the batch is dropped with a WARN line that counts it: analytics never retries.
 * - What a browser says is not taken on trust (docs/requirements/insights.md#insights): a contact request
 *   is counted from the stored lead (`recordLead`, called by the contact form's action), never from
 *   a browser's `form_submit`; a Web Vitals sample outside what a browser can measure is dropped,
 *   and the rest are rated here by Google's thresholds; a visitor is an address on a day, whatever
 *   user agents it claims; a page that sends more than VITALS_PER_PAGE samples of one metric a day
 *   has the rest dropped.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, getTableColumns, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";

import { isTrackedPath } from "~/analytics/analytics";
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import {
  insightEvents,
  insightSalts,
  insightSearches,
  insightVisits,
  type WEB_VITAL_RATINGS,
  type WebVitalMetric,
} from "~/db/schema.server";
import { browserFamily } from "~/lib/browser-name";
import { log as appLog } from "~/lib/log.server";
import { isCrossSiteWrite } from "~/lib/origins";
import { bodyRefusal, BodyTooLargeError, FORM_BODY_LIMIT, readBodyLimited } from "~/lib/request-body.server";
import { wallClockAt } from "~/lib/time-zone";

import { DAILY_RETENTION_MONTHS } from "./aggregates.server";
import { addMonths } from "./dashboard-params";
import { insightBatchSchema, type InsightEventInput } from "./event-schema.server";
import { deviceClass, referrerHost } from "./fields";
import { sitePageOf } from "./site-pages.server";
import { VITAL_THRESHOLDS } from "./vitals";

/** A batch of 50 events is a few KB; a body past this is refused before it is kept. */
export const EVENTS_BODY_LIMIT = 16 * 1024;
export const FLUSH_EVERY_MS = 1_000;
export const FLUSH_AT = 500;
/** Events waiting when the database is slow; past this, new ones are dropped (and counted in the WARN line). */
export const MAX_QUEUED = 20_000;
/** Per client address, per process: RATE_LIMIT_EVENTS events in RATE_LIMIT_WINDOW_MS. */
export const RATE_LIMIT_EVENTS = 600;
export const RATE_LIMIT_WINDOW_MS = 60_000;

type Row = typeof insightEvents.$inferInsert;

/** Who sent a request, for the visitor hash at the flush; never written anywhere. */
interface Sender {
  day: string;
  address: string;
}

interface Queued {
  sender: Sender;
  row: Omit<Row, "visitor" | "id">;
}

/** A search a visitor made on /search, waiting for the flush. */
interface QueuedSearch {
  sender: Sender;
  row: { at: Date; query: string; results: number };
}

export interface InsightsOptions {
  db: Database;
  /** SITE_URL: its host goes into the visitor hash; referrers from it are not kept. */
  siteUrl: string;
  /** The origins a browser's request may carry (app/lib/origins.ts trustedOrigins). */
  allowedOrigins: readonly string[];
  /** The time zone whose days the salts follow; default the office's. */
  timeZone?: string;
  /** The clock (tests move it to another day). */
  now?: () => number;
  log?: Pick<typeof appLog, "warn">;
  rateLimit?: { events: number; windowMs: number };
  /** The site-wide budget: events kept a minute and a day, by every process together (INSIGHTS_EVENTS_PER_*). */
  budget?: Budget;
  flushEveryMs?: number;
}

export interface Budget {
  perMinute: number;
  perDay: number;
}

/** The defaults of INSIGHTS_EVENTS_PER_MINUTE and INSIGHTS_EVENTS_PER_DAY (app/env.server.ts). */
export const DEFAULT_BUDGET: Budget = { perMinute: 5_000, perDay: 200_000 };

export interface InsightsCollector {
  /** Answers POST /api/events from `clientAddress`. */
  collect(request: Request, clientAddress: string): Promise<Response>;
  /**
   * Counts the contact request of a lead just stored, from the request that sent the form: the
   * one source of contact requests and conversions (a browser's own `form_submit` is not taken).
   * Nothing for a bot, or a browser that sends Global Privacy Control or Do Not Track.
   */
  recordLead(request: Request, clientAddress: string): void;
  /**
   * Records a search made on /search (docs/requirements/insights.md#searches), from the search's own
   * request: the query normalised (`searchQueryForInsights`; nothing when it looks like an e-mail
   * address or a phone number) and how many results it found. Nothing for a bot, or a browser that
   * sends Global Privacy Control or Do Not Track.
   */
  recordSearch(request: Request, clientAddress: string, query: string, results: number): void;
  /** Writes every event queued so far (and waits for a write under way). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is queued (graceful shutdown). */
  close(): Promise<void>;
}

/** "2026-05-01": the day of `instant` on the clocks of `timeZone`. */
export function dayIn(instant: number, timeZone: string): string {
  const c = wallClockAt(instant, timeZone);
  return `${c.year}-${String(c.month).padStart(2, "0")}-${String(c.day).padStart(2, "0")}`;
}

/**
 * Hex of SHA-256(salt ‖ address ‖ site host), its first 16 bytes. Not the user agent: a script can
 * claim a new one on every request, and each would count as one more visitor (ADR 021, amended).
 */
export function visitorHash(saltHex: string, address: string, siteHost: string): string {
  return createHash("sha256").update(Buffer.from(saltHex, "hex")).update(address).update(siteHost).digest().subarray(0, 16).toString("hex");
}

/** Characters of a search query Insights keeps. */
export const SEARCH_QUERY_MAX = 100;

/**
 * A search query as Insights keeps it: trimmed, lower case, spaces collapsed, at most
 * SEARCH_QUERY_MAX characters. Null (not kept at all) when it looks like personal data: an e-mail
 * address, or a phone number (seven digits or more, whatever separates them).
 */
export function searchQueryForInsights(query: string): string | null {
  const text = query.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
  if (!text) return null;
  if (/[^\s@]+@[^\s@]+/.test(text)) return null;
  if (/(?:\d[\s().\-/+]*){7,}/.test(text)) return null;
  return Array.from(text).slice(0, SEARCH_QUERY_MAX).join("").trim();
}

/**
 * What a browser can report of each Web Vital (web-vitals' own ranges, with room): a sample past
 * it (200 LCPs of 999,999,999 ms set a page's p75 past a million seconds) is not a measurement.
 * Times in milliseconds, CLS unitless.
 */
export const VITAL_LIMITS: Record<WebVitalMetric, number> = { LCP: 60_000, FCP: 60_000, TTFB: 60_000, INP: 60_000, CLS: 10 };
/** Samples of one metric kept per visitor, page and day; a real page view sends one. */
export const VITALS_PER_PAGE = 5;

/** The rating of a Web Vitals sample by Google's thresholds (app/insights/vitals.ts), not the browser's word. */
export function ratedVital(metric: WebVitalMetric, value: number): (typeof WEB_VITAL_RATINGS)[number] {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/**
 * The salt of `day`, made on first use by whichever process comes first (INSERT ... ON CONFLICT
 * DO NOTHING, then read back, so every process and host uses the same one). Making it also deletes
 * the salts of earlier days: after that, no hash of those days can be made again.
 */
export async function saltOfDay(db: Database, day: string): Promise<string> {
  await db
    .insert(insightSalts)
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select({ salt: insightSalts.salt }).from(insightSalts).where(eq(insightSalts.day, day));
  await db.delete(insightSalts).where(lt(insightSalts.day, day));
  return row.salt;
}

/**
 * Retention (the hourly housekeeping, app/auth/maintenance.server.ts): deletes the events older
 * than `retentionDays` with the visits worked out from them, the salts of days before today and the
 * budget's old counts (`pruneIntake`);
 * returns how many events went.
 */
export async function pruneInsights(
  db: Database,
  retentionDays: number,
  options: { now?: number; timeZone?: string } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const cutoff = new Date(now - retentionDays * 24 * 60 * 60_000);
  const deleted = await db.delete(insightEvents).where(lt(insightEvents.at, cutoff)).returning({ id: insightEvents.id });
  // The visits worked out from them go with them (they hold the same visitor hashes).
  await db.delete(insightVisits).where(lt(insightVisits.started, cutoff));
  // And the searches (docs/requirements/insights.md#searches), kept as long.
  await db.delete(insightSearches).where(lt(insightSearches.at, cutoff));
  const today = dayIn(now, options.timeZone ?? site.timeZone);
  await db.delete(insightSalts).where(lt(insightSalts.day, today));
  await pruneIntake(db, now, addMonths(today, -DAILY_RETENTION_MONTHS));
  return deleted.length;
}

/** "2026-11-29T15:04": the minute of `instant`, in UTC. */
const minuteOf = (instant: number) => new Date(instant).toISOString().slice(0, 16);

/**
 * Takes up to `wanted` events from the site-wide budget of the minute and the day of `at` (the
 * day in the office's time zone, `day`), for every process and host at once: the two rows of
 * insight_intake are locked, read and written in one transaction. Returns how many may be kept;
 * the rest are counted as dropped there, for the dashboard.
 */
export async function takeBudget(db: Database, wanted: number, at: number, day: string, budget: Budget): Promise<number> {
  if (wanted <= 0) return 0;
  const minute = minuteOf(at);
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into insight_intake (scope, period, accepted, dropped)
      values ('minute', ${minute}, 0, 0), ('day', ${day}, 0, 0) on conflict do nothing`);
    const found = await tx.execute<{ scope: string; accepted: number }>(sql`select scope, accepted from insight_intake
      where (scope = 'minute' and period = ${minute}) or (scope = 'day' and period = ${day}) order by scope for update`);
    const used = Object.fromEntries(found.rows.map((row) => [row.scope, Number(row.accepted)]));
    const granted = Math.max(0, Math.min(wanted, budget.perMinute - (used.minute ?? 0), budget.perDay - (used.day ?? 0)));
    await tx.execute(sql`update insight_intake set accepted = accepted + ${granted}, dropped = dropped + ${wanted - granted}
      where (scope = 'minute' and period = ${minute}) or (scope = 'day' and period = ${day})`);
    return granted;
  });
}

/** The days (office time zone) of `from`-`to` on which the budget dropped events, with how many. */
export async function droppedDays(db: Database, from: string, to: string): Promise<{ day: string; dropped: number }[]> {
  const found = await db.execute<{ day: string; dropped: number }>(sql`select period as day, dropped from insight_intake
    where scope = 'day' and period >= ${from} and period <= ${to} and dropped > 0 order by period`);
  return found.rows.map((row) => ({ day: row.day, dropped: Number(row.dropped) }));
}

/** The housekeeping's part: forgets the minutes of the budget after two days, its days with the daily aggregates. */
export async function pruneIntake(db: Database, now: number, oldestDay: string): Promise<void> {
  await db.execute(sql`delete from insight_intake where (scope = 'minute' and period < ${minuteOf(now - 2 * 86_400_000)})
    or (scope = 'day' and period < ${oldestDay})`);
}

/**
 * Events per client address in a fixed window. In this process's memory on purpose: counting in
 * the database would cost a write per request to protect writes that are cheap and batched, so
 * with N processes an address may send up to N times the limit. Ended windows are forgotten as
 * new requests come.
 */
export class EventRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts `n` events from `address`; false (nothing counted) when they would pass the limit. */
  take(address: string, n: number, now: number): boolean {
    if (now - this.lastSweep > this.windowMs) {
      for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
      this.lastSweep = now;
    }
    let window = this.windows.get(address);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    if (window.count + n > this.max) return false;
    window.count += n;
    return true;
  }

  retryAfterSeconds(address: string, now: number): number {
    const window = this.windows.get(address);
    return window ? Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) : 1;
  }
}

/** The driver's own message (drizzle's wraps it with the whole query and its values), short. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 200);
}

function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message || null, {
    status,
    headers: { "Cache-Control": "no-store", ...(message ? { "Content-Type": "text/plain; charset=utf-8" } : {}), ...headers },
  });
}

const dropped = () => plain(204, "");

/** Whether the private-path rule sees `path` as a public page (any case, percent-encoding undone). */
function publicPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Broken encoding: judged as sent.
  }
  return isTrackedPath(path.toLowerCase()) && isTrackedPath(decoded.toLowerCase());
}

export function createInsightsCollector(options: InsightsOptions): InsightsCollector {
  const { db, allowedOrigins } = options;
  const siteHost = new URL(options.siteUrl).host;
  const timeZone = options.timeZone ?? site.timeZone;
  const now = options.now ?? Date.now;
  const log = options.log ?? appLog;
  const limit = new EventRateLimit(options.rateLimit?.events ?? RATE_LIMIT_EVENTS, options.rateLimit?.windowMs ?? RATE_LIMIT_WINDOW_MS);
  const flushEveryMs = options.flushEveryMs ?? FLUSH_EVERY_MS;
  const budget = options.budget ?? DEFAULT_BUDGET;
  /** The minute of the last WARN about the budget: one line a minute at most. */
  let warnedMinute = "";

  let queue: Queued[] = [];
  let searchQueue: QueuedSearch[] = [];
  let overflow = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** The latest day's salt, so that a flush asks the database only on a new day. */
  let salt: { day: string; salt: string } | undefined;
  const vitalsKept = new DailyCounts(VITALS_PER_PAGE);

  async function saltFor(day: string): Promise<string> {
    if (salt?.day === day) return salt.salt;
    const value = await saltOfDay(db, day);
    if (!salt || day > salt.day) salt = { day, salt: value };
    return value;
  }

  async function write(batch: Queued[], searches: QueuedSearch[], full: number) {
    let written = 0;
    try {
      const salts = new Map<string, string>();
      for (const { sender } of [...batch, ...searches]) if (!salts.has(sender.day)) salts.set(sender.day, await saltFor(sender.day));
      const hashes = new Map<Sender, string>();
      const rows: Row[] = [];
      for (const { sender, row } of batch) {
        let visitor = hashes.get(sender);
        if (!visitor) {
          visitor = visitorHash(salts.get(sender.day)!, sender.address, siteHost);
          hashes.set(sender, visitor);
        }
        if (row.kind === "web_vital" && !vitalsKept.take(`${sender.day} ${visitor} ${row.path} ${row.metric}`, sender.day)) continue;
        rows.push({ ...row, visitor });
      }
      // The site-wide budget. A contact request (a stored lead, counted here) is never dropped.
      // Searches count in it as events do (after them).
      const at = now();
      const budgeted = rows.filter((row) => row.kind !== "form_submit");
      const granted = await takeBudget(db, budgeted.length + searches.length, at, dayIn(at, timeZone), budget);
      const searchesKept = searches.slice(0, Math.max(0, granted - budgeted.length));
      if (granted < budgeted.length + searches.length) {
        const over = new Set(budgeted.slice(granted));
        rows.splice(0, rows.length, ...rows.filter((row) => !over.has(row)));
        if (minuteOf(at) !== warnedMinute) {
          warnedMinute = minuteOf(at);
          log.warn(
            `Insights: dropped ${budgeted.length + searches.length - granted} events, the site-wide budget (${budget.perMinute} a minute, ${budget.perDay} a day) is used up; more are dropped until it frees, counted on the dashboard`,
          );
        }
      }
      for (let at = 0; at < rows.length; at += FLUSH_AT) {
        const chunk = rows.slice(at, at + FLUSH_AT);
        await db.execute(insertEvents(chunk));
        written += chunk.length;
      }
      if (searchesKept.length > 0) {
        await db
          .insert(insightSearches)
          .values(
            searchesKept.map(({ sender, row }) => ({ ...row, visitor: visitorHash(salts.get(sender.day)!, sender.address, siteHost) })),
          );
        written += searchesKept.length;
      }
    } catch (error) {
      log.warn(`Insights: dropped ${batch.length + searches.length - written} events, the database did not take them (${reasonOf(error)})`);
    }
    if (full > 0) log.warn(`Insights: dropped ${full} events, the queue was full`);
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    const searches = searchQueue;
    const full = overflow;
    queue = [];
    searchQueue = [];
    overflow = 0;
    if (batch.length > 0 || searches.length > 0 || full > 0) writing = writing.then(() => write(batch, searches, full));
    return writing;
  }

  function enqueue(items: Queued[]) {
    const room = MAX_QUEUED - queue.length;
    if (items.length > room) overflow += items.length - Math.max(0, room);
    queue.push(...items.slice(0, Math.max(0, room)));
    if (queue.length >= FLUSH_AT) void flush();
    else if (!timer && (queue.length > 0 || searchQueue.length > 0 || overflow > 0)) {
      timer = setTimeout(() => void flush(), flushEveryMs);
      timer.unref();
    }
  }

  async function collect(request: Request, clientAddress: string): Promise<Response> {
    const headers = request.headers;
    const cross = isCrossSiteWrite(
      request.method,
      { origin: headers.get("origin") ?? undefined, secFetchSite: headers.get("sec-fetch-site") ?? undefined },
      allowedOrigins,
    );
    if (cross) return plain(403, "Cross-site request refused.");
    if (request.method !== "POST") return plain(405, "Send events with POST.", { Allow: "POST" });

    // Nothing is kept for a bot, a headless browser or a browser that asks not to be tracked.
    const userAgent = headers.get("user-agent") ?? "";
    if (!userAgent || isbot(userAgent)) return dropped();
    if (headers.get("sec-gpc")?.trim() === "1" || headers.get("dnt")?.trim() === "1") return dropped();

    // JSON only; text/plain too, which is what navigator.sendBeacon sends a string as.
    const type = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/json" && type !== "text/plain") return plain(415, "Send the events as JSON.");

    let body: Uint8Array;
    try {
      body = await readBodyLimited(request, EVENTS_BODY_LIMIT, FORM_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return bodyRefusal(413);
      return plain(400, "The events could not be read.");
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    } catch {
      return plain(400, "The events are not JSON.");
    }
    const parsed = insightBatchSchema.safeParse(json);
    if (!parsed.success) return plain(400, "The events are not in the expected form.");

    const at = now();
    if (!limit.take(clientAddress, parsed.data.events.length, at)) {
      return plain(429, "Too many events; try again later.", { "Retry-After": String(limit.retryAfterSeconds(clientAddress, at)) });
    }

    const sender: Sender = { day: dayIn(at, timeZone), address: clientAddress };
    const requestHost = new URL(request.url).host;
    const device = deviceClass(parsed.data.width);
    const browser = browserFamily(userAgent);
    const pageOf = await sitePageOf(db);
    const items = parsed.data.events
      .filter(
        (event) =>
          publicPath(event.path) &&
          event.kind !== "form_submit" &&
          (event.kind !== "web_vital" || event.value <= VITAL_LIMITS[event.metric]),
      )
      .map((event): Queued => ({
        sender,
        row: rowOf({ ...event, path: pageOf(event.path) }, new Date(at), device, browser, [siteHost, requestHost]),
      }));
    if (items.length === 0) return dropped();
    enqueue(items);
    return plain(202, "");
  }

  function recordLead(request: Request, clientAddress: string) {
    const headers = request.headers;
    const userAgent = headers.get("user-agent") ?? "";
    if (!userAgent || isbot(userAgent)) return;
    if (headers.get("sec-gpc")?.trim() === "1" || headers.get("dnt")?.trim() === "1") return;
    const at = now();
    const row = rowOf({ kind: "form_submit", path: CONTACT_PAGE }, new Date(at), deviceOfUserAgent(userAgent), browserFamily(userAgent), [
      siteHost,
    ]);
    enqueue([{ sender: { day: dayIn(at, timeZone), address: clientAddress }, row }]);
  }

  function recordSearch(request: Request, clientAddress: string, query: string, results: number) {
    const headers = request.headers;
    const userAgent = headers.get("user-agent") ?? "";
    if (!userAgent || isbot(userAgent)) return;
    if (headers.get("sec-gpc")?.trim() === "1" || headers.get("dnt")?.trim() === "1") return;
    const kept = searchQueryForInsights(query);
    if (kept === null) return;
    const at = now();
    if (searchQueue.length >= MAX_QUEUED) {
      overflow++;
      return;
    }
    searchQueue.push({ sender: { day: dayIn(at, timeZone), address: clientAddress }, row: { at: new Date(at), query: kept, results } });
    enqueue([]);
  }

  return {
    collect,
    recordLead,
    recordSearch,
    flush,
    close: async () => {
      await flush();
    },
  };
}

/** The columns of insight_events an event fills: all but the generated id. */
const EVENT_COLUMNS = Object.entries(getTableColumns(insightEvents)).filter(([key]) => key !== "id") as [
  keyof Row,
  (typeof insightEvents)[keyof Row],
][];

/**
 * One INSERT for `rows` with one parameter per column (an array each, unnested in the database)
 * instead of one per value: a batch of 500 events is 16 parameters, not 8,000, which the driver
 * and the database take in a fraction of the time, and the server's event loop is free sooner to
 * answer the next requests (ADR 021).
 */
function insertEvents(rows: Row[]) {
  const columns = sql.join(
    EVENT_COLUMNS.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    EVENT_COLUMNS.map(([key, column]) => {
      const values = rows.map((row) => {
        const value = row[key] ?? null;
        return value instanceof Date ? value.toISOString() : value;
      });
      return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
    }),
    sql`, `,
  );
  return sql`insert into ${insightEvents} (${columns}) select * from unnest(${arrays})`;
}

function rowOf(event: InsightEventInput, at: Date, device: Row["device"], browser: string, ownHosts: string[]): Queued["row"] {
  return {
    at,
    kind: event.kind,
    path: event.path,
    referrerHost: referrerHost(event.referrer, ownHosts),
    utmSource: event.utm_source || null,
    utmMedium: event.utm_medium || null,
    utmCampaign: event.utm_campaign || null,
    utmTerm: event.utm_term || null,
    utmContent: event.utm_content || null,
    device,
    browser,
    clickLocation: "click_location" in event ? event.click_location : null,
    metric: event.kind === "web_vital" ? event.metric : null,
    value: event.kind === "web_vital" ? event.value : null,
    rating: event.kind === "web_vital" ? ratedVital(event.metric, event.value) : null,
  };
}

/** The page of the contact form, where a lead's contact request is counted. */
const CONTACT_PAGE = "/contact";

/** A device class from a user agent, for the one event the server itself records (a browser sends its width). */
function deviceOfUserAgent(userAgent: string): Row["device"] {
  if (/iPad|Tablet/i.test(userAgent)) return "tablet";
  return /Mobi|Android|iPhone/i.test(userAgent) ? "mobile" : "desktop";
}

/**
 * Counts per key for the current day, each up to `max`, in this process's memory (like the rate
 * limit: with N processes, up to N times `max`); a new day starts afresh, and a flood of keys
 * cannot make it grow without end.
 */
class DailyCounts {
  private day = "";
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one for `key` on `day`; false when it already had `max`. */
  take(key: string, day: string): boolean {
    if (day !== this.day || this.counts.size > 500_000) {
      this.day = day;
      this.counts.clear();
    }
    const n = this.counts.get(key) ?? 0;
    if (n >= this.max) return false;
    this.counts.set(key, n + 1);
    return true;
  }
}
