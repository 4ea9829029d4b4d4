import { useEffect } from "react";
import { useLocation } from "react-router";
import { contactClickEvent, pageViewEvent, pushEvent, rememberVisit, shouldLoadTagManager } from "~/lib/analytics";

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

function whenIdle(fn: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 1500);
}

/**
 * Page views on the first load and every navigation, the visit's landing page and campaign (for
 * the contact form), tel:/mailto: clicks, Web Vitals, and the
 * tag manager when configured and the browser sends neither GPC nor DNT (DECISIONS §6).
 * Renders nothing; nothing here blocks rendering.
 */
export function Analytics({ gtmId }: { gtmId: string | null }) {
  const { pathname, search } = useLocation();

  useEffect(() => {
    pushEvent(pageViewEvent(document.title, window.location.href));
  }, [pathname, search]);

  useEffect(rememberVisit, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link) return;
      const where = link.closest("[data-click-location]")?.getAttribute("data-click-location") ?? null;
      const analyticsEvent = contactClickEvent(link.getAttribute("href") ?? "", where, window.location.href);
      if (analyticsEvent) pushEvent(analyticsEvent);
    };
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);

  useEffect(() => {
    if (shouldLoadTagManager(gtmId, { gpc: navigator.globalPrivacyControl, dnt: navigator.doNotTrack })) {
      whenIdle(() => loadTagManager(gtmId!));
    }
  }, [gtmId]);

  useEffect(() => {
    whenIdle(() => {
      void import("~/lib/web-vitals").then((m) => m.reportWebVitals());
    });
  }, []);

  return null;
}
