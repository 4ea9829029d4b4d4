import { sitemapFile } from "~/blog/sitemap-file.server";
import { pageLastModified } from "~/studio/live.server";

import type { Route } from "./+types/sitemap-xml";

/** A shared cache (a CDN, a proxy) may keep it five minutes, like the HTML sitemap. */
export const SITEMAP_XML_CACHE_CONTROL = "public, max-age=300";

/**
 * /sitemap.xml: every public page (with the date of its last publication) and public blog post (app/blog/sitemap-file.server.ts), made once
 * per change of the blog and served from memory in the encoding the client accepts, so a request
 * costs the same at 10 posts and at 5,000 (docs/requirements/operations.md#request-limits).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const content = context.services.content;
  // Pages carry the date of their last publication (the content studio): a new one makes a new file.
  const file = await sitemapFile(context.services.db, (path) => pageLastModified(content, path), String(content.generation()));
  const headers: Record<string, string> = {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": SITEMAP_XML_CACHE_CONTROL,
    ETag: file.etag,
    Vary: "Accept-Encoding",
  };
  if (request.headers.get("If-None-Match") === file.etag) return new Response(null, { status: 304, headers });
  // Chosen as for the pages the server keeps in memory (server/static-store.ts); the compression
  // middleware leaves a response that has its Content-Encoding alone.
  const accept = request.headers.get("Accept-Encoding") ?? "";
  const [body, encoding] = accept.includes("br") ? [file.br, "br"] : accept.includes("gzip") ? [file.gzip, "gzip"] : [file.identity, null];
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  return new Response(body as Uint8Array<ArrayBuffer>, { headers });
}
