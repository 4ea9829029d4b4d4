import { useEffect } from "react";
import { useLocation } from "react-router";

import {
  claimFirstPageView,
  contactClickEvent,
  isTrackedPath,
  pageViewEvent,
  pushEvent,
  TAG_MANAGER_SCRIPT_ID,
} from "~/analytics/analytics";
import { plainLinkClick } from "~/lib/link-click";

const tagManagerLoaded = () => document.getElementById(TAG_MANAGER_SCRIPT_ID) !== null;

/**
 * Once the tag manager runs in this document it sees every later URL (its tags can follow
 * history changes), so a link into a page where nothing is measured loads a new document there,
 * without the tag manager, instead of navigating inside this one.
 */
function leaveTagManagerBehind(event: MouseEvent) {
  if (!tagManagerLoaded()) return;
  const link = plainLinkClick(event);
  if (!link) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || isTrackedPath(url.pathname)) return;
  event.preventDefault(); // React Router's links do nothing for a prevented click
  window.location.assign(url.href);
}

function whenIdle(fn: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 1500);
}

/**
 * Web Vitals and Insights' sender (docs/requirements/insights.md#insights), once the browser is idle, in a
 * document opened on a public page: Web Vitals describe the load of this document. Called when
 * the page's code first runs (app/entry.client.tsx), which on a public page is once it is idle
 * after load, touched or not (ADR 013), so that a page read and left untouched reports them too.
 */
export function startMeasuring(): void {
  if (!isTrackedPath(window.location.pathname)) return;
  whenIdle(() => {
    void import("~/analytics/web-vitals").then((m) => m.reportWebVitals());
    void import("~/insights/insights-beacon").then((m) => m.startInsights());
  });
}

/**
 * Page views on every navigation (the document's own page view is pushed by the gate before
 * hydration, app/first-paint/first-paint.server.ts) and tel:/mailto: clicks (docs/requirements/public-site.md#analytics).
 * None of it on the staff area, the document viewers and sign-in (`isTrackedPath`), also when
 * they are reached from a public page. The tag manager is loaded by the gate, only in a document
 * opened on a public page (whose Content-Security-Policy allows it: server/security-headers.ts).
 * Renders nothing; nothing here blocks rendering.
 */
export function Analytics() {
  const { pathname, search } = useLocation();
  const tracked = isTrackedPath(pathname);

  useEffect(() => {
    if (tracked && !claimFirstPageView(pathname + search)) pushEvent(pageViewEvent(document.title, window.location.href));
  }, [pathname, search, tracked]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link) return;
      const where = link.closest("[data-click-location]")?.getAttribute("data-click-location") ?? null;
      const analyticsEvent = contactClickEvent(link.getAttribute("href") ?? "", where, window.location.href);
      if (analyticsEvent) pushEvent(analyticsEvent);
    };
    document.addEventListener("click", onClick, { capture: true });
    document.addEventListener("click", leaveTagManagerBehind, { capture: true });
    return () => {
      document.removeEventListener("click", onClick, { capture: true });
      document.removeEventListener("click", leaveTagManagerBehind, { capture: true });
    };
  }, []);

  return null;
}
