import { lazy, Suspense } from "react";

import { StaticContent } from "~/components/sections/static-content";
import type { Viewer } from "~/lib/viewer";

import { useFactsKey } from "./facts";

// The server renders the footer's content at once (a top-level await that the client build drops
// with its import); the browser keeps the server's markup and loads the code only when the
// content changes (docs/decisions/020-kept-content-loaded-on-change.md).
const ServerFooterContent = import.meta.env.SSR ? (await import("./footer-content")).default : null;
const FooterContent = ServerFooterContent ?? lazy(() => import("./footer-content"));

/** The site's footer (docs/requirements/public-site.md#layout), the same on every page but for the Login link. */
export function SiteFooter({ viewer }: { viewer: Viewer }) {
  const factsKey = useFactsKey();
  return (
    <StaticContent
      as="footer"
      keptWhile={`${viewer.signedIn ? "signed in" : "signed out"} ${factsKey}`}
      data-click-location="footer"
      className="bg-navy-950 text-slate-300"
    >
      <Suspense fallback={null}>
        <FooterContent viewer={viewer} />
      </Suspense>
    </StaticContent>
  );
}
