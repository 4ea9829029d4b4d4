/**
 * The social cards of this process (docs/requirements/public-site.md#social-cards, ADR 033): the
 * answer to GET /og/<page>.png, made at its first request and kept in memory.
 */
import type { SiteContent } from "~/content/site-content";
import type { Database } from "~/db/client.server";

import { createCardCache, type CardCache } from "./card-cache.server";
import { pagePathOfCard } from "./card-kind";
import { socialCardTextFor } from "./card-text.server";

/** Cards kept in memory: every public page and the most shared posts (about 20-25 KB each). */
export const SOCIAL_CARD_CACHE_ENTRIES = 500;
export const SOCIAL_CARD_CACHE_BYTES = 16 * 1024 * 1024;
/** Cards made at the same time (each takes one core: layout here, rasterising on the thread pool). */
export const SOCIAL_CARD_RENDERS = 2;
/** A card at its versioned address never changes: a new title is a new address. */
export const SOCIAL_CARD_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** The card at its address without the current version (an old share, a hand-typed address): it may change. */
export const SOCIAL_CARD_UNVERSIONED_CACHE_CONTROL = "public, max-age=300";

export const socialCardCache: CardCache = createCardCache({
  // Loaded at the first card: satori and resvg's native module cost the server's start nothing.
  render: async (text) => (await import("./render.server")).renderSocialCard(text),
  maxEntries: SOCIAL_CARD_CACHE_ENTRIES,
  maxBytes: SOCIAL_CARD_CACHE_BYTES,
  concurrency: SOCIAL_CARD_RENDERS,
});

const notFound = (status: 400 | 404, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The answer to a card's address: `splat` is what follows /og/. 404 for a path that is no public
 * page (its shape is checked before anything is looked up); 304 when the client has this card.
 */
export async function socialCardResponse(
  request: Request,
  splat: string,
  content: SiteContent,
  db: Database,
  cache: CardCache = socialCardCache,
): Promise<Response> {
  const pagePath = pagePathOfCard(splat);
  if (!pagePath) return notFound(404, "No such card.");
  const card = await socialCardTextFor(pagePath, content, db);
  if (!card) return notFound(404, "No such card.");
  const { text, hash } = card;
  const etag = `"${hash}"`;
  const versioned = new URL(request.url).searchParams.get("v") === hash;
  const headers: Record<string, string> = {
    "Content-Type": "image/png",
    "Cache-Control": versioned ? SOCIAL_CARD_CACHE_CONTROL : SOCIAL_CARD_UNVERSIONED_CACHE_CONTROL,
    ETag: etag,
  };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
    return new Response(null, { status: 304, headers });
  const { png } = await cache.get(`${pagePath}\n${hash}`, text);
  headers["Content-Length"] = String(png.length);
  return new Response(new Uint8Array(png), { status: 200, headers });
}
