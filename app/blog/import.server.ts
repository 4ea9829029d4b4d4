/**
 * One Markdown file with front matter → a post (docs/requirements/blog-and-documents.md#blog), checked with the admin
 * form's schema (post-schema.ts). Used by `npm run blog:import`.
 */
import type { Database } from "~/db/client.server";
import { GRAPHICS_BUCKET } from "~/storage/constants";
import type { Storage } from "~/storage/storage.server";

import { BLOG_TIME_ZONE, zonedLocalToDate } from "./blog-rules";
import { parseMarkdownFile } from "./front-matter";
import { parsePost } from "./post-schema";
import { createPost, PostSlugRedirectedError, PostSlugTakenError, type Publication } from "./posts.server";

export type ImportResult =
  { ok: true; slug: string; state: "draft" | "published" | "scheduled"; notes: string[] } | { ok: false; reason: string };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

export async function importMarkdownPost(
  db: Database,
  storage: Storage,
  text: string,
  options: { publish: boolean },
): Promise<ImportResult> {
  const file = parseMarkdownFile(text);
  if (!file.ok) return { ok: false, reason: file.error };
  const fm = file.data;
  const notes: string[] = [];
  let date: Date | null = null;
  if (fm.date !== undefined) {
    const raw = one(fm.date).trim();
    // A date alone is midnight in the office's time zone (as the admin area shows dates), not UTC.
    date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? zonedLocalToDate(`${raw}T00:00`, BLOG_TIME_ZONE) : new Date(raw);
    if (!date) return { ok: false, reason: `the date "${raw}" is not a date` };
    if (Number.isNaN(date.getTime()))
      return { ok: false, reason: `the date "${one(fm.date)}" is not a date (use 2024-05-31 or 2024-05-31T09:00:00Z)` };
  }
  let cover = one(fm.cover ?? fm.image).replace(/^\/+/, "");
  const prefix = `storage/v1/object/public/${GRAPHICS_BUCKET}/`;
  if (cover.startsWith(prefix)) cover = decodeURIComponent(cover.slice(prefix.length));
  if (cover) {
    const exists = await storage.info(GRAPHICS_BUCKET, cover).then(
      () => true,
      () => false,
    );
    if (!exists) {
      notes.push(`cover "${cover}" skipped: not in the graphics library (upload it there, then choose it in the editor)`);
      cover = "";
    }
  }
  const coverAlt = one(fm.cover_alt ?? fm.coveralt ?? fm.image_alt ?? fm.alt) || (cover ? one(fm.title) : "");
  const parsed = parsePost({
    title: one(fm.title),
    slug: one(fm.slug),
    summary: one(fm.summary ?? fm.description ?? fm.excerpt),
    body: file.body,
    coverImage: cover,
    coverAlt: cover ? coverAlt : "",
    authorName: one(fm.author),
    tags: one(fm.tags ?? fm.categories),
  });
  if (!parsed.ok)
    return {
      ok: false,
      reason: Object.entries(parsed.errors)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; "),
    };
  const publication: Publication = !options.publish ? { kind: "draft" } : date ? { kind: "at", at: date } : { kind: "now" };
  try {
    await createPost(db, parsed.data, publication, null, date ? { createdAt: date } : {});
  } catch (error) {
    if (error instanceof PostSlugTakenError || error instanceof PostSlugRedirectedError) return { ok: false, reason: error.message };
    throw error;
  }
  const state =
    publication.kind === "draft" ? "draft" : publication.kind === "at" && publication.at.getTime() > Date.now() ? "scheduled" : "published";
  return { ok: true, slug: parsed.data.slug, state, notes };
}
