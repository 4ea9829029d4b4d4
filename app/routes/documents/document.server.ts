/**
 * The server side of /mloe/:slug and /ste/:slug (the route module beside it): a published document
 * of the collection the address names, for a signed-in user, never indexed.
 */
import { data } from "react-router";

import { requireUser } from "~/auth/session.server";
import { DOCUMENT_COLLECTION_LABELS, VIEWER_COLLECTIONS } from "~/docs/document-rules";
import { getPublishedDocument, storeDocumentHtml } from "~/docs/documents.server";
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
