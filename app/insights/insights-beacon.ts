/**
 * Insights' sender in the browser (docs/requirements/insights.md#insights): the events the site pushes to
 * dataLayer (app/analytics/analytics.ts), as the few fields Insights keeps, sent to POST /api/events in
 * one JSON batch when the page is hidden and at most every SEND_EVERY_MS otherwise. Loaded after
 * hydration (app/components/layout/analytics.tsx) and kept out of the shared chunk
 * (vite.config.ts), so it adds nothing to a page's first load. Nothing is stored in the browser,
 * and nothing is sent when the browser sends Global Privacy Control or Do Not Track.
 */
import { isTrackedPath, listenToEvents } from "~/analytics/analytics";
import { PREVIEW_PARAM } from "~/config/private-paths";

export const ENDPOINT = "/api/events";
export const SEND_EVERY_MS = 5_000;
/** The server's limits (app/insights/event-schema.server.ts): 50 events and 16 KB a request; this stays under both. */
const MAX_EVENTS = 50;
const MAX_BYTES = 12_000;
const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

export interface InsightEvent {
  kind: "page_view" | "phone_call" | "email_click" | "web_vital";
  path: string;
  referrer?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  click_location?: string;
  metric?: string;
  value?: number;
  rating?: string;
}

/** `text` without control characters (the server refuses them), cut to `max`. */
const clean = (text: string, max: number) =>
  [...text]
    .filter((c) => c > "\u001f" && (c < "\u007f" || c > "\u009f"))
    .join("")
    .slice(0, max);

/** The utm_* parameters of a query string that have a value, each at most 100 characters (the server's limits, app/insights/event-schema.server.ts). */
export function utmOf(search: string): Partial<Record<(typeof UTM_KEYS)[number], string>> {
  const params = new URLSearchParams(search);
  const utm: Partial<Record<(typeof UTM_KEYS)[number], string>> = {};
  for (const key of UTM_KEYS) {
    const value = clean(params.get(key)?.trim() ?? "", 100);
    if (value) utm[key] = value;
  }
  return utm;
}

/**
 * The Insights event for an item of dataLayer, or null (another kind of item, a private path, a
 * form submission: the server counts contact requests from the leads it stores).
 * Its page is the URL the event names (page_location, page_url), else `pageUrl`; `referrer` goes
 * with a page view only.
 */
export function insightOf(item: unknown, pageUrl: string, referrer = ""): InsightEvent | null {
  if (!item || typeof item !== "object") return null;
  const e = item as Record<string, unknown>;
  let url: URL;
  try {
    url = new URL(String(e.page_location ?? e.page_url ?? pageUrl), pageUrl);
  } catch {
    return null;
  }
  if (!isTrackedPath(url.pathname) || url.searchParams.has(PREVIEW_PARAM)) return null;
  const page = { path: url.pathname.slice(0, 256), ...utmOf(url.search) };
  switch (e.event) {
    case "page_view":
      return { kind: "page_view", ...page, ...(referrer ? { referrer: clean(referrer, 1024) } : {}) };
    case "phone_call":
    case "email_click":
      return { kind: e.event, ...page, click_location: String(e.click_location) };
    case "web_vitals":
      return { kind: "web_vital", ...page, metric: String(e.metric_name), value: Number(e.metric_value), rating: String(e.metric_rating) };
  }
  return null;
}

/** The bodies to send for `events`: each within MAX_EVENTS and MAX_BYTES. */
export function batchesOf(events: InsightEvent[], width: number): string[] {
  const bodies: string[] = [];
  let batch: InsightEvent[] = [];
  const body = (list: InsightEvent[]) => JSON.stringify({ width, events: list });
  for (const event of events) {
    const next = [...batch, event];
    if (batch.length > 0 && (next.length > MAX_EVENTS || new TextEncoder().encode(body(next)).length > MAX_BYTES)) {
      bodies.push(body(batch));
      batch = [event];
    } else batch = next;
  }
  if (batch.length > 0) bodies.push(body(batch));
  return bodies;
}

let started = false;

/** Set on window once the sender runs: from then on it sends the page's view itself. */
export const INSIGHTS_RUNNING = "__insightsRunning";

/**
 * The page view of a page left before the sender ran (its page was never hydrated: the visitor
 * read it and left without touching it), sent by the gate's `pagehide` listener
 * (app/first-paint/first-paint.server.ts): the same event `insightOf` makes of a page view, with the
 * same rules (nothing with Global Privacy Control or Do Not Track, nothing on a private path).
 * Self-contained (it names nothing outside itself): the gate carries its text.
 */
export function sendUnhydratedPageView(endpoint: string, privatePath: RegExp): void {
  try {
    const dnt = navigator.doNotTrack;
    if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true || dnt === "1" || dnt === "yes") return;
    if (privatePath.test(location.pathname)) return;
    // eslint-disable-next-line no-control-regex -- the control characters the server refuses
    const clean = (text: string, max: number) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").slice(0, max);
    const event: Record<string, string> = { kind: "page_view", path: location.pathname.slice(0, 256) };
    const params = new URLSearchParams(location.search);
    for (const key of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]) {
      const value = clean(params.get(key)?.trim() ?? "", 100);
      if (value) event[key] = value;
    }
    if (document.referrer) event.referrer = clean(document.referrer, 1024);
    navigator.sendBeacon(endpoint, JSON.stringify({ width: Math.round(innerWidth), events: [event] }));
  } catch {
    // Insights must never break the page.
  }
}

/** Starts sending: the events already in dataLayer, then every event pushed. Once per document. */
export function startInsights(): void {
  if (started) return;
  started = true;
  (window as unknown as Record<string, unknown>)[INSIGHTS_RUNNING] = true;
  const dnt = navigator.doNotTrack;
  if (navigator.globalPrivacyControl === true || dnt === "1" || dnt === "yes") return;

  let queue: InsightEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The referrer describes how the document was reached: it goes with its first page view.
  let referrer = document.referrer;

  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    const events = queue;
    queue = [];
    for (const body of batchesOf(events, Math.round(window.innerWidth))) {
      try {
        if (!navigator.sendBeacon?.(ENDPOINT, body)) void fetch(ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
      } catch {
        // Insights must never break the page.
      }
    }
  };

  const take = (item: unknown) => {
    const event = insightOf(item, window.location.href, referrer);
    if (!event) return;
    if (event.kind === "page_view") referrer = "";
    queue.push(event);
    timer ??= setTimeout(send, SEND_EVERY_MS);
  };

  for (const item of window.dataLayer ?? []) take(item);
  listenToEvents(take);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  window.addEventListener("pagehide", send);
}
