/**
 * Site search (docs/requirements/search.md, ADR 032) on both databases: the content's pages
 * indexed from the published content (and again after a publication, through the notification),
 * posts indexed by the database in their own transaction; ranking (a title match first), typos,
 * word forms, a question of the questions page as its own result, posts found and gone, a
 * scheduled post found only at its time, suggestions when nothing is found, hostile queries
 * answered (400 where meant, never a throw), paging; Insights' searches.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { parsePost, type PostInput, type PostValues } from "~/blog/post-schema";
import { createPost, deletePost, setPublication, updatePost } from "~/blog/posts.server";
import { seedContent } from "~/content/seed";
import { initDatabase, type Database } from "~/db/client.server";
import { contactRateLimit, insightEvents, insightSearches, searchDocuments, searchIndexState, searchWords, user } from "~/db/schema.server";
import { createInsightsCollector, searchQueryForInsights } from "~/insights/collect.server";
import { searchInsights } from "~/insights/searches.server";
import { pruneSearchWords, startSearchIndex, syncContentIndex } from "~/search/index.server";
import { searchSite } from "~/search/query.server";
import { markedSegments, PAGE_SIZE, QUERY_MAX, SEARCH_MESSAGES, SEARCHES_PER_MINUTE } from "~/search/search-rules";
import { answerSearch } from "~/search/search.server";
import { itemCodec } from "~/studio/codec";
import { openLiveContent, type LiveContent } from "~/studio/live.server";
import { getItem, publishItem } from "~/studio/store.server";

import { backends, clientAddresses, openFreshDatabase } from "./backends";

const values = (over: Partial<PostValues> = {}): PostValues => ({
  title: "A post",
  slug: "",
  summary: "A summary long enough for the blog's rule of fifty characters or more.",
  body: "Body text.",
  coverImage: "",
  coverAlt: "",
  authorName: "Dana Reyes",
  tags: "",
  ...over,
});
const post = (over: Partial<PostValues> = {}): PostInput => {
  const parsed = parsePost(values(over));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};

const search = (db: Database, q: string, page = 1) =>
  searchSite(db, q.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [], { page, pageSize: PAGE_SIZE });
const plainTitle = (marked: string) =>
  markedSegments(marked)
    .map((s) => s.text)
    .join("");

/** Waits (up to `ms`) for `check` to pass. */
async function within<T>(ms: number, check: () => Promise<T>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const HOSTILE: { q: string; status: 200 | 400 }[] = [
  { q: "x".repeat(10_000), status: 400 },
  { q: "cloud\u0000backup", status: 400 },
  { q: "%", status: 400 },
  { q: "_", status: 400 },
  { q: "%_%", status: 400 },
  { q: "'", status: 400 },
  { q: '"', status: 400 },
  { q: "\\", status: 400 },
  { q: "<script>alert(1)</script>", status: 200 },
  { q: "<b>backup</b>", status: 200 },
  { q: "&", status: 400 },
  { q: "|", status: 400 },
  { q: "!", status: 400 },
  { q: ":*", status: 400 },
  { q: "<->", status: 400 },
  { q: "backup & !cloud | voip:* <-> 'x'", status: 200 },
  { q: "backup:*", status: 200 },
  { q: "'; drop table search_documents; --", status: 200 },
  { q: "1' or '1'='1", status: 200 },
  { q: "\\x00 \\' %25 _%_", status: 200 },
  { q: "cloud%_backup", status: 200 },
  { q: "a".repeat(300), status: 200 },
  { q: `${"backup ".repeat(100)}`, status: 200 },
  { q: `${"backup ".repeat(150)}`, status: 400 },
  { q: "🙂🙂🙂", status: 400 },
  { q: "\u202eevil\u202c", status: 200 },
  { q: "\u202e\u200b", status: 200 },
  { q: "ｃｌｏｕｄ", status: 200 },
  { q: "the and of", status: 200 },
];

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`site search on ${backend.name}`, () => {
    let close = async () => {};
    let db: Database;
    let live: LiveContent;
    let stopIndex = () => {};
    const address = clientAddresses(71);

    beforeAll(async () => {
      close = await openFreshDatabase(backend, "search");
      const handle = await initDatabase({ dataDir: "" });
      db = handle.db;
      live = await openLiveContent({
        db,
        listen: handle.listen,
        codec: itemCodec,
        guardPreview: async () => {
          throw new Error("no preview here");
        },
        log: { log() {}, error() {} },
      });
      stopIndex = (await startSearchIndex(db, live, { error() {} })).stop;
    });
    afterAll(async () => {
      stopIndex();
      await live.close();
      await close();
    });

    it("indexes every page of the published content once: a process that finds the same content writes nothing", async () => {
      const rows = await db
        .select({ key: searchDocuments.key, kind: searchDocuments.kind, url: searchDocuments.url })
        .from(searchDocuments);
      const keys = rows.map((r) => r.key);
      expect(keys).toEqual(
        expect.arrayContaining(["home", "about", "contact", "faq", "service/cybersecurity", "industry/healthcare", "legal/privacy"]),
      );
      expect(keys).toContain("city/indianapolis-it-support");
      const questions = seedContent().faq.groups.flatMap((g) => g.faqs);
      expect(rows.filter((r) => r.kind === "faq")).toHaveLength(questions.length);
      expect(await syncContentIndex(db, live.published())).toBe("unchanged");
      expect((await db.select().from(searchIndexState)).map((s) => s.source)).toEqual(["content"]);
    });

    it("ranks a title match above body matches", async () => {
      const found = await search(db, "cybersecurity");
      expect(found.total).toBeGreaterThan(3);
      expect(found.hits[0]).toMatchObject({ url: "/services/cybersecurity", kind: "service" });
      expect(markedSegments(found.hits[0].title)).toEqual([{ text: "Cybersecurity", marked: true }]);
      // Pages that only mention it in their text come after, with the word marked in their snippet.
      const bodyOnly = found.hits.slice(1).find((h) => !/cybersecurity/i.test(plainTitle(h.title)));
      expect(bodyOnly).toBeDefined();
      expect(markedSegments(bodyOnly!.snippet).some((s) => s.marked && /cybersecurity/i.test(s.text))).toBe(true);
    });

    it("forgives typos: the closest word of the pages is searched, and the answer says which", async () => {
      const cyber = await search(db, "cybersecurty");
      expect(cyber.corrected).toEqual([{ typed: "cybersecurty", searched: "cybersecurity" }]);
      expect(cyber.hits[0]?.url).toBe("/services/cybersecurity");
      const compliance = await search(db, "complaince");
      expect(compliance.corrected[0]).toMatchObject({ typed: "complaince", searched: "compliance" });
      expect(compliance.hits.slice(0, 3).map((h) => h.url)).toContain("/services/it-compliance");
      // A known word is searched as typed, with no correction.
      expect((await search(db, "compliance")).corrected).toEqual([]);
    });

    it("finds word forms through the english configuration: 'backups' finds a page that says 'backup'", async () => {
      await createPost(db, post({ title: "Restore drills", body: "Test one zebracopy backup a month." }), { kind: "now" }, null);
      const found = await search(db, "zebracopy backups");
      expect(found.hits.map((h) => plainTitle(h.title))).toEqual(["Restore drills"]);
      expect(
        markedSegments(found.hits[0].snippet)
          .filter((s) => s.marked)
          .map((s) => s.text),
      ).toEqual(["zebracopy", "backup"]);
    });

    it("a question of the questions page is a result of its own, linking to its answer", async () => {
      const question = seedContent().faq.groups[0].faqs[0].question;
      const found = await search(db, question);
      const hit = found.hits.find((h) => h.kind === "faq");
      expect(plainTitle(hit!.title)).toBe(question);
      expect(hit!.url).toMatch(/^\/faq#q-[a-z0-9-]+$/);
      expect(found.hits[0].kind).toBe("faq");
    });

    it("a published post is found; unpublished or deleted, it is gone at once; edited, its new words are found", async () => {
      const { id } = await createPost(db, post({ title: "Quokka network audits", slug: "quokka" }), { kind: "now" }, null);
      expect((await search(db, "quokka")).hits.map((h) => h.url)).toEqual(["/blog/quokka"]);
      await setPublication(db, id, { kind: "draft" }, null);
      await within(2_000, async () => expect((await search(db, "quokka")).hits.map((h) => h.url)).not.toContain("/blog/quokka"));
      await setPublication(db, id, { kind: "now" }, null);
      expect((await search(db, "quokka")).total).toBe(1);
      await updatePost(db, id, post({ title: "Wombat network audits", slug: "wombat" }), { kind: "keep" }, null);
      expect((await search(db, "wombat")).hits.map((h) => h.url)).toEqual(["/blog/wombat"]);
      expect((await search(db, "quokka")).hits.map((h) => h.url)).not.toContain("/blog/quokka");
      await deletePost(db, id);
      expect((await search(db, "wombat")).hits.map((h) => h.url)).not.toContain("/blog/wombat");
      // A draft is never found.
      await createPost(db, post({ title: "Narwhal draft", slug: "narwhal" }), { kind: "draft" }, null);
      expect((await search(db, "narwhal")).total).toBe(0);
    });

    it("a scheduled post is not found before its time, and is once the database's clock reaches it", async () => {
      const { id } = await createPost(
        db,
        post({ title: "Axolotl patching", slug: "axolotl" }),
        { kind: "at", at: new Date(Date.now() + 3_600_000) },
        null,
      );
      expect((await search(db, "axolotl")).total).toBe(0);
      // Nor is its word suggested or used for a typo while it is not public.
      expect((await search(db, "axolotls")).hits).toEqual([]);
      expect((await search(db, "axolotll")).suggestions).toEqual([]);
      await db
        .update(searchDocuments)
        .set({ publishedAt: sql`now() - interval '1 second'` })
        .where(eq(searchDocuments.key, `post/${id}`));
      expect((await search(db, "axolotl")).hits.map((h) => h.url)).toEqual(["/blog/axolotl"]);
    });

    it("a content publication is searchable within 2 s, through the notification every process hears", async () => {
      const row = (await getItem(db, "service/voip"))!;
      const data = structuredClone(seedContent().services.voip);
      data.intro = `${data.intro} Ask about our platypus dial plans.`;
      await publishItem(db, "service/voip", {
        revision: row.revision,
        data,
        title: "VoIP",
        by: { id: (await firstUser(db)).id, name: "Maria" },
      });
      const found = await within(2_000, async () => {
        const result = await search(db, "platypus");
        expect(result.total).toBe(1);
        return result;
      });
      expect(found.hits[0].url).toBe("/services/voip");
    });

    it("nothing found: says so with close words that find a page; no word: no suggestion", async () => {
      const none = await search(db, "qqqqzzzz");
      expect(none).toMatchObject({ total: 0, hits: [], suggestions: [] });
      const far = await search(db, "cyberxqz");
      expect(far.total).toBe(0);
      expect(far.suggestions.length).toBeGreaterThan(0);
      for (const s of far.suggestions) expect((await search(db, s.query)).total).toBeGreaterThan(0);
      // Stop words alone: nothing to search, said so.
      expect(await search(db, "the and")).toMatchObject({ total: 0, ignored: ["the", "and"] });
    });

    it("pages the results, 10 a page; a page past the last has none but knows the total", async () => {
      for (let i = 0; i < 13; i++)
        await createPost(db, post({ title: `Capybara tip ${i}`, slug: `capybara-${i}`, body: "capybara" }), { kind: "now" }, null);
      const first = await search(db, "capybara");
      const second = await search(db, "capybara", 2);
      expect(first.total).toBe(13);
      expect(first.hits).toHaveLength(10);
      expect(second.hits).toHaveLength(3);
      expect(new Set([...first.hits, ...second.hits].map((h) => h.url)).size).toBe(13);
      const past = await search(db, "capybara", 5);
      expect(past).toMatchObject({ total: 13, hits: [] });
    });

    it("answers hostile queries with a page or a 400 and its message, never a throw, each well under a second", async () => {
      for (const { q, status } of HOSTILE) {
        const started = performance.now();
        const answer = await answerSearch(db, new URL(`https://x.example/search?q=${encodeURIComponent(q)}`), address(), {
          pageSize: PAGE_SIZE,
          paged: true,
        });
        expect(performance.now() - started, q.slice(0, 40)).toBeLessThan(1_000);
        expect(answer.status, q.slice(0, 40)).toBe(status);
        if (answer.kind === "refused") expect(answer.message).toBeTruthy();
      }
      const long = await answerSearch(db, new URL(`https://x.example/search?q=${"backup%20".repeat(40)}`), address(), {
        pageSize: PAGE_SIZE,
        paged: true,
      });
      expect(long).toMatchObject({ status: 200, kind: "results", shortened: true });
      expect(long.kind === "results" && long.query.length).toBeLessThanOrEqual(QUERY_MAX);
      const nul = await answerSearch(db, new URL("https://x.example/search?q=a%00b"), address(), { pageSize: PAGE_SIZE, paged: true });
      expect(nul).toMatchObject({ status: 400, message: SEARCH_MESSAGES.control });
    });

    it("one address gets SEARCHES_PER_MINUTE searches a minute, then a 429 that says when to retry", async () => {
      const one = address();
      await db.delete(contactRateLimit);
      const url = new URL("https://x.example/search.json?q=backup");
      const answers = [];
      for (let i = 0; i <= SEARCHES_PER_MINUTE; i++) answers.push(await answerSearchStatus(db, url, one));
      expect(answers.filter((s) => s === 200)).toHaveLength(SEARCHES_PER_MINUTE);
      expect(answers.at(-1)).toBe(429);
    });

    it("tells Insights the searches made on /search: normalised, personal data left out, with results and contact requests of the same visit", async () => {
      expect(searchQueryForInsights("  Cloud   BACKUP ")).toBe("cloud backup");
      expect(searchQueryForInsights("jane.doe@example.com")).toBeNull();
      expect(searchQueryForInsights("call 317 555 0142")).toBeNull();
      expect(searchQueryForInsights("(317) 555-0142")).toBeNull();
      expect(searchQueryForInsights("office 365")).toBe("office 365");
      expect(searchQueryForInsights("x".repeat(300))).toHaveLength(100);

      await db.delete(insightSearches);
      const insights = createInsightsCollector({ db, siteUrl: "https://www.crossroadsit.example", allowedOrigins: [] });
      const request = (ip: string, headers: Record<string, string> = {}) =>
        new Request("https://www.crossroadsit.example/search?q=x", {
          headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0", [CLIENT_IP_HEADER]: ip, ...headers },
        });
      insights.recordSearch(request("10.71.200.1"), "10.71.200.1", "Cloud Backup", 7);
      insights.recordSearch(request("10.71.200.1"), "10.71.200.1", "qqqzzz", 0);
      insights.recordSearch(request("10.71.200.2"), "10.71.200.2", "cloud backup", 7);
      insights.recordSearch(request("10.71.200.3"), "10.71.200.3", "me@example.com", 0);
      insights.recordSearch(request("10.71.200.4", { "sec-gpc": "1" }), "10.71.200.4", "private", 0);
      insights.recordSearch(request("10.71.200.5", { "user-agent": "Googlebot/2.1" }), "10.71.200.5", "bot", 0);
      // The first visitor sends the contact form afterwards (a stored lead, as the contact action tells it).
      insights.recordLead(
        new Request("https://www.crossroadsit.example/contact", {
          headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0" },
        }),
        "10.71.200.1",
      );
      await insights.close();
      const rows = await db.select().from(insightSearches);
      expect(rows.map((r) => r.query).sort()).toEqual(["cloud backup", "cloud backup", "qqqzzz"]);
      expect((await db.select().from(insightEvents).where(eq(insightEvents.kind, "form_submit"))).length).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      const figures = await searchInsights(db, { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 60_000) });
      expect(figures.top[0]).toMatchObject({ query: "cloud backup", searches: 2, visitors: 2, contacted: 1 });
      expect(figures.zero).toEqual([expect.objectContaining({ query: "qqqzzz", searches: 1 })]);
      expect(figures.total).toMatchObject({ searches: 3, zero: 1 });
      expect(today).toBeTruthy();
    });

    it("forgets the words no page has any more", async () => {
      await db.insert(searchWords).values({ word: "oldforgottenword" }).onConflictDoNothing();
      await pruneSearchWords(db);
      expect(await db.select().from(searchWords).where(eq(searchWords.word, "oldforgottenword"))).toEqual([]);
      expect((await db.select().from(searchWords).where(eq(searchWords.word, "cybersecurity"))).length).toBe(1);
    });
  });
}

async function answerSearchStatus(db: Database, url: URL, address: string): Promise<number> {
  return (await answerSearch(db, url, address, { pageSize: 6, paged: false })).status;
}

async function firstUser(db: Database) {
  const [found] = await db.select({ id: user.id }).from(user).limit(1);
  if (found) return found;
  const [made] = await db.insert(user).values({ name: "Maria Lopez", email: "maria@crossroadsit.example" }).returning({ id: user.id });
  return made!;
}
