import { data } from "react-router";

import { requireUser } from "~/auth/session.server";
import { useLeaveWhenSignedOut } from "~/components/auth/use-leave-when-signed-out";
import { Button } from "~/components/ui/button";
import { DOCUMENT_COLLECTION_LABELS, VIEWER_COLLECTIONS } from "~/docs/document-rules";
import { getPublishedDocument, storeDocumentHtml } from "~/docs/documents.server";
import { formatDate } from "~/lib/format-date";
import { routeMeta } from "~/lib/meta";
import { SLUG_MAX, SLUG_PATTERN } from "~/lib/slug";
import { storedHtml } from "~/markdown/markdown.server";

import type { Route } from "./+types/document";

/**
 * Never indexed. Never stored either: like every signed-in page, these are sent
 * `Cache-Control: private, no-store` (app/lib/private-caching.ts, app/config/private-paths.ts).
 */
const PRIVATE_HEADERS = { "X-Robots-Tag": "noindex, nofollow" };

/**
 * /mloe/:slug and /ste/:slug (docs/requirements/blog-and-documents.md#mloe-and-ste): the published document of that collection, read-only,
 * for any signed-in user. Registered twice in app/routes.ts; the path says which collection.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(context.services, request);
  const collection = VIEWER_COLLECTIONS.find((c) => new URL(request.url).pathname.startsWith(`/${c}/`));
  const slug = params.slug ?? "";
  const document =
    collection && slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug)
      ? await getPublishedDocument(context.services.db, collection, slug)
      : null;
  // The site layout's boundary shows the not-found page (robots noindex), with these headers too.
  if (!collection || !document) throw data({ reason: "not-found" }, { status: 404, headers: PRIVATE_HEADERS });
  return data(
    {
      collection: DOCUMENT_COLLECTION_LABELS[collection],
      path: `/${collection}/${document.slug}`,
      title: document.title,
      updatedAt: document.updatedAt,
      // The HTML made at save (ADR 017); a document saved before that is rendered once (in the worker) and stored.
      html: await storedHtml(`document:${document.id}`, document, {}, (html, key) =>
        storeDocumentHtml(context.services.db, document.id, document.body, { html, key }),
      ),
    },
    { headers: PRIVATE_HEADERS },
  );
}

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
