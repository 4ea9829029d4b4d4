import { useEffect } from "react";
import { useLocation } from "react-router";

import { contactClickEvent, isTrackedPath, pageViewEvent, pushEvent, shouldLoadTagManager } from "~/lib/analytics";
import { plainLinkClick } from "~/lib/link-click";

const GTM_SCRIPT_ID = "gtm-script";

function loadTagManager(gtmId: string) {
  if (document.getElementById(GTM_SCRIPT_ID)) return;
  (window.dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.id = GTM_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

const tagManagerLoaded = () => document.getElementById(GTM_SCRIPT_ID) !== null;

/**
 * Whether this document may load the tag manager: its Content-Security-Policy, sent with the page
 * the document was opened on, allows the tag manager's origin only on a public page
 * (server/security-headers.ts). A document opened on a private path keeps that policy after a
 * client-side navigation to a public page, so it never loads the tag manager (the page views still
 * go to dataLayer). Read once, when the app's code first runs in the document.
 */
const documentAllowsTagManager = typeof window !== "undefined" && isTrackedPath(window.location.pathname);

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
 * Page views on the first load and every navigation, tel:/mailto: clicks, Web Vitals, and the
 * tag manager when configured and the browser sends neither GPC nor DNT (docs/requirements.md#analytics).
 * None of it on the staff area, the document viewers and sign-in (`isTrackedPath`), also when
 * they are reached from a public page. Renders nothing; nothing here blocks rendering.
 */
export function Analytics({ gtmId }: { gtmId: string | null }) {
  const { pathname, search } = useLocation();
  const tracked = isTrackedPath(pathname);

  useEffect(() => {
    if (tracked) pushEvent(pageViewEvent(document.title, window.location.href));
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

  useEffect(() => {
    if (
      tracked &&
      documentAllowsTagManager &&
      shouldLoadTagManager(gtmId, { gpc: navigator.globalPrivacyControl, dnt: navigator.doNotTrack })
    ) {
      whenIdle(() => {
        if (isTrackedPath(window.location.pathname)) loadTagManager(gtmId!);
      });
    }
  }, [gtmId, tracked]);

  // Web Vitals describe the load of this document: measured only when it was a public page. So
  // is Insights' sender (docs/requirements.md#insights), which sends them and the events above.
  useEffect(() => {
    if (!isTrackedPath(window.location.pathname)) return;
    whenIdle(() => {
      void import("~/lib/web-vitals").then((m) => m.reportWebVitals());
      void import("~/lib/insights-beacon").then((m) => m.startInsights());
    });
  }, []);

  return null;
}
