/**
 * Export and import of all content as one JSON file (docs/requirements/content-studio.md#content-export-and-import):
 * copy staging's content to production, or keep a copy. An import is checked whole first (every
 * item's id, and its data against its type's schema); a file with any problem changes nothing and
 * is answered with the list of what is wrong and where.
 */
import type { SiteContent } from "~/content/site-content";
import type { Database } from "~/db/client.server";

import { fieldsOf, itemTitle, parseItemId, withItem, type ItemData, type ItemId } from "./content-types";
import { contentProblems } from "./cross-item";
import { fieldLabel } from "./field-paths";
import { checkItem } from "./item-form";
import { allItems, importItems, type Author } from "./store.server";

export const CONTENT_FILE_FORMAT = "crossroads-it-content";
export const CONTENT_FILE_VERSION = 1;
/** The largest file an import reads (the whole site's content is about 250 KB). */
export const IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;
/** Problems listed at most; the rest are counted. */
const PROBLEMS_SHOWN = 50;

export interface ContentFile {
  format: typeof CONTENT_FILE_FORMAT;
  version: typeof CONTENT_FILE_VERSION;
  exportedAt: string;
  items: { id: string; type: string; publishedVersion: number; published: unknown; draft: unknown }[];
}

export async function exportContent(db: Database): Promise<ContentFile> {
  const rows = await allItems(db);
  return {
    format: CONTENT_FILE_FORMAT,
    version: CONTENT_FILE_VERSION,
    exportedAt: new Date().toISOString(),
    items: rows.map((r) => ({ id: r.id, type: r.type, publishedVersion: r.publishedVersion, published: r.published, draft: r.draft })),
  };
}

export type ImportResult = { ok: true; changed: string[]; checked: number } | { ok: false; problems: string[] };

/** Checks a file's text; nothing is applied unless every item of it is valid. */
export function checkContentFile(
  text: string,
): { ok: true; items: { id: string; title: string; data: unknown }[] } | { ok: false; problems: string[] } {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return { ok: false, problems: ["This file is not JSON: export the content again and import that file unchanged."] };
  }
  const f = file as Partial<ContentFile> | null;
  if (!f || typeof f !== "object" || f.format !== CONTENT_FILE_FORMAT || !Array.isArray(f.items))
    return {
      ok: false,
      problems: ['This is not a content file of this site: its first lines should name the format "crossroads-it-content".'],
    };
  if (f.version !== CONTENT_FILE_VERSION)
    return {
      ok: false,
      problems: [`This content file is of version ${String(f.version)}; this site reads version ${CONTENT_FILE_VERSION}.`],
    };
  const problems: string[] = [];
  const seen = new Set<string>();
  const items: { id: string; title: string; data: unknown }[] = [];
  f.items.forEach((raw, index) => {
    const where = `Item ${index + 1}`;
    if (!raw || typeof raw !== "object") return problems.push(`${where}: not an item.`);
    const id = typeof raw.id === "string" ? raw.id : "";
    const ref = parseItemId(id);
    if (!ref) return problems.push(`${where}: “${id.slice(0, 80)}” is not an item of this site.`);
    if (seen.has(id)) return problems.push(`${where} (${id}): this item appears twice in the file.`);
    seen.add(id);
    // The published content is what a copy carries over (a draft of staging is not production's).
    const data = raw.published;
    const checked = checkItem(ref.type, data);
    if (!checked.ok) {
      for (const [path, message] of Object.entries(checked.fieldErrors))
        problems.push(`${id} › ${fieldLabel(fieldsOf(ref.type), path)}: ${message}`);
      return;
    }
    if (ref.slug && ref.type !== "legal" && (checked.data as { slug?: string }).slug !== ref.slug)
      return problems.push(`${id}: its data belongs to another page (slug “${String((checked.data as { slug?: string }).slug)}”).`);
    items.push({ id, title: itemTitle(ref.id, checked.data as ItemData), data: checked.data });
  });
  if (problems.length > PROBLEMS_SHOWN)
    return { ok: false, problems: [...problems.slice(0, PROBLEMS_SHOWN), `… and ${problems.length - PROBLEMS_SHOWN} more.`] };
  return problems.length ? { ok: false, problems } : { ok: true, items };
}

/**
 * Checks `text` and, when all of it is valid and fits with the rest of `content` (the published
 * content: rules across items, app/studio/cross-item.ts), applies it in one transaction (drafts,
 * or published with `publish`).
 */
export async function importContent(
  db: Database,
  text: string,
  options: { by: Author; publish: boolean; content: SiteContent },
): Promise<ImportResult> {
  const checked = checkContentFile(text);
  if (!checked.ok) return checked;
  const next = checked.items.reduce((content, item) => withItem(content, item.id as ItemId, item.data as ItemData), options.content);
  const across = contentProblems(next);
  if (across.length) return { ok: false, problems: across.map((p) => `${p.id} › Office: ${p.message}`) };
  const changed = await importItems(db, checked.items, options);
  return { ok: true, changed, checked: checked.items.length };
}
