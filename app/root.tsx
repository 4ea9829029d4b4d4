import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";

import { AuthProvider } from "~/components/auth/auth-context";
import { Analytics } from "~/components/layout/analytics";
import { ForbiddenContent, ServerErrorContent } from "~/components/sections/error-content";
import { PREVIEW_PARAM } from "~/config/private-paths";
import { site } from "~/config/site";
import { env } from "~/env.server";
import { releaseHeldInput } from "~/first-paint/held-input";
import { HYDRATED } from "~/first-paint/hydration-gate";
import { useWebFontOnNavigation } from "~/first-paint/web-font";
import type { RootData } from "~/lib/meta";
import { organizationJsonLd, withBrand } from "~/lib/seo";
import { itemData, itemTitle, parseItemId } from "~/studio/content-types";
import { factsKeyOf, siteContent } from "~/studio/live.server";

import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import fontsStylesheet from "./fonts.css?url";

/** The origin, and the business facts this request sees (the content service's: published, or a staff preview). */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const content = await siteContent(request, context);
  // A staff preview (siteContent has checked who asks): the page says so, and which draft it shows.
  const previewed = new URL(request.url).searchParams.get(PREVIEW_PARAM);
  const ref = previewed === null ? null : parseItemId(previewed);
  const preview = ref && { itemId: ref.id, title: itemTitle(ref.id, itemData(content, ref.id)) };
  return { origin: env().SITE_URL, facts: content.facts, factsKey: factsKeyOf(content.facts), ...(preview ? { preview } : {}) };
}

// Read again at each navigation to another page, so that facts published since the page loaded
// show on the next one (in the header, and in the footer and side menu through useFactsKey); the
// pages served from memory carry them in their `.data` at no extra request. Not after a form's
// post or a fetcher on the same page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod }) =>
  !formMethod && currentUrl.pathname !== nextUrl.pathname;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * React has committed the page (the outermost component's effect runs last): input goes to React
 * again (app/first-paint/held-input.ts), and `<html data-hydrated>` says so.
 */
function pageHydrated(): void {
  releaseHeldInput();
  document.documentElement.dataset[HYDRATED] = "";
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  useEffect(pageHydrated, []);
  const origin = data?.origin ?? site.defaultOrigin;
  // Without root data (the root loader failed, and its boundary renders), no facts to describe the organization with.
  const organization = data?.facts ? organizationJsonLd(origin, data.facts) : null;
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <Meta />
        <Links />
        {/* The web font: with JavaScript, app/first-paint/web-font.ts decides when a page uses it (never a
            swap after the first paint, ADR 013); without JavaScript, this stylesheet loads it. */}
        <noscript>
          <link rel="stylesheet" href={fontsStylesheet} />
        </noscript>
        {organization && (
          <script
            type="application/ld+json"
            // JSON.stringify output with "<" escaped cannot close the script element.
            dangerouslySetInnerHTML={{ __html: JSON.stringify(organization).replace(/</g, "\\u003c") }}
          />
        )}
      </head>
      <body className="bg-white font-sans text-slate-800 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useWebFontOnNavigation();
  return (
    <AuthProvider>
      <Outlet />
      <Analytics />
    </AuthProvider>
  );
}

/** Last resort, when even the site layout failed: the branded error page, never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  // The root loader refuses a preview of a draft to staff who may not see one (403); anything else here is our fault.
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <>
      <title>{withBrand(forbidden ? "Editors and administrators only" : "Something went wrong")}</title>
      <meta name="robots" content="noindex, nofollow" />
      <main id="main">{forbidden ? <ForbiddenContent /> : <ServerErrorContent />}</main>
    </>
  );
}
