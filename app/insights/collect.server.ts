/**
 * Insights' collection (docs/requirements.md#insights, ADR 021): POST /api/events from the site's
 * own pages, checked, answered at once, and written in batches.
 *
 * - Refused with a 4xx and a short plain message (never a 5xx, never an ERROR line): a foreign
 *   Origin (403), a body that is not JSON text (415), too large (413), unreadable or against the
 *   strict schema (400), past the per-address rate limit (429).
 * - Dropped with 204, nothing stored: a bot or headless browser (isbot), a browser that sends
 *   Global Privacy Control or Do Not Track, and the events of private paths.
 * - Accepted events wait in this process's queue and are written every FLUSH_EVERY_MS or at
 *   FLUSH_AT events. The visitor hash is made then, from the day's salt (insight_salts); the
 *   address and user agent stay in memory until that moment and are never stored. When the
 *   database fails, the batch is dropped with a WARN line that counts it: analytics never retries.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, getTableColumns, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";

import { isCrossSiteWrite } from "~/auth/origins";
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import { insightEvents, insightSalts } from "~/db/schema.server";
import { isTrackedPath } from "~/lib/analytics";
import { browserFamily } from "~/lib/browser-name";
import { log as appLog } from "~/lib/log.server";
import { bodyRefusal, BodyTooLargeError, FORM_BODY_LIMIT, readBodyLimited } from "~/lib/request-body.server";
import { wallClockAt } from "~/lib/time-zone";

import { insightBatchSchema, type InsightEventInput } from "./event-schema.server";
import { deviceClass, referrerHost } from "./fields";

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
  userAgent: string;
}

interface Queued {
  sender: Sender;
  row: Omit<Row, "visitor" | "id">;
}

export interface InsightsOptions {
  db: Database;
  /** SITE_URL: its host goes into the visitor hash; referrers from it are not kept. */
  siteUrl: string;
  /** The origins a browser's request may carry (auth/origins.ts trustedOrigins). */
  allowedOrigins: readonly string[];
  /** The time zone whose days the salts follow; default the office's. */
  timeZone?: string;
  /** The clock (tests move it to another day). */
  now?: () => number;
  log?: Pick<typeof appLog, "warn">;
  rateLimit?: { events: number; windowMs: number };
  flushEveryMs?: number;
}

export interface InsightsCollector {
  /** Answers POST /api/events from `clientAddress`. */
  collect(request: Request, clientAddress: string): Promise<Response>;
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

/** Hex of SHA-256(salt ‖ address ‖ user agent ‖ site host), its first 16 bytes. */
export function visitorHash(saltHex: string, address: string, userAgent: string, siteHost: string): string {
  return createHash("sha256")
    .update(Buffer.from(saltHex, "hex"))
    .update(address)
    .update(userAgent)
    .update(siteHost)
    .digest()
    .subarray(0, 16)
    .toString("hex");
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
 * than `retentionDays` and the salts of days before today; returns how many events went.
 */
export async function pruneInsights(
  db: Database,
  retentionDays: number,
  options: { now?: number; timeZone?: string } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const cutoff = new Date(now - retentionDays * 24 * 60 * 60_000);
  const deleted = await db.delete(insightEvents).where(lt(insightEvents.at, cutoff)).returning({ id: insightEvents.id });
  await db.delete(insightSalts).where(lt(insightSalts.day, dayIn(now, options.timeZone ?? site.hours.timeZone)));
  return deleted.length;
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
  const timeZone = options.timeZone ?? site.hours.timeZone;
  const now = options.now ?? Date.now;
  const log = options.log ?? appLog;
  const limit = new EventRateLimit(options.rateLimit?.events ?? RATE_LIMIT_EVENTS, options.rateLimit?.windowMs ?? RATE_LIMIT_WINDOW_MS);
  const flushEveryMs = options.flushEveryMs ?? FLUSH_EVERY_MS;

  let queue: Queued[] = [];
  let overflow = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** The latest day's salt, so that a flush asks the database only on a new day. */
  let salt: { day: string; salt: string } | undefined;

  async function saltFor(day: string): Promise<string> {
    if (salt?.day === day) return salt.salt;
    const value = await saltOfDay(db, day);
    if (!salt || day > salt.day) salt = { day, salt: value };
    return value;
  }

  async function write(batch: Queued[], full: number) {
    let written = 0;
    try {
      const salts = new Map<string, string>();
      for (const { sender } of batch) if (!salts.has(sender.day)) salts.set(sender.day, await saltFor(sender.day));
      const hashes = new Map<Sender, string>();
      const rows: Row[] = batch.map(({ sender, row }) => {
        let visitor = hashes.get(sender);
        if (!visitor) {
          visitor = visitorHash(salts.get(sender.day)!, sender.address, sender.userAgent, siteHost);
          hashes.set(sender, visitor);
        }
        return { ...row, visitor };
      });
      for (let at = 0; at < rows.length; at += FLUSH_AT) {
        const chunk = rows.slice(at, at + FLUSH_AT);
        await db.execute(insertEvents(chunk));
        written += chunk.length;
      }
    } catch (error) {
      log.warn(`Insights: dropped ${batch.length - written} events, the database did not take them (${reasonOf(error)})`);
    }
    if (full > 0) log.warn(`Insights: dropped ${full} events, the queue was full`);
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    const full = overflow;
    queue = [];
    overflow = 0;
    if (batch.length > 0 || full > 0) writing = writing.then(() => write(batch, full));
    return writing;
  }

  function enqueue(items: Queued[]) {
    const room = MAX_QUEUED - queue.length;
    if (items.length > room) overflow += items.length - Math.max(0, room);
    queue.push(...items.slice(0, Math.max(0, room)));
    if (queue.length >= FLUSH_AT) void flush();
    else if (!timer && (queue.length > 0 || overflow > 0)) {
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

    const sender: Sender = { day: dayIn(at, timeZone), address: clientAddress, userAgent };
    const requestHost = new URL(request.url).host;
    const device = deviceClass(parsed.data.width);
    const browser = browserFamily(userAgent);
    const items = parsed.data.events
      .filter((event) => publicPath(event.path))
      .map((event): Queued => ({ sender, row: rowOf(event, new Date(at), device, browser, [siteHost, requestHost]) }));
    if (items.length === 0) return dropped();
    enqueue(items);
    return plain(202, "");
  }

  return {
    collect,
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
    rating: event.kind === "web_vital" ? event.rating : null,
  };
}
