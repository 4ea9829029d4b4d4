import type { ReactNode } from "react";
import { isRouteErrorResponse, Outlet, useLocation, useNavigation, useRouteError } from "react-router";

import { isProtectedPath } from "~/auth/config";
import { useAuth } from "~/components/auth/auth-context";
import { AccessCheck } from "~/components/feedback/access-check";
import { PageSkeleton } from "~/components/layout/page-skeleton";
import { PreviewNotice } from "~/components/layout/preview-notice";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { MAIN_ID, SkipLink } from "~/components/layout/skip-link";
import { TopBar } from "~/components/layout/top-bar";
import { ErrorContent } from "~/components/sections/error-content";
import { SKELETON_DELAY_MS } from "~/config/ui";
import { serverErrorPage } from "~/content/pages";
import { notFoundMeta, routeMeta } from "~/lib/meta";
import { useDelayedFlag } from "~/lib/use-delayed-flag";
import { VISITOR, type Viewer } from "~/lib/viewer";

import type { Route } from "./+types/site-layout";

/** Skip link, top bar, header, main area and footer around every public page. */
function SiteShell({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      {/* Fixed chrome: the top bar slides away once scrolled (a transform, so nothing below moves),
          from the scroll marks the head script sets on <html> (app/first-paint/scroll-marks.ts). */}
      <header className="fixed inset-x-0 top-0 z-40 transition-transform duration-200 in-data-away:-translate-y-10 motion-reduce:transition-none">
        <TopBar />
        <SiteHeader viewer={viewer} />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="min-h-[60vh] scroll-mt-24 pt-26 outline-none">
        <PreviewNotice />
        {children}
      </main>
      <SiteFooter viewer={viewer} />
    </>
  );
}

function RouteOutlet() {
  const navigation = useNavigation();
  const location = useLocation();
  const loadingOtherPage = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  const showPlaceholder = useDelayedFlag(loadingOtherPage, SKELETON_DELAY_MS);
  if (!showPlaceholder) return <Outlet />;
  return isProtectedPath(navigation.location?.pathname ?? "") ? <AccessCheck /> : <PageSkeleton />;
}

export default function SiteLayout() {
  const { user, isAdmin, isEditor, canWorkLeads } = useAuth();
  return (
    <SiteShell viewer={{ signedIn: !!user, isAdmin, isEditor, canWorkLeads }}>
      <RouteOutlet />
    </SiteShell>
  );
}

/** A page that throws a response with headers (a 404 saying noindex) keeps them on the error page. */
export function headers({ errorHeaders, parentHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? parentHeaders;
}

/**
 * Pages set their own head tags. When a page throws, this layout's boundary renders, and these
 * tags (noindex, "Page not found" or the server-error title) describe what is shown.
 */
export const meta: Route.MetaFunction = ({ error, matches, location }) => {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta(matches, location.pathname);
  return routeMeta(matches, { ...serverErrorPage, path: location.pathname, noindex: true });
};

/** Errors below the layout keep the header and footer: 404 → not found, anything else → server error. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <SiteShell viewer={VISITOR}>
      <ErrorContent error={error} />
    </SiteShell>
  );
}
