/**
 * The document library on both databases the product supports (the embedded PGlite and
 * PostgreSQL 15): unique slugs that store nothing on a clash, the publish filter of the viewers,
 * list filters and search, and sanitised rendering of what is stored.
 */
import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createStaffUser } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import { documents, user } from "~/db/schema.server";
import { parseDocumentForm, type DocumentInput } from "~/docs/document-schema";
import {
  createDocument,
  deleteDocument,
  getDocument,
  getPublishedDocument,
  listDocuments,
  setPublished,
  SlugTakenError,
  updateDocument,
} from "~/docs/documents.server";
import { renderMarkdown } from "~/markdown/markdown.server";

import { backends, loadContext, openFreshDatabase } from "./backends";

const PASSWORD = "Correct-Horse-Battery-42";

const doc = (over: Partial<DocumentInput> = {}): DocumentInput => ({
  title: "VPN setup",
  slug: "vpn-setup",
  collection: "mloe",
  body: "# Steps",
  ...over,
});
const countRows = async () => (await (await loadContext()).services.db.select({ id: documents.id }).from(documents)).length;

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`documents on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let authorId = "";
    let db: Database;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "docs");
      const { services } = await loadContext();
      db = services.db;
      authorId = (await createStaffUser(services, { email: "writer@crossroadsit.example", password: PASSWORD, admin: true })).id;
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("creates a draft with its author and timestamps, and reads it back", async () => {
      const { id } = await createDocument(db, doc(), authorId);
      const stored = await getDocument(db, id);
      expect(stored).toMatchObject({
        title: "VPN setup",
        slug: "vpn-setup",
        collection: "mloe",
        body: "# Steps",
        published: false,
        author: "writer@crossroadsit.example",
      });
      expect(Date.parse(stored!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(await getDocument(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    });

    it("refuses a taken slug on create and on update, naming the holder, and stores nothing", async () => {
      const before = await countRows();
      const clash = await createDocument(db, doc({ title: "Another", body: "new text" }), authorId).catch((e) => e);
      expect(clash).toBeInstanceOf(SlugTakenError);
      expect(clash.message).toBe("That slug is already used by “VPN setup”.");
      expect(await countRows()).toBe(before);

      const { id } = await createDocument(db, doc({ title: "Printers", slug: "printers", body: "Old body" }), authorId);
      const stamp = (await getDocument(db, id))!.updatedAt;
      await expect(updateDocument(db, id, doc({ title: "Printers v2", slug: "vpn-setup", body: "New body" }))).rejects.toBeInstanceOf(
        SlugTakenError,
      );
      // Nothing half-stored: neither the new title nor the body went in.
      expect(await getDocument(db, id)).toMatchObject({ title: "Printers", slug: "printers", body: "Old body", updatedAt: stamp });
      // Keeping its own slug is not a clash.
      expect(await updateDocument(db, id, doc({ title: "Printers v2", slug: "printers", body: "New body" }))).toBe(true);
      expect(await getDocument(db, id)).toMatchObject({ title: "Printers v2", body: "New body" });
    });

    it("lets the unique index decide when two saves race for one slug", async () => {
      const results = await Promise.allSettled([
        createDocument(db, doc({ title: "Race A", slug: "race" }), authorId),
        createDocument(db, doc({ title: "Race B", slug: "race" }), authorId),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(SlugTakenError);
      const rows = await db.select().from(documents).where(eq(documents.slug, "race"));
      expect(rows).toHaveLength(1);
    });

    it("shows a viewer only published documents of its own collection", async () => {
      const { id } = await createDocument(db, doc({ title: "Badge access", slug: "badge-access", collection: "ste" }), authorId);
      expect(await getPublishedDocument(db, "ste", "badge-access")).toBeNull(); // a draft
      expect(await setPublished(db, id, true)).toBe(true);
      expect(await getPublishedDocument(db, "ste", "badge-access")).toMatchObject({ title: "Badge access", body: "# Steps" });
      expect(await getPublishedDocument(db, "mloe", "badge-access")).toBeNull(); // another collection
      expect(await getPublishedDocument(db, "ste", "no-such-doc")).toBeNull();
      expect(await setPublished(db, id, false)).toBe(true);
      expect(await getPublishedDocument(db, "ste", "badge-access")).toBeNull();
      // Saving with publish sets the flag in the same write.
      expect(
        await updateDocument(db, id, doc({ title: "Badge access", slug: "badge-access", collection: "ste" }), { published: true }),
      ).toBe(true);
      expect(await getPublishedDocument(db, "ste", "badge-access")).not.toBeNull();
    });

    it("filters the list by collection and state, searches title, slug and body literally, and sorts", async () => {
      await createDocument(
        db,
        doc({ title: "Discounts", slug: "discounts", collection: "docs", body: "Clients get 50% off the first month." }),
        authorId,
      );
      await createDocument(db, doc({ title: "Alpha onboarding", slug: "alpha", collection: "docs", body: "Plain text" }), authorId, {
        published: true,
      });

      const docsOnly = await listDocuments(db, { collection: "docs" });
      expect(docsOnly.rows.map((r) => r.slug).sort()).toEqual(["alpha", "discounts"]);
      expect((await listDocuments(db, { collection: "docs", status: "published" })).rows.map((r) => r.slug)).toEqual(["alpha"]);
      expect((await listDocuments(db, { status: "draft" })).rows.every((r) => !r.published)).toBe(true);

      expect((await listDocuments(db, { q: "50% OFF" })).rows.map((r) => r.slug)).toEqual(["discounts"]); // body, case-insensitive
      expect((await listDocuments(db, { q: "%" })).rows.map((r) => r.slug)).toEqual(["discounts"]); // a literal %, not a wildcard
      expect((await listDocuments(db, { q: "_" })).rows).toHaveLength(0);
      expect((await listDocuments(db, { q: "badge" })).rows.map((r) => r.slug)).toEqual(["badge-access"]); // slug and title
      expect((await listDocuments(db, { q: "alpha plain" })).rows.map((r) => r.slug)).toEqual(["alpha"]); // every word

      const byTitle = (await listDocuments(db, { sort: "title" })).rows.map((r) => r.title);
      expect(byTitle).toEqual([...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const byUpdate = (await listDocuments(db)).rows.map((r) => r.updatedAt);
      expect(byUpdate).toEqual([...byUpdate].sort().reverse());
      expect((await listDocuments(db)).total).toBe(await countRows());
    });

    it("stores a hostile body as typed (control characters stripped) and renders it harmless", async () => {
      const form = new FormData();
      form.set("title", "Hostile");
      form.set("slug", "hostile");
      form.set("collection", "mloe");
      form.set("body", "Hi\u0000 there\r\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>");
      const parsed = parseDocumentForm(Object.fromEntries(form));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const { id } = await createDocument(db, parsed.data, authorId, { published: true });
      expect((await getDocument(db, id))!.body.startsWith("Hi there\n\n<script>")).toBe(true);
      const html = await renderMarkdown((await getPublishedDocument(db, "mloe", "hostile"))!.body);
      const body = new JSDOM(html).window.document.body;
      expect(body.querySelector("script")).toBeNull();
      expect(body.querySelector("a")?.hasAttribute("href")).toBe(false);
      expect(
        body
          .querySelector("img")
          ?.getAttributeNames()
          .filter((n) => n.startsWith("on")),
      ).toEqual([]);
    });

    it("deletes a document, and keeps documents when their author's account goes", async () => {
      const { id } = await createDocument(db, doc({ title: "Temp", slug: "temp" }), authorId);
      expect(await deleteDocument(db, id)).toBe(true);
      expect(await getDocument(db, id)).toBeNull();
      expect(await deleteDocument(db, id)).toBe(false);

      const other = (await createStaffUser((await loadContext()).services, { email: "leaver@crossroadsit.example", password: PASSWORD }))
        .id;
      const kept = await createDocument(db, doc({ title: "Kept", slug: "kept" }), other);
      await db.delete(user).where(eq(user.id, other));
      expect(await getDocument(db, kept.id)).toMatchObject({ title: "Kept", author: null });
    });
  });
}
