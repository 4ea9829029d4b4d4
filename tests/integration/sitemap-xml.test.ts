/**
 * /sitemap.xml on both databases (docs/requirements/operations.md#request-limits): made once from the blog's
 * in-memory list and served from memory until the blog changes, so a request is bounded work
 * whatever the number of posts; a post published appears in it at once, one unpublished or
 * deleted leaves it at once; the copy in each encoding and the ETag are the same file.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { PUBLIC_CACHE_TTL_MS } from "~/blog/blog-rules";
import { parsePost } from "~/blog/post-schema";
import { createPost, deletePost, setPublication } from "~/blog/posts.server";
import { invalidatePublicBlog } from "~/blog/public-cache.server";
import { sitemapFile } from "~/blog/sitemap-file.server";
import { blogPosts } from "~/db/schema.server";
import { loader, SITEMAP_XML_CACHE_CONTROL } from "~/routes/public/sitemap-xml";
import type { AppServices } from "~/services.server";

import { backends, loadContext, openFreshDatabase } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";

const post = (slug: string) => {
  const parsed = parsePost({
    title: `A post called ${slug}`,
    slug,
    summary: "The backup habits that fail when a server dies, and the cheap fixes that make a restore work.",
    body: "## Why\n\nBecause restores fail.",
    coverImage: "",
    coverAlt: "",
    authorName: "Dana Reyes",
    tags: "Backup",
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};

async function get(headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}/sitemap.xml`, { headers });
  return loader({ request, params: {}, context: await loadContext(request) } as never);
}

/** The stamp the route gives sitemapFile with the tests' content service (the seed, never reloaded). */
const SEED_STAMP = "0";

const text = async (headers: Record<string, string> = {}) => (await get(headers)).text();
const postUrl = (slug: string) => `<loc>${ORIGIN}/blog/${slug}</loc><lastmod>`;

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`sitemap.xml on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "sitemap-xml");
      ({ services } = await loadContext());
    });
    afterAll(async () => {
      vi.useRealTimers();
      await closeFresh();
    });
    beforeEach(async () => {
      await services.db.delete(blogPosts);
      invalidatePublicBlog();
    });

    it("lists a post once published, and no longer once unpublished or deleted", async () => {
      const db = services.db;
      expect(await text()).toContain(`<loc>${ORIGIN}/about</loc>`);
      expect(await text()).not.toContain("/blog/first-post");

      const { id } = await createPost(db, post("first-post"), { kind: "now" }, null);
      expect(await text()).toContain(postUrl("first-post"));

      await setPublication(db, id, { kind: "draft" }, null);
      expect(await text()).not.toContain("/blog/first-post");

      await setPublication(db, id, { kind: "now" }, null);
      const { id: scheduled } = await createPost(db, post("later-post"), { kind: "at", at: new Date(Date.now() + 3_600_000) }, null);
      const xml = await text();
      expect(xml).toContain(postUrl("first-post"));
      expect(xml).not.toContain("/blog/later-post"); // not public yet

      await deletePost(db, id);
      await deletePost(db, scheduled);
      expect(await text()).not.toContain("/blog/first-post");
    });

    it("makes the file once: every request shares it until the list of public posts changes", async () => {
      const db = services.db;
      await createPost(db, post("kept-post"), { kind: "now" }, null);
      const first = await sitemapFile(db, undefined, SEED_STAMP);
      expect(first.identity.toString("utf8")).toContain(postUrl("kept-post"));
      expect(await sitemapFile(db, undefined, SEED_STAMP)).toBe(first);
      expect((await get()).headers.get("ETag")).toBe(first.etag);
      expect(await sitemapFile(db, undefined, SEED_STAMP)).toBe(first);

      // A write that changes no public post (a draft), and the re-read after the TTL: still the same file.
      await createPost(db, post("a-draft"), { kind: "draft" }, null);
      expect(await sitemapFile(db, undefined, SEED_STAMP)).toBe(first);
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + PUBLIC_CACHE_TTL_MS + 1_000 });
      try {
        expect(await sitemapFile(db, undefined, SEED_STAMP)).toBe(first);
      } finally {
        vi.useRealTimers();
      }

      // A published post: a new file, once.
      await createPost(db, post("new-post"), { kind: "now" }, null);
      const second = await sitemapFile(db, undefined, SEED_STAMP);
      expect(second).not.toBe(first);
      expect(second.etag).not.toBe(first.etag);
      expect(second.identity.toString("utf8")).toContain(postUrl("new-post"));
      expect(await sitemapFile(db, undefined, SEED_STAMP)).toBe(second);
    });

    it("answers in the encoding the client accepts, the same file in each, with an ETag and five minutes for a shared cache", async () => {
      const db = services.db;
      await createPost(db, post("encoded-post"), { kind: "now" }, null);
      const plain = await get();
      expect(plain.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
      expect(plain.headers.get("Cache-Control")).toBe(SITEMAP_XML_CACHE_CONTROL);
      expect(SITEMAP_XML_CACHE_CONTROL).toBe("public, max-age=300");
      expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      const xml = await plain.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      expect(xml).toContain(postUrl("encoded-post"));

      const br = await get({ "Accept-Encoding": "gzip, deflate, br" });
      expect(br.headers.get("Content-Encoding")).toBe("br");
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8")).toBe(xml);
      const gz = await get({ "Accept-Encoding": "gzip" });
      expect(gz.headers.get("Content-Encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8")).toBe(xml);

      const etag = plain.headers.get("ETag")!;
      expect(br.headers.get("ETag")).toBe(etag);
      const again = await get({ "If-None-Match": etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
    });
  });
}
