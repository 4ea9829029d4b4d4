/**
 * The blog and the redirect rules on both databases (docs/requirements.md#blog,
 * docs/requirements.md#redirects): unique slugs, what visitors see by the database's clock
 * (drafts and scheduled posts never), the in-memory copy dropped on every write, and the rules'
 * checks (normalised source, no loop, never an existing page) with an all-or-nothing CSV import.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backends, openFreshDatabase } from "./backends";
import { database } from "~/db/client.server";
import { blogPosts, redirects } from "~/db/schema.server";
import { parsePost, type PostInput, type PostValues } from "~/blog/post-schema";
import {
  createPost,
  deletePost,
  getPost,
  PostSlugRedirectedError,
  PostSlugTakenError,
  setPublication,
  updatePost,
} from "~/blog/posts.server";
import { publicPost, publicPosts } from "~/blog/public-cache.server";
import { importMarkdownPost } from "~/blog/import.server";
import { listAllPosts } from "~/blog/posts.server";
import { storage } from "~/storage/storage.server";
import { createRedirect, deleteRedirect, findRedirect, importRedirectCsv, listRedirects } from "~/redirects/redirects.server";

const values = (over: Partial<PostValues> = {}): PostValues => ({
  title: "Five backup mistakes small offices make",
  slug: "",
  summary: "The backup habits that fail when a server dies, and the cheap fixes that make a restore work the first time.",
  body: "# Why\n\nBecause <script>alert(1)</script> restores fail.",
  coverImage: "",
  coverAlt: "",
  authorName: "Dana Reyes",
  tags: "Backup, backup, Small business",
  ...over,
});
const input = (over: Partial<PostValues> = {}): PostInput => {
  const parsed = parsePost(values(over));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`blog and redirects on ${backend.name}`, () => {
    let closeFresh = async () => {};
    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "blog");
    });
    afterAll(async () => {
      await closeFresh();
    });
    beforeEach(async () => {
      const db = await database();
      await db.delete(blogPosts);
      await db.delete(redirects);
    });

    it("checks the fields with one schema: slug from the title, summary length, alt text with a cover, tags deduplicated", () => {
      const ok = parsePost(values());
      expect(ok.ok && ok.data).toMatchObject({ slug: "five-backup-mistakes-small-offices-make", tags: ["Backup", "Small business"] });
      const bad = parsePost(values({ summary: "Too short.", coverImage: "covers/a.png", slug: "rss" }));
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.errors).toMatchObject({
        summary: expect.stringContaining("at least 50"),
        coverAlt: expect.stringContaining("Describe the cover"),
        slug: expect.stringContaining("reserved"),
      });
      expect(parsePost(values({ summary: "x".repeat(161) })).ok).toBe(false);
    });

    it("keeps slugs unique and stores nothing on a clash", async () => {
      const db = await database();
      await createPost(db, input(), { kind: "draft" }, null);
      await expect(
        createPost(db, input({ title: "Other", slug: "five-backup-mistakes-small-offices-make" }), { kind: "draft" }, null),
      ).rejects.toThrow(PostSlugTakenError);
      expect(await db.select().from(blogPosts)).toHaveLength(1);
    });

    it("shows visitors published posts only, by the database's clock, and drops its copy on every write", async () => {
      const db = await database();
      const { id: draft } = await createPost(db, input({ slug: "draft-post" }), { kind: "draft" }, null);
      const { id: later } = await createPost(db, input({ slug: "later-post" }), { kind: "at", at: new Date(Date.now() + 3_600_000) }, null);
      const { id: now } = await createPost(db, input({ slug: "live-post" }), { kind: "now" }, null);
      expect((await publicPosts(db)).map((p) => p.slug)).toEqual(["live-post"]);
      expect(await publicPost(db, "draft-post")).toBeNull();
      expect(await publicPost(db, "later-post")).toBeNull();
      const live = await publicPost(db, "live-post");
      expect(live?.html).toContain("<h2");
      expect(live?.html).not.toContain("<script");

      // Scheduled in the past: public at once; unpublished: gone at once; deleted: gone.
      await setPublication(db, later, { kind: "at", at: new Date(Date.now() - 60_000) }, null);
      expect((await publicPosts(db)).map((p) => p.slug)).toEqual(["live-post", "later-post"]);
      await setPublication(db, now, { kind: "draft" }, null);
      expect(await publicPost(db, "live-post")).toBeNull();
      await deletePost(db, later);
      expect(await publicPosts(db)).toEqual([]);
      expect((await getPost(db, draft))?.status).toBe("draft");

      // An edit shows at once too.
      await updatePost(db, draft, input({ slug: "draft-post", title: "Renamed" }), { kind: "now" }, null);
      expect((await publicPosts(db))[0]).toMatchObject({ slug: "draft-post", title: "Renamed" });
    });

    it("publishes a scheduled post at its time, without waiting for the cache's TTL", async () => {
      const db = await database();
      await createPost(db, input({ slug: "soon" }), { kind: "at", at: new Date(Date.now() + 1500) }, null);
      expect(await publicPosts(db)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1700));
      expect((await publicPosts(db)).map((p) => p.slug)).toEqual(["soon"]);
    });

    it("checks redirect rules: normalised source, no self-reference, no loop, never an existing page", async () => {
      const db = await database();
      const made = await createRedirect(db, { source: "/Managed-Services/", target: "/services/managed-it", status: "301" }, null);
      expect(made.ok).toBe(true);
      expect((await listRedirects(db))[0]).toMatchObject({ source: "/managed-services", status: 301, hits: 0 });

      const refused = async (source: string, target: string) => {
        const result = await createRedirect(db, { source, target, status: "301" }, null);
        return result.ok ? "" : Object.values(result.errors).join(" ");
      };
      expect(await refused("managed", "/x")).toContain("starts with “/”");
      expect(await refused("/old?x=1", "/x")).toContain("query");
      expect(await refused("/managed-services", "/x")).toContain("already a rule");
      expect(await refused("/same", "/same/")).toContain("itself");
      expect(await refused("/about", "/contact")).toContain("page of this site");
      expect(await refused("/services", "/x")).toContain("page of this site");
      expect(await refused("/admin/old", "/x")).toContain("/admin");
      expect(await refused("/x", "javascript:alert(1)")).toContain("http");
      expect((await createRedirect(db, { source: "/a", target: "/b", status: "302" }, null)).ok).toBe(true);
      expect((await createRedirect(db, { source: "/b", target: "https://www.crossroadsit.example/c?x=1", status: "301" }, null)).ok).toBe(
        true,
      );
      expect(await refused("/c", "/a")).toContain("loop");

      await createPost(db, input({ slug: "kept" }), { kind: "draft" }, null);
      expect(await refused("/blog/kept", "/x")).toContain("post of the blog");
      // …and a post cannot take a slug a rule answers.
      expect((await createRedirect(db, { source: "/blog/old-name", target: "/blog/kept", status: "301" }, null)).ok).toBe(true);
      await expect(createPost(db, input({ slug: "old-name" }), { kind: "draft" }, null)).rejects.toThrow(PostSlugRedirectedError);
    });

    it("applies rules for GET and HEAD with the query kept, and counts the hit", async () => {
      const db = await database();
      const made = await createRedirect(db, { source: "/old-page", target: "/contact?from=old", status: "301" }, null);
      const hit = await findRedirect(db, "GET", new URL("https://x.example/Old-Page/?utm_source=mail"));
      expect(hit?.status).toBe(301);
      expect(hit?.headers.get("Location")).toBe("/contact?from=old&utm_source=mail");
      expect(await findRedirect(db, "POST", new URL("https://x.example/old-page"))).toBeNull();
      expect(await findRedirect(db, "GET", new URL("https://x.example/other"))).toBeNull();
      await expect.poll(async () => (await listRedirects(db))[0].hits).toBe(1);
      expect((await listRedirects(db))[0].lastHitAt).not.toBeNull();
      if (made.ok) await deleteRedirect(db, made.id);
      expect(await findRedirect(db, "GET", new URL("https://x.example/old-page"))).toBeNull();
    });

    it("imports a CSV all or nothing, reporting each bad line", async () => {
      const db = await database();
      const bad = await importRedirectCsv(
        db,
        'source,target,status\n/one,/services\n/about,/x\n/two,/two,301\n"/three,/x\n/four,/x,307\n',
        null,
      );
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.errors).toEqual([
        "Line 5: an opening quote is never closed.",
        expect.stringMatching(/^Line 3: .*page of this site/),
        expect.stringMatching(/^Line 4: .*itself/),
        expect.stringMatching(/^Line 6: .*301/),
      ]);
      expect(await listRedirects(db)).toEqual([]);
      const good = await importRedirectCsv(db, '/one,/services\n"/two","https://example.org/a,b",302\n/one-more,/one\n', null);
      expect(good).toEqual({ ok: true, imported: 3 });
      const loop = await importRedirectCsv(db, "/x1,/x2\n/x2,/one-more\n/services-old,/x1\n/one-more-2,/x1\n/one,/x\n", null);
      expect(!loop.ok && loop.errors).toEqual([expect.stringMatching(/^Line 5: .*already a rule/)]);
    });
  });
}

describe.each(backends().filter((b) => !b.skip))("blog import on $name", (backend) => {
  let closeFresh = async () => {};
  beforeAll(async () => {
    closeFresh = await openFreshDatabase(backend, "blog-import");
  });
  afterAll(async () => {
    await closeFresh();
  });

  it("imports Markdown files with front matter as drafts (or published), and says why it skips one", async () => {
    const db = await database();
    const store = await storage();
    const good = `---\ntitle: "Patch Tuesday, explained"\ndate: 2024-05-31\nsummary: What Microsoft's monthly updates are, why they matter, and how we roll them out safely.\nauthor: Sam Lee\ntags:\n  - Security\n  - Windows\ncover: missing/photo.jpg\n---\n## First\n\nBody.\n`;
    const draft = await importMarkdownPost(db, store, good, { publish: false });
    expect(draft).toMatchObject({
      ok: true,
      slug: "patch-tuesday-explained",
      state: "draft",
      notes: [expect.stringContaining("not in the graphics library")],
    });
    const stored = (await listAllPosts(db)).rows.find((p) => p.slug === "patch-tuesday-explained");
    expect(stored).toMatchObject({ status: "draft", tags: ["Security", "Windows"], authorName: "Sam Lee", coverImage: null });
    expect(await importMarkdownPost(db, store, good, { publish: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("already used"),
    });

    const published = await importMarkdownPost(db, store, good.replace("Patch Tuesday", "Old news").replace("2024-05-31", "2020-01-02"), {
      publish: true,
    });
    expect(published).toMatchObject({ ok: true, state: "published" });
    expect((await publicPosts(db)).map((p) => [p.slug, p.publishAt.slice(0, 10)])).toEqual([["old-news-explained", "2020-01-02"]]);
    expect((await publicPost(db, "old-news-explained"))?.html).toMatch(/^<h2 id="first">/);

    expect(await importMarkdownPost(db, store, "# No front matter", { publish: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("no front matter"),
    });
    expect(await importMarkdownPost(db, store, "---\ntitle: x\nnested:\n  key: value\n---\n", { publish: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("line 4"),
    });
    expect(
      await importMarkdownPost(db, store, "---\ntitle: Short\nsummary: Too short\nauthor: A\n---\nText", { publish: false }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("summary"),
    });
  });
});
