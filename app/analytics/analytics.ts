/**
 * Analytics events for window.dataLayer (docs/requirements/public-site.md#analytics). Pure helpers plus a push
 * that never throws and never blocks rendering. No message text or contact details ever go here.
 */
import { prefixPattern, PREVIEW_PARAM, PRIVATE_PREFIXES } from "~/config/private-paths";

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

/** Insights' sender (app/insights/insights-beacon.ts, loaded later) hears every event pushed from then on. */
export function listenToEvents(fn: (event: AnalyticsEvent) => void): void {
  listener = fn;
}

/** Pushes an event, unless the page shown is one where nothing is measured. */
export function pushEvent(event: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  // Nothing is measured on a private path or in a staff preview of a draft (?preview=).
  if (!isTrackedPath(window.location.pathname) || new URLSearchParams(window.location.search).has(PREVIEW_PARAM)) return;
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

/** The id of the tag manager's <script> element: whether it runs in this document. */
export const TAG_MANAGER_SCRIPT_ID = "gtm-script";

/**
 * Loads the tag manager (docs/requirements/public-site.md#analytics) in a document opened on a public page,
 * unless the browser sends Global Privacy Control or Do Not Track. Self-contained: the gate
 * carries its text and runs it, with the container's id, once the page is idle after load,
 * touched or not (app/first-paint/first-paint.server.ts); without a container it is not in the page.
 */
export function loadTagManager(gtmId: string, scriptId: string, privatePath: RegExp): void {
  try {
    if (privatePath.test(location.pathname) || document.getElementById(scriptId)) return;
    const dnt = navigator.doNotTrack;
    if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true || dnt === "1" || dnt === "yes") return;
    (window.dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.id = scriptId;
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
    document.head.appendChild(script);
  } catch {
    // Analytics must never break the page.
  }
}

/** On window: the path and query whose page view the gate pushed, until the hydrated page has seen it. */
export const FIRST_PAGE_VIEW = "__firstPageView";

/**
 * The page view of the document's own page, pushed as soon as the document is parsed (its title
 * is known), whether or not the visitor ever touches the page: the gate carries its text
 * (app/first-paint/first-paint.server.ts). It notes the address under `flag`, so that the hydrated page
 * (app/components/layout/analytics.tsx) does not push the same view again. Nothing on a private path.
 */
export function pushFirstPageView(flag: string, privatePath: RegExp): void {
  try {
    if (privatePath.test(location.pathname)) return;
    (window.dataLayer ??= []).push({ event: "page_view", page_title: document.title, page_location: location.href });
    (window as unknown as Record<string, string>)[flag] = location.pathname + location.search;
  } catch {
    // Analytics must never break the page.
  }
}

/**
 * Whether the page view of `pathAndQuery` was pushed by the gate and not yet claimed: true once,
 * for the hydrated page's first view of the document's own page (a jump to an anchor since then
 * is the same page).
 */
export function claimFirstPageView(pathAndQuery: string): boolean {
  const w = window as unknown as Record<string, string | undefined>;
  if (w[FIRST_PAGE_VIEW] !== pathAndQuery) return false;
  delete w[FIRST_PAGE_VIEW];
  return true;
}

/** Where the visit's landing page and campaign are kept (sessionStorage: for the visit only). */
export const VISIT_KEY = "crossroads:visit";

/**
 * On the first page of a visit: keeps its path, utm_source, utm_medium and utm_campaign, and the
 * host of the site whose link brought it (not its path) for the contact form
 * (docs/requirements/leads.md#contact-form). Later pages of the visit change nothing. Self-contained
 * (it names nothing outside itself): the head script of every page carries its text and runs it
 * before the first paint (app/first-paint/first-paint.server.ts), so the visit is noted even when the
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
