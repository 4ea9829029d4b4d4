/**
 * The document library's field rules, shared by the editor (browser hints, slug suggestion) and
 * the server schema (document-schema.ts). Slugs follow the site's one rule (app/lib/slug.ts); the
 * body's limit is the Markdown renderer's (app/markdown/limits.ts). This ships to the admin editor.
 */
import { MARKDOWN_MAX } from "~/markdown/limits";

/** The same list as the database's DOCUMENT_COLLECTIONS (documents.server.ts checks they agree). */
export const COLLECTION_KEYS = ["docs", "mloe", "ste"] as const;
export type CollectionKey = (typeof COLLECTION_KEYS)[number];
export const DOCUMENT_COLLECTION_LABELS: Record<CollectionKey, string> = {
  docs: "Staff docs",
  mloe: "MLOE",
  ste: "STE",
};
/** Collections with a public (signed-in) viewer at /<collection>/<slug>. */
export const VIEWER_COLLECTIONS = ["mloe", "ste"] as const satisfies readonly CollectionKey[];

export const TITLE_MAX = 200;
export const BODY_MAX = MARKDOWN_MAX;
/** A document form: the body (a character can take 12 bytes once UTF-8 and %-encoded) plus the other fields. */
export const DOCUMENT_FORM_LIMIT = BODY_MAX * 12 + 64 * 1024;
/** The library's list shows at most this many rows; the filters narrow it. */
export const LIST_LIMIT = 200;
export type ListStatus = "all" | "published" | "draft";
export type ListSort = "updated" | "title";

/** Where a published document of a viewer collection is read, or null for staff docs. */
export function viewerPath(collection: string, slug: string): string | null {
  return (VIEWER_COLLECTIONS as readonly string[]).includes(collection) ? `/${collection}/${slug}` : null;
}
