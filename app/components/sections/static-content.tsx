import { createElement, useEffect, useId, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";

import { plainLinkClick } from "~/lib/link-click";
import { hydrationDone, markHydrated } from "~/lib/use-hydrated";

/**
 * The server's nodes of this content while the page first hydrates, or null (rendered on the
 * server, mounted later, or rendered in a browser without a server page: a test).
 */
function serverNodes(id: string): Element | null {
  if (typeof document === "undefined" || hydrationDone()) return null;
  return document.querySelector(`[data-static-content="${CSS.escape(id)}"]`);
}

/** A click React Router's <Link> would take over: plain left click on a same-origin link of this window. */
function clientNavigationTarget(event: MouseEvent<HTMLElement>): string | null {
  const link = plainLinkClick(event);
  if (!link || !event.currentTarget.contains(link)) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A link to a place on this page is the browser's to follow.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Content with nothing to do in the browser (text, images, links), kept as the server sent it
 * when the page hydrates: React adopts the element and skips everything inside, so a phone spends
 * none of hydration's time on it (docs/decisions/019-static-content-not-hydrated.md). Mounted
 * later (a client navigation), or once the visitor has left the address it was hydrated at, it
 * renders its children as usual. Links inside still navigate in the app, through one delegated
 * click handler. Only for children without state, effects or event handlers of their own.
 */
export function StaticContent({
  as = "div",
  keptWhile,
  children,
  ...props
}: Omit<HTMLAttributes<HTMLElement>, "onClick"> & {
  as?: "div" | "section" | "footer" | "article" | "ul";
  /**
   * What the children depend on, when not the address (the footer, the same on every page,
   * depends on whether someone is signed in): kept while it stays as it was at hydration.
   */
  keptWhile?: string;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const state = keptWhile ?? pathname + search;
  // Kept only while its state is the one it was hydrated with; once changed, rendered from then on.
  // The server's markup is taken as it is: hydration leaves it alone (React does not compare it),
  // and should React render this part afresh instead (it does after a hydration error above),
  // the same markup is written again rather than nothing.
  const [kept, setKept] = useState<{ at: string; html: { __html: string } } | null>(() => {
    const nodes = serverNodes(id);
    return nodes ? { at: state, html: { __html: nodes.innerHTML } } : null;
  });
  if (kept !== null && kept.at !== state) setKept(null);
  useEffect(markHydrated, []);

  if (kept === null || kept.at !== state) return createElement(as, { ...props, "data-static-content": id, key: "rendered" }, children);
  return createElement(as, {
    ...props,
    "data-static-content": id,
    key: "kept",
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: kept.html,
    onClick: (event: MouseEvent<HTMLElement>) => {
      const to = clientNavigationTarget(event);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    },
  });
}
