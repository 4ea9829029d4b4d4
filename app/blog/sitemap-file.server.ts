/**
 * /sitemap.xml as a file made once (docs/requirements/operations.md#request-limits): every public page and
 * public blog post (with lastmod) as an absolute URL on SITE_URL, nothing private, with its gzip
 * and brotli copies and an ETag. It is made from the blog's in-memory list (ADR 015) the first time
 * it is asked for after the list changed, then shared by every request: a request picks the copy
 * its client accepts, whatever the number of posts (up to PUBLIC_INDEX_MAX, within a sitemap's
 * 50,000 URLs).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

import { publicPages } from "~/content/routes-index";
import type { Database } from "~/db/client.server";
import { env } from "~/env.server";
import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";

import { postPath } from "./blog-rules";
import { fromPublicPosts, type PublicPost } from "./public-cache.server";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface SitemapFile {
  /** A strong validator of the content (any encoding). */
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** When a page last changed (the content studio's publications), when known. */
export type PageDates = (path: string) => Date | undefined;

/** The XML text of the sitemap for `posts`. */
export function sitemapXml(origin: string, posts: readonly PublicPost[], pageDates: PageDates = () => undefined): string {
  const pages = publicPages().map((p) => {
    const changed = pageDates(p.path);
    return `  <url><loc>${escapeXml(absoluteUrl(origin, p.path))}</loc>${changed ? `<lastmod>${changed.toISOString()}</lastmod>` : ""}</url>`;
  });
  const entries = posts.map(
    (p) =>
      `  <url><loc>${escapeXml(absoluteUrl(origin, postPath(p.slug)))}</loc><lastmod>${new Date(
        Math.max(Date.parse(p.updatedAt), Date.parse(p.publishAt)),
      ).toISOString()}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...entries].join("\n")}\n</urlset>\n`;
}

/**
 * The current sitemap file: the same object for every request until the public posts or the
 * pages' dates change (`stamp` names the dates: a new stamp makes a new file).
 */
export function sitemapFile(db: Database, pageDates: PageDates = () => undefined, stamp = ""): Promise<SitemapFile> {
  return fromPublicPosts(
    db,
    "sitemap.xml",
    async (posts) => {
      const identity = Buffer.from(sitemapXml(env().SITE_URL, posts, pageDates));
      // Compressed off the event loop (zlib's thread pool), once per change of the blog.
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(identity, { level: 9 }),
        brotliAsync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
        }),
      ]);
      const etag = `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;
      return { etag, identity, gzip: gzipped, br: brotli };
    },
    stamp,
  );
}
