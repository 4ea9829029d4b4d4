/**
 * /mloe/:slug and /ste/:slug (docs/requirements/blog-and-documents.md#mloe-and-ste): the published document of that collection, read-only,
 * for any signed-in user. Registered twice in app/routes.ts; the path says which collection.
 */
import { useLeaveWhenSignedOut } from "~/components/auth/use-leave-when-signed-out";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format-date";
import { routeMeta } from "~/lib/meta";

import type { Route } from "./+types/document";

export { loader } from "./document.server";

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

// Thrown 404s are described by the site layout's meta (the not-found page, noindex).
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? routeMeta(matches, {
        title: loaderData.title,
        description: `${loaderData.collection} document for signed-in staff.`,
        path: loaderData.path,
        noindex: true,
        ogType: "article",
      })
    : [];

export default function DocumentPage({ loaderData: { collection, title, updatedAt, html } }: Route.ComponentProps) {
  // Signed out here or in another tab: the document goes away, back to sign-in.
  useLeaveWhenSignedOut();

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 print:max-w-none print:p-0">
      <p className="text-sm font-semibold tracking-wider text-slate-600 uppercase print:text-black">{collection}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl print:text-black">{title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 print:text-black">
        <p>
          Updated <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => window.print()} className="print:hidden">
          Print or save as PDF
        </Button>
      </div>
      {/* Rendered and sanitised on the server at save (app/markdown/markdown.server.ts). */}
      <div
        className="prose-doc mt-8 border-t border-slate-200 pt-8 print:mt-4 print:border-black print:pt-4"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
