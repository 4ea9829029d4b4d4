/** The code map (docs/architecture.md) names every folder of app/, so a new or moved folder gets its line in the same change. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const doc = readFileSync("docs/architecture.md", "utf8");

/** Every folder under `dir` that holds a file somewhere below it (an empty one left by a move is not in git), as `app/a/b`. */
function foldersWithFiles(dir: string): string[] {
  const found: string[] = [];
  let hasFile = false;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) {
      const below = foldersWithFiles(path.posix.join(dir, entry.name));
      if (below.length > 0) {
        found.push(...below);
        hasFile = true;
      }
    } else {
      hasFile = true;
    }
  }
  return hasFile ? [dir, ...found] : [];
}

/** Named as a path in backticks, with or without the trailing slash. */
const mentioned = (folder: string) => doc.includes(`\`${folder}\``) || doc.includes(`\`${folder}/\``);

describe("docs/architecture.md", () => {
  const folders = foldersWithFiles("app").filter((folder) => folder !== "app");

  it("sees the folders of app/", () => {
    expect(folders).toContain("app/routes");
    expect(folders).toContain("app/components/ui");
  });

  it("names every folder under app/ as a path in backticks", () => {
    expect(folders.filter((folder) => !mentioned(folder))).toEqual([]);
  });
});
