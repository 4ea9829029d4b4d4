/**
 * The blog and the redirect rules on both databases (docs/requirements/blog-and-documents.md#blog,
 * docs/requirements/blog-and-documents.md#redirects): unique slugs, what visitors see by the database's clock
 * (drafts and scheduled posts never), the in-memory copy dropped on every write, and the rules'
 * checks (normalised source, no loop, never an existing page) with an all-or-nothing CSV import.
 */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { importMarkdownPost } from "~/blog/import.server";
import { parsePost, type PostInput, type PostValues } from "~/blog/post-schema";
import {
  createPost,
  deletePost,
  getPost,
  listAllPosts,
  PostSlugRedirectedError,
  PostSlugTakenError,
  setPublication,
  updatePost,
} from "~/blog/posts.server";
import { invalidatePublicBlog, publicPost, publicPosts } from "~/blog/public-cache.server";
import type { Database } from "~/db/client.server";
import { blogPosts, redirects } from "~/db/schema.server";
import { log as appLog } from "~/lib/log.server";
import { CHAIN_MAX, parseRedirectQuery, REDIRECT_PAGE_SIZE } from "~/redirects/redirect-rules";
import {
  createRedirect,
  deleteRedirect,
  findRedirect,
  findRedirectFor,
  importRedirectCsv,
  invalidateRedirects,
  listRedirects,
} from "~/redirects/redirects.server";
import { headers as sitemapHeaders, loader as sitemapLoader } from "~/routes/public/sitemap";
import { SITEMAP_POSTS } from "~/routes/public/sitemap.server";
import type { AppServices } from "~/services.server";

import { backends, loadContext, openFreshDatabase } from "./backends";

/** The longest run of stored rules a visit can follow (Infinity for a loop). Targets here are paths. */
async function longestChain(db: Database): Promise<number> {
  const next = new Map((await db.select().from(redirects)).map((r) => [r.source, r.target.toLowerCase()]));
  let longest = 0;
  for (const start of next.keys()) {
    const seen = new Set<string>();
    let at: string | undefined = start;
    while (at !== undefined && next.has(at)) {
      if (seen.has(at)) return Infinity;
      seen.add(at);
      at = next.get(at);
    }
    longest = Math.max(longest, seen.size);
  }
  return longest;
}

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
    let services: AppServices;
    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "blog");
      ({ services } = await loadContext());
    });
    afterAll(async () => {
      await closeFresh();
    });
    beforeEach(async () => {
      const db = services.db;
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
      const db = services.db;
      await createPost(db, input(), { kind: "draft" }, null);
      await expect(
        createPost(db, input({ title: "Other", slug: "five-backup-mistakes-small-offices-make" }), { kind: "draft" }, null),
      ).rejects.toThrow(PostSlugTakenError);
      expect(await db.select().from(blogPosts)).toHaveLength(1);
    });

    it("shows visitors published posts only, by the database's clock, and drops its copy on every write", async () => {
      const db = services.db;
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

    it("lists the newest posts on the HTML sitemap up to its limit, then links to the blog, and lets a shared cache keep it", async () => {
      const db = services.db;
      const { id } = await createPost(db, input({ slug: "post-0" }), { kind: "now" }, null);
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      const published = new Date(Date.now() - 86_400_000);
      const more = SITEMAP_POSTS + 4;
      await db.insert(blogPosts).values(
        Array.from({ length: more }, (_, i) => ({
          ...row!,
          id: undefined,
          slug: `post-${i + 1}`,
          title: `Post ${i + 1}`,
          publishAt: new Date(published.getTime() - i * 60_000),
        })),
      );
      invalidatePublicBlog();
      const data = await sitemapLoader({ context: { services: { db } } } as unknown as Parameters<typeof sitemapLoader>[0]);
      const blog = data.groups.find((g) => g.name === "Blog")!;
      expect(blog.pages).toHaveLength(SITEMAP_POSTS);
      expect(blog.pages[0]).toEqual({ path: "/blog/post-0", name: row!.title }); // the newest first
      expect(data.allPostsLink).toBe(`All ${more + 1} posts on the blog`);
      expect(new Headers(sitemapHeaders({} as Parameters<typeof sitemapHeaders>[0])).get("Cache-Control")).toBe("public, max-age=300");

      // Under the limit, every post and no link.
      await db.delete(blogPosts).where(like(blogPosts.slug, "post-1%"));
      invalidatePublicBlog();
      const few = await sitemapLoader({ context: { services: { db } } } as unknown as Parameters<typeof sitemapLoader>[0]);
      const left = (await publicPosts(db)).length;
      expect(left).toBeLessThanOrEqual(SITEMAP_POSTS);
      expect(few.groups.find((g) => g.name === "Blog")!.pages).toHaveLength(left);
      expect(few.allPostsLink).toBeNull();
    });

    it("publishes a scheduled post at its time, without waiting for the cache's TTL", async () => {
      const db = services.db;
      await createPost(db, input({ slug: "soon" }), { kind: "at", at: new Date(Date.now() + 1500) }, null);
      expect(await publicPosts(db)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1700));
      expect((await publicPosts(db)).map((p) => p.slug)).toEqual(["soon"]);
    });

    it("lists redirect rules 100 a page, newest first, searched in old paths and new addresses with % and _ taken literally", async () => {
      const db = services.db;
      const start = Date.UTC(2026, 0, 1);
      await db.insert(redirects).values(
        Array.from({ length: REDIRECT_PAGE_SIZE + 30 }, (_, i) => ({
          source: `/old-${i}`,
          target: i === 7 ? "/services/voip" : `/new_${i}`,
          status: 301,
          createdAt: new Date(start + i * 60_000),
        })),
      );
      const first = await listRedirects(db, { q: "", page: 1 });
      expect(first).toMatchObject({ total: REDIRECT_PAGE_SIZE + 30, page: 1, pages: 2 });
      expect(first.rows).toHaveLength(REDIRECT_PAGE_SIZE);
      expect(first.rows[0]!.source).toBe(`/old-${REDIRECT_PAGE_SIZE + 29}`);
      const second = await listRedirects(db, { q: "", page: 9 }); // past the end: the last page
      expect(second.page).toBe(2);
      expect(second.rows).toHaveLength(30);
      expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(REDIRECT_PAGE_SIZE + 30);

      expect((await listRedirects(db, { q: "VOIP", page: 1 })).rows.map((r) => r.source)).toEqual(["/old-7"]);
      expect((await listRedirects(db, { q: "old-12", page: 1 })).rows.map((r) => r.source).sort()).toEqual(
        ["/old-12", ...Array.from({ length: 10 }, (_, i) => `/old-12${i}`)].sort(),
      );
      // A wildcard typed in the search matches itself only: "old_1" is not "old-1", "%" is no "anything".
      expect((await listRedirects(db, { q: "new_12", page: 1 })).total).toBe(11); // /new_12, /new_120-129
      expect((await listRedirects(db, { q: "old_1", page: 1 })).total).toBe(0);
      expect((await listRedirects(db, { q: "%", page: 1 })).total).toBe(0);
      expect(parseRedirectQuery(new URL("https://x.example/admin/redirects?q=%20a%20&page=-3"))).toEqual({ q: "a", page: 1 });
    });

    it("checks redirect rules: normalised source, no self-reference, no loop, never an existing page", async () => {
      const db = services.db;
      const made = await createRedirect(db, { source: "/Managed-Services/", target: "/services/managed-it", status: "301" }, null);
      expect(made.ok).toBe(true);
      expect((await listRedirects(db)).rows[0]).toMatchObject({ source: "/managed-services", status: 301, hits: 0 });

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

    it("refuses on save a rule that would make a chain of more than 20 redirects, whichever end it extends, naming where it starts", async () => {
      const db = services.db;
      const save = (source: string, target: string) => createRedirect(db, { source, target, status: "301" }, null);
      // /c1 → /c2 → … → /c21: twenty rules, each saved after the one it extends (the order that used to pass).
      for (let i = 1; i <= CHAIN_MAX; i++) expect((await save(`/c${i}`, `/c${i + 1}`)).ok, `/c${i}`).toBe(true);
      const longer = await save(`/c${CHAIN_MAX + 1}`, `/c${CHAIN_MAX + 2}`);
      expect(!longer.ok && longer.errors.target).toMatch(
        new RegExp(
          `a visit to /c1 would be redirected ${CHAIN_MAX + 1} times in a row \\(through /c${CHAIN_MAX + 1}\\); at most ${CHAIN_MAX}`,
        ),
      );
      const before = await save("/c0", "/c1");
      expect(!before.ok && before.errors.target).toContain(`a visit to /c0 would be redirected ${CHAIN_MAX + 1} times`);
      // Joining into the middle is fine while the run from its own start stays within the limit.
      expect((await save("/side", "/c5")).ok).toBe(true);
      expect((await save("/side-2", "/side")).ok).toBe(true);
      expect((await save("/side-3", "/side-2")).ok).toBe(true);
      expect((await save("/side-4", "/side-3")).ok).toBe(true); // side-4, side-3, side-2, side, c5 … c20: 20
      const side = await save("/side-5", "/side-4");
      expect(!side.ok && side.errors.target).toContain(`a visit to /side-5 would be redirected ${CHAIN_MAX + 1} times`);
      expect(await longestChain(db)).toBe(CHAIN_MAX);
      const loop = await save(`/c${CHAIN_MAX + 1}`, "/C1/");
      expect(!loop.ok && loop.errors.target).toMatch(/loop/);
    });

    it("refuses on import a 2,000-rule chain and a loop, naming the line and rule, and stores none of the file", async () => {
      const db = services.db;
      const chain = Array.from({ length: 2000 }, (_, i) => `/old/${i + 1},/old/${i + 2}`).join("\n");
      const refused = await importRedirectCsv(db, chain, null);
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.errors[0]).toMatch(
        new RegExp(
          `^Line ${CHAIN_MAX + 1} \\(/old/${CHAIN_MAX + 1} → /old/${CHAIN_MAX + 2}\\): .*a visit to /old/1 would be redirected ${CHAIN_MAX + 1} times`,
        ),
      );
      expect((await listRedirects(db)).rows).toEqual([]);
      // The same chain written from its end: the rule that makes it too long is found from the other side.
      const backwards = Array.from({ length: 30 }, (_, i) => `/back/${30 - i},/back/${31 - i}`).join("\n");
      const refusedBackwards = await importRedirectCsv(db, backwards, null);
      expect(!refusedBackwards.ok && refusedBackwards.errors[0]).toMatch(
        new RegExp(`^Line ${CHAIN_MAX + 1} \\(/back/${30 - CHAIN_MAX} → /back/${31 - CHAIN_MAX}\\): .*redirected ${CHAIN_MAX + 1} times`),
      );
      const loop = await importRedirectCsv(db, "/l1,/l2\n/l2,https://www.crossroadsit.example/l3?x=1\n/l3,/L1/\n", null);
      expect(!loop.ok && loop.errors).toEqual([expect.stringMatching(/^Line 3 \(\/l3 → \/L1\/\): .*loop/)]);
      expect((await listRedirects(db)).rows).toEqual([]);
      // Exactly the limit is accepted.
      const limit = Array.from({ length: CHAIN_MAX }, (_, i) => `/ok/${i + 1},/ok/${i + 2}`).join("\n");
      expect(await importRedirectCsv(db, limit, null)).toEqual({ ok: true, imported: CHAIN_MAX });
      expect(await longestChain(db)).toBe(CHAIN_MAX);
    });

    it("keeps the chain limit and loop check when rules are saved and imported at the same moment", async () => {
      const db = services.db;
      const saves = [
        // A chain of 26 rules, all saved at once: each alone is fine, together too long.
        ...Array.from({ length: 26 }, (_, i) => createRedirect(db, { source: `/p${i}`, target: `/p${i + 1}`, status: "301" }, null)),
        // Ten loops of two rules, both halves at once.
        ...Array.from({ length: 10 }, (_, i) => [
          createRedirect(db, { source: `/q${i}a`, target: `/q${i}b`, status: "301" }, null),
          createRedirect(db, { source: `/q${i}b`, target: `/q${i}a`, status: "301" }, null),
        ]).flat(),
        importRedirectCsv(db, "/r1,/p0\n/r2,/r1\n", null),
      ];
      const results = await Promise.all(saves);
      expect(results.filter((r) => r.ok).length).toBeGreaterThan(20);
      expect(await longestChain(db)).toBeLessThanOrEqual(CHAIN_MAX);
    });

    it("percent-encodes a target outside ASCII, so the redirect answers without an error; old paths outside ASCII match however they are written", async () => {
      const db = services.db;
      const errors = vi.spyOn(appLog, "error");
      try {
        const visit = (path: string) => findRedirectFor(new Request(`https://www.crossroadsit.example${path}`), { services: { db } });
        expect((await createRedirect(db, { source: "/Old-日本", target: "/日本語?q=é#ç", status: "301" }, null)).ok).toBe(true);
        expect((await listRedirects(db)).rows[0]).toMatchObject({
          source: "/old-日本",
          target: "/%E6%97%A5%E6%9C%AC%E8%AA%9E?q=%C3%A9#%C3%A7",
        });
        for (const path of ["/old-%E6%97%A5%E6%9C%AC", "/OLD-%e6%97%a5%e6%9c%ac/", "/old-日本"]) {
          const hit = await visit(path);
          expect(hit?.status, path).toBe(301);
          expect(hit?.headers.get("location"), path).toBe("/%E6%97%A5%E6%9C%AC%E8%AA%9E?q=%C3%A9#%C3%A7");
        }
        // Another site's address: its host in ASCII, its path encoded; text already encoded stays as it is.
        expect((await createRedirect(db, { source: "/ext", target: "https://例え.example/パス", status: "302" }, null)).ok).toBe(true);
        expect((await visit("/ext"))?.headers.get("location")).toBe("https://xn--r8jz45g.example/%E3%83%91%E3%82%B9");
        expect((await createRedirect(db, { source: "/pct", target: "/a%20b/%E6%97%A5", status: "301" }, null)).ok).toBe(true);
        expect((await visit("/pct"))?.headers.get("location")).toBe("/a%20b/%E6%97%A5");
        // A loop is seen through the encoding: /日本語 is the path the first rule leads to.
        const loop = await createRedirect(db, { source: "/日本語", target: "/old-日本", status: "301" }, null);
        expect(!loop.ok && loop.errors.target).toMatch(/loop/);
        // A rule stored before targets were encoded still answers.
        await db.insert(redirects).values({ source: "/legacy", target: "/été", status: 301 });
        invalidateRedirects();
        expect((await visit("/legacy?a=1"))?.headers.get("location")).toBe("/%C3%A9t%C3%A9?a=1");
        // Text that is not valid Unicode is refused with a message.
        const broken = await createRedirect(db, { source: "/broken", target: "/a\ud800b", status: "301" }, null);
        expect(!broken.ok && broken.errors.target).toContain("not valid text");
        expect(errors).not.toHaveBeenCalled();
      } finally {
        errors.mockRestore();
      }
    });

    it("applies rules for GET and HEAD with the query kept, and counts the hit", async () => {
      const db = services.db;
      const made = await createRedirect(db, { source: "/old-page", target: "/contact?from=old", status: "301" }, null);
      const hit = await findRedirect(db, "GET", new URL("https://x.example/Old-Page/?utm_source=mail"));
      expect(hit?.status).toBe(301);
      expect(hit?.headers.get("Location")).toBe("/contact?from=old&utm_source=mail");
      expect(await findRedirect(db, "POST", new URL("https://x.example/old-page"))).toBeNull();
      expect(await findRedirect(db, "GET", new URL("https://x.example/other"))).toBeNull();
      await expect.poll(async () => (await listRedirects(db)).rows[0].hits).toBe(1);
      expect((await listRedirects(db)).rows[0].lastHitAt).not.toBeNull();
      if (made.ok) await deleteRedirect(db, made.id);
      expect(await findRedirect(db, "GET", new URL("https://x.example/old-page"))).toBeNull();
    });

    it("imports a CSV all or nothing, reporting each bad line", async () => {
      const db = services.db;
      const bad = await importRedirectCsv(
        db,
        'source,target,status\n/one,/services\n/about,/x\n/two,/two,301\n"/three,/x\n/four,/x,307\n',
        null,
      );
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.errors).toEqual([
        "Line 5: an opening quote is never closed.",
        expect.stringMatching(/^Line 3 .*page of this site/),
        expect.stringMatching(/^Line 4 .*itself/),
        expect.stringMatching(/^Line 6 .*301/),
      ]);
      expect((await listRedirects(db)).rows).toEqual([]);
      const good = await importRedirectCsv(db, '/one,/services\n"/two","https://example.org/a,b",302\n/one-more,/one\n', null);
      expect(good).toEqual({ ok: true, imported: 3 });
      const loop = await importRedirectCsv(db, "/x1,/x2\n/x2,/one-more\n/services-old,/x1\n/one-more-2,/x1\n/one,/x\n", null);
      expect(!loop.ok && loop.errors).toEqual([expect.stringMatching(/^Line 5 .*already a rule/)]);
    });
  });
}

describe.each(backends().filter((b) => !b.skip))("blog import on $name", (backend) => {
  let closeFresh = async () => {};
  let services: AppServices;
  beforeAll(async () => {
    closeFresh = await openFreshDatabase(backend, "blog-import");
    ({ services } = await loadContext());
  });
  afterAll(async () => {
    await closeFresh();
  });

  it("imports Markdown files with front matter as drafts (or published), and says why it skips one", async () => {
    const db = services.db;
    const store = services.storage;
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
