/**
 * Insights' pure rules (docs/requirements/insights.md#insights): the device class of a viewport width and
 * the referring site's host. The server applies them to what a browser sends.
 */
import type { DeviceClass } from "~/db/schema.server";

/** What an event whose path is no page of the site is stored under (app/insights/site-pages.server.ts). */
export const OTHER_PAGE = "other";

/**
 * Visitors a value a browser reports (a referring site, a campaign's source, medium or name) must
 * come from before the weekly e-mail lists it, and below which the dashboard marks it.
 */
export const MIN_REPORTING_VISITORS = 3;

/** From the viewport width the browser sends: under 768 px a phone, under 1024 px a tablet, else a desktop. */
export function deviceClass(width: number): DeviceClass {
  if (width < 768) return "mobile";
  if (width < 1024) return "tablet";
  return "desktop";
}

/**
 * The host of a referrer URL, lower case and without a port, or null: for none, for anything but
 * an http(s) URL, and for this site itself (`ownHosts`: its host, and the host the request came to).
 */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  if (!host || ownHosts.some((own) => own.toLowerCase().replace(/:\d+$/, "") === host)) return null;
  return host.slice(0, 255);
}
