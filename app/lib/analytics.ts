/**
 * Analytics events for window.dataLayer (docs/requirements.md#analytics). Pure helpers plus a push
 * that never throws and never blocks rendering. No message text or contact details ever go here.
 */
import { prefixPattern, PRIVATE_PREFIXES } from "~/config/private-paths";

/** The fields of form_submit, after a successful contact submission: never the message, e-mail, name or phone. */
export interface FormSubmitPayload {
  form_type: string;
  company: string;
  referral_source: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

export type AnalyticsEvent =
  | { event: "page_view"; page_title: string; page_location: string }
  | { event: "phone_call"; click_location: string; phone_number: string; page_url: string }
  | { event: "email_click"; click_location: string; page_url: string }
  | ({ event: "form_submit" } & FormSubmitPayload)
  | { event: "web_vitals"; metric_name: string; metric_value: number; metric_rating: string; metric_id: string; page_location: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

/** The paths where nothing is measured (`isTrackedPath`); the head script and the gate carry it as a literal. */
export const PRIVATE_PATH = prefixPattern(PRIVATE_PREFIXES);

/**
 * Whether analytics may run on this path: not on the private paths (app/config/private-paths.ts:
 * staff areas, document viewers, the account, sign-in), where nothing is measured (no events, no tag manager).
 */
export function isTrackedPath(pathname: string): boolean {
  return !PRIVATE_PATH.test(pathname);
}

let listener: ((event: AnalyticsEvent) => void) | undefined;

/** Insights' sender (app/lib/insights-beacon.ts, loaded later) hears every event pushed from then on. */
export function listenToEvents(fn: (event: AnalyticsEvent) => void): void {
  listener = fn;
}

/** Pushes an event, unless the page shown is one where nothing is measured. */
export function pushEvent(event: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  if (!isTrackedPath(window.location.pathname)) return;
  try {
    (window.dataLayer ??= []).push(event);
    listener?.(event);
  } catch {
    // Analytics must never break the page.
  }
}

export function pageViewEvent(title: string, location: string): AnalyticsEvent {
  return { event: "page_view", page_title: title, page_location: location };
}

/**
 * The event for a click on a tel: or mailto: link, or null for any other link.
 * `clickLocation` is the nearest [data-click-location] of the link, "main" when none.
 */
export function contactClickEvent(href: string, clickLocation: string | null, pageUrl: string): AnalyticsEvent | null {
  const where = clickLocation || "main";
  if (href.startsWith("tel:")) {
    return { event: "phone_call", click_location: where, phone_number: href.slice(4), page_url: pageUrl };
  }
  if (href.startsWith("mailto:")) {
    return { event: "email_click", click_location: where, page_url: pageUrl };
  }
  return null;
}

/** docs/requirements.md#analytics: the tag manager loads only with a container id and without GPC or DNT. */
export function shouldLoadTagManager(gtmId: string | undefined | null, signals: { gpc?: boolean; dnt?: string | null }): boolean {
  if (!gtmId) return false;
  if (signals.gpc === true) return false;
  if (signals.dnt === "1" || signals.dnt === "yes") return false;
  return true;
}

/** Where the visit's landing page and campaign are kept (sessionStorage: for the visit only). */
export const VISIT_KEY = "crossroads:visit";

/**
 * On the first page of a visit: keeps its path, utm_source, utm_medium and utm_campaign, and the
 * host of the site whose link brought it (not its path) for the contact form
 * (docs/requirements.md#contact-form). Later pages of the visit change nothing. Self-contained
 * (it names nothing outside itself): the head script of every page carries its text and runs it
 * before the first paint (app/lib/first-paint.server.ts), so the visit is noted even when the
 * visitor leaves the landing page before it has hydrated.
 */
export function noteVisit(key: string): void {
  try {
    if (sessionStorage.getItem(key)) return;
    const { pathname, search } = window.location;
    const visit: Record<string, string> = { landing_page: (pathname + search).slice(0, 2000) };
    const params = new URLSearchParams(search);
    for (const name of ["utm_source", "utm_medium", "utm_campaign"]) {
      const value = params.get(name);
      if (value) visit[name] = value.slice(0, 200);
    }
    const from = document.referrer ? new URL(document.referrer) : undefined;
    if (from?.protocol.startsWith("http") && from.host !== window.location.host) visit.referrer_host = from.hostname;
    sessionStorage.setItem(key, JSON.stringify(visit));
  } catch {
    // Storage may be off: the form then sends what its own URL carries.
  }
}

/** `noteVisit` under the site's key. */
export const rememberVisit = (): void => noteVisit(VISIT_KEY);
