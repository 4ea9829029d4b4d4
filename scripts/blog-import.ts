/**
 * Imports a folder of Markdown posts with front matter (docs/requirements/blog-and-documents.md#blog):
 *   npm run blog:import -- DIR [--publish]
 * Front matter: title, slug, date, summary, author, tags, cover (and cover_alt). Posts are drafts
 * unless --publish (then published at their date, or now). Every file is checked with the admin
 * form's schema; each is reported imported or skipped with the reason. A cover is a file name in
 * the graphics library; one that is not there is skipped (the post is imported without it).
 * Uses the server's configuration (DATABASE_URL or DATA_DIR); with the embedded database, stop
 * the server first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { importMarkdownPost } from "../app/blog/import.server";
import { closeDatabase, database, initDatabase } from "../app/db/client.server";
import { env } from "../app/env.server";
import { storage as openStorage } from "../app/storage/storage.server";

const { values, positionals } = parseArgs({ options: { publish: { type: "boolean", default: false } }, allowPositionals: true });

async function main(): Promise<number> {
  const dir = positionals[0];
  if (!dir || positionals.length > 1) {
    console.error("Usage: npm run blog:import -- DIR [--publish]");
    return 2;
  }
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => /\.(md|markdown)$/i.test(f))
      .sort();
  } catch {
    console.error(`Cannot read the folder ${dir}.`);
    return 2;
  }
  const e = env();
  await initDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  const db = await database();
  const storage = await openStorage();
  let imported = 0;
  for (const file of files) {
    const full = path.join(dir, file);
    if (statSync(full).size > 2 * 1024 * 1024) {
      console.log(`skipped  ${file}: larger than 2 MB`);
      continue;
    }
    const result = await importMarkdownPost(db, storage, readFileSync(full, "utf8"), { publish: values.publish });
    if (result.ok) {
      imported++;
      console.log(`imported ${file} → /blog/${result.slug} (${result.state})${result.notes.length ? `; ${result.notes.join("; ")}` : ""}`);
    } else console.log(`skipped  ${file}: ${result.reason}`);
  }
  console.log(`${imported} of ${files.length} Markdown file(s) imported.`);
  return 0;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabase();
    process.exit(1);
  });
