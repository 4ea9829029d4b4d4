/**
 * Which version of the public blog this process last changed (ADR 015): a write bumps it
 * (invalidatePublicBlog), and the in-memory copy (public-cache.server.ts) is read again when the
 * number it was made at is no longer the current one. On its own so that the post queries, which
 * bump it, and the cache, which reads them, do not import each other.
 */
let generation = 0;

/** Drops the cached blog (every database's) in this process: the next visitor reads it again. */
export function invalidatePublicBlog(): void {
  generation++;
}

export const publicBlogGeneration = (): number => generation;
