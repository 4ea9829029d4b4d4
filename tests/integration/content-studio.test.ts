/**
 * The content studio's store and live content (docs/requirements/content-studio.md): a fresh
 * install seeded from the typed content; drafts that leave the public content alone; publishing
 * seen by every process through the database's notifications; two saves at the same moment give
 * one conflict naming who came first; restore makes a draft; a due schedule is published once
 * however many processes look at the same moment.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { sitemapFile } from "~/blog/sitemap-file.server";
import { seedContent } from "~/content/seed";
import { initDatabase, type Database } from "~/db/client.server";
import { auditLog, contentItems, contentVersions, user } from "~/db/schema.server";
import { itemCodec } from "~/studio/codec";
import { openLiveContent, pageLastModified, type LiveContent } from "~/studio/live.server";
import {
  getItem,
  listItems,
  listVersions,
  publishDue,
  publishItem,
  restoreVersion,
  saveDraft,
  scheduleItem,
  type Author,
} from "~/studio/store.server";
import { exportContent, importContent } from "~/studio/transfer.server";

import { backends, openFreshDatabase } from "./backends";

const refuse = async () => {
  throw new Error("no preview in these tests");
};

/** Resolves with the next content the live copy loads. */
const nextChange = (live: LiveContent) =>
  new Promise<ReturnType<LiveContent["published"]>>((resolve) => {
    const off = live.onChange((content) => {
      off();
      resolve(content);
    });
  });

const withPhone = (display: string) => {
  const facts = structuredClone(seedContent().facts);
  facts.phones.support = { display, e164: `+1${display.replace(/\D/g, "")}` };
  return facts;
};

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`content studio on ${backend.name}`, () => {
    let close = async () => {};
    let db: Database;
    let live: LiveContent;
    let maria: Author;
    let sam: Author;

    beforeAll(async () => {
      close = await openFreshDatabase(backend, "content-studio");
      const handle = await initDatabase({ dataDir: "" });
      db = handle.db;
      const [m, s] = await db
        .insert(user)
        .values([
          { name: "Maria Lopez", email: "maria@crossroadsit.example" },
          { name: "Sam Ortiz", email: "sam@crossroadsit.example" },
        ])
        .returning({ id: user.id, name: user.name });
      maria = m!;
      sam = s!;
      live = await openLiveContent({ db, listen: handle.listen, codec: itemCodec, guardPreview: refuse, log: { log() {}, error() {} } });
    });
    afterAll(async () => {
      await live.close();
      await close();
    });

    it("a fresh install holds every item of the typed content, published as version 1", async () => {
      const items = await listItems(db);
      expect(items.map((i) => i.id)).toEqual(
        expect.arrayContaining(["facts", "home", "service/managed-it", "city/indianapolis-it-support", "legal/terms"]),
      );
      expect(items).toHaveLength(itemCodec.items(seedContent()).length);
      expect(live.published()).toEqual(seedContent());
      expect((await listVersions(db, "facts")).map((v) => v.version)).toEqual([1]);
    });

    it("a draft leaves the public content alone; publishing reaches the live copy through the notification", async () => {
      const row = (await getItem(db, "facts"))!;
      const draft = await saveDraft(db, "facts", {
        revision: row.revision,
        data: withPhone("(317) 555-0199"),
        title: "Business facts",
        by: maria,
      });
      expect(draft.ok).toBe(true);
      await live.reload();
      expect(live.published().facts.phones.support.display).toBe("(317) 555-0142");

      const changed = nextChange(live);
      const saved = (await getItem(db, "facts"))!;
      const published = await publishItem(db, "facts", {
        revision: saved.revision,
        data: withPhone("(317) 555-0199"),
        title: "Business facts",
        by: maria,
        note: "New support line",
      });
      expect(published).toMatchObject({ ok: true, version: 2 });
      // No reload called here: the NOTIFY of the publishing transaction brings it.
      expect((await changed).facts.phones.support.display).toBe("(317) 555-0199");
      expect((await getItem(db, "facts"))!.draft).toBeNull();
      const history = await listVersions(db, "facts");
      expect(history[0]).toMatchObject({ version: 2, publishedByName: "Maria Lopez", note: "New support line" });
    });

    it("sitemap.xml gives every page the date of its last publication: the business facts' for all, a page's own when later", async () => {
      const facts = live.publishedAt("facts")!;
      const file = await sitemapFile(db, (path) => pageLastModified(live, path), String(live.generation()));
      const xml = file.identity.toString("utf8");
      for (const path of ["/", "/contact", "/indianapolis-it-support"])
        expect(xml).toContain(`${path === "/" ? "" : path}</loc><lastmod>${facts.toISOString()}</lastmod>`);
    });

    it("20 saves of the same form at the same moment: one is kept, the others are refused naming who saved first", async () => {
      const { revision } = (await getItem(db, "home"))!;
      const home = seedContent().home;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          saveDraft(db, "home", {
            revision,
            data: { ...home, hero: { ...home.hero, headline: `Headline ${i}` } },
            title: "Home",
            by: i === 0 ? maria : sam,
          }),
        ),
      );
      const kept = results.filter((r) => r.ok);
      expect(kept).toHaveLength(1);
      const winner = results.findIndex((r) => r.ok);
      const refused = results.filter((r) => !r.ok);
      expect(refused).toHaveLength(19);
      for (const r of refused) {
        expect(r.ok === false && !r.missing && r.conflict.byName).toBe(winner === 0 ? "Maria Lopez" : "Sam Ortiz");
      }
      const row = (await getItem(db, "home"))!;
      expect((row.draft as typeof home).hero.headline).toBe(`Headline ${winner}`);
      expect(row.revision).toBe(revision + 1);
    });

    it("restoring a version makes it the draft; the published version stays live until that draft is published", async () => {
      const before = (await getItem(db, "facts"))!;
      expect(before.publishedVersion).toBe(2);
      const restored = await restoreVersion(db, "facts", { revision: before.revision, version: 1, by: sam, title: () => "Business facts" });
      expect(restored.ok).toBe(true);
      const row = (await getItem(db, "facts"))!;
      expect(row.draft).toEqual(seedContent().facts);
      expect((row.published as ReturnType<typeof withPhone>).phones.support.display).toBe("(317) 555-0199");
      await live.reload();
      expect(live.published().facts.phones.support.display).toBe("(317) 555-0199");
    });

    it("a due schedule is published once, however many processes look for it at the same moment", async () => {
      const row = (await getItem(db, "about"))!;
      const about = { ...seedContent().about, headline: "Scheduled headline" };
      const scheduled = await scheduleItem(db, "about", {
        revision: row.revision,
        data: about,
        title: "About",
        by: maria,
        at: new Date(Date.now() - 1000),
      });
      expect(scheduled.ok).toBe(true);
      // A second "process": its own connection (PostgreSQL), or the same database (PGlite).
      let other: Database = db;
      let closeOther = async () => {};
      if (backend.name === "PostgreSQL 15") {
        const { Pool } = await import("pg");
        const { drizzle } = await import("drizzle-orm/node-postgres");
        const pool = new Pool({ connectionString: inject("pgUrl") });
        other = drizzle({ client: pool }) as unknown as Database;
        closeOther = () => pool.end();
      }
      try {
        const changed = nextChange(live);
        const runs = await Promise.all([publishDue(db), publishDue(other), publishDue(db), publishDue(other)]);
        expect(runs.flat().map((r) => [r.id, r.version])).toEqual([["about", 2]]);
        expect((await changed).about.headline).toBe("Scheduled headline");
        const versions = await db.select().from(contentVersions);
        expect(
          versions
            .filter((v) => v.itemId === "about")
            .map((v) => v.version)
            .sort(),
        ).toEqual([1, 2]);
        const after = (await getItem(db, "about"))!;
        expect(after.scheduledAt).toBeNull();
        expect(after.draft).toBeNull();
      } finally {
        await closeOther();
      }
    });

    it("an export imported again changes nothing (jsonb's key order is not a change)", async () => {
      const text = JSON.stringify(await exportContent(db));
      const result = await importContent(db, text, { by: maria, publish: false, content: live.published() });
      expect(result).toMatchObject({ ok: true, changed: [] });
    });

    it("an import with a problem anywhere applies nothing and lists each problem where it is", async () => {
      const file = await exportContent(db);
      const facts = file.items.find((i) => i.id === "facts")!;
      (facts.published as { phones: { support: { display: string } } }).phones.support.display = "call us";
      const home = file.items.find((i) => i.id === "home")!;
      (home.published as { hero: { headline: string } }).hero.headline = "Imported headline";
      const before = await listItems(db);
      const result = await importContent(db, JSON.stringify(file), { by: maria, publish: true, content: live.published() });
      expect(result.ok).toBe(false);
      expect(result.ok === false && result.problems.join("\n")).toMatch(/^facts › .*Support.*: .+/m);
      expect(await listItems(db)).toEqual(before);
      // Not JSON, another format: a message, nothing applied.
      expect(await importContent(db, "{oops", { by: maria, publish: true, content: live.published() })).toMatchObject({ ok: false });
    });

    it("an import whose city page names an office the business facts do not have is refused", async () => {
      const file = await exportContent(db);
      const city = file.items.find((i) => i.id === "city/indianapolis-it-support")!;
      (city.published as { officeId: string }).officeId = "atlantis";
      const result = await importContent(db, JSON.stringify(file), { by: maria, publish: true, content: live.published() });
      expect(result.ok === false && result.problems).toEqual([expect.stringContaining("city/indianapolis-it-support › Office")]);
    });

    it("a scheduled change that would drop an office a city page names is not published: it stays a draft, and the refusal is audited", async () => {
      const row = (await getItem(db, "facts"))!;
      const facts = structuredClone(live.published().facts);
      facts.offices = facts.offices.filter((o) => o.id !== "evansville");
      await scheduleItem(db, "facts", {
        revision: row.revision,
        data: facts,
        title: "Business facts",
        by: maria,
        at: new Date(Date.now() - 1000),
      });
      const runs = await live.publishDue();
      expect(runs).toEqual([{ id: "facts", version: null, byId: maria.id }]);
      const after = (await getItem(db, "facts"))!;
      expect(after.scheduledAt).toBeNull();
      expect(after.draft).not.toBeNull();
      expect(after.publishedVersion).toBe(row.publishedVersion);
      const audit = await db.select().from(auditLog);
      expect(audit.some((a) => a.event === "content-schedule-cancelled" && a.detail?.startsWith("facts"))).toBe(true);
    });

    it("content already stored that breaks a rule across items is shown with that item's seed, so every page still has its office", async () => {
      const row = (await getItem(db, "facts"))!;
      const facts = structuredClone(live.published().facts);
      facts.offices = facts.offices.filter((o) => o.id !== "evansville");
      // Written by the store directly (no route checks): an older version of the site, a hand edit.
      await publishItem(db, "facts", { revision: row.revision, data: facts, title: "Business facts", by: maria });
      await live.reload();
      const shown = live.published();
      expect(shown.facts.offices.some((o) => o.id === "evansville")).toBe(true);
      for (const city of Object.values(shown.cities)) expect(shown.facts.offices.some((o) => o.id === city.officeId)).toBe(true);
    });

    it("a database made before the testimonials existed gets them at the next start, as version 1", async () => {
      await db.delete(contentItems).where(eq(contentItems.id, "testimonials"));
      expect(await getItem(db, "testimonials")).toBeNull();
      const next = await openLiveContent({ db, codec: itemCodec, guardPreview: refuse, log: { log() {}, error() {} } });
      try {
        const row = (await getItem(db, "testimonials"))!;
        expect(row).toMatchObject({ type: "testimonials", title: "Testimonials", publishedVersion: 1 });
        expect(row.published).toEqual({ testimonials: seedContent().testimonials });
        expect((await listVersions(db, "testimonials")).map((v) => v.version)).toEqual([1]);
        expect(next.published().testimonials).toEqual(seedContent().testimonials);
      } finally {
        await next.close();
      }
    });

    it("publishing the testimonials changes the pages that show them, and their date in sitemap.xml", async () => {
      const [first] = seedContent().testimonials;
      const changed = nextChange(live);
      const row = (await getItem(db, "testimonials"))!;
      const published = await publishItem(db, "testimonials", {
        revision: row.revision,
        data: { testimonials: [{ ...first, quote: "A new quote, long enough to be one." }] },
        title: "Testimonials",
        by: maria,
      });
      expect(published).toMatchObject({ ok: true, version: 2 });
      expect((await changed).testimonials).toEqual([{ ...first, quote: "A new quote, long enough to be one." }]);
      const at = live.publishedAt("testimonials")!;
      expect(at.getTime()).toBeGreaterThan(live.publishedAt("facts")!.getTime());
      for (const path of ["/", "/services/managed-it", "/industries/construction"]) expect(pageLastModified(live, path)).toEqual(at);
      for (const path of ["/contact", "/indianapolis-it-support"]) expect(pageLastModified(live, path)).toEqual(live.publishedAt("facts"));
    });
  });
}
