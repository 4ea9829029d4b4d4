/**
 * The embedded database's data folder (app/db/client.server.ts): whatever the umask the server
 * starts with, the folder and every file in it are for the server's user alone, and a folder left
 * open to others by an older version is closed when the server opens it.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { openDatabase } from "~/db/client.server";

describe("the embedded database's files are for the server's user alone", () => {
  /** Every file and folder under `dir` whose mode lets the group or others in. */
  function openToOthers(dir: string): string[] {
    const found: string[] = [];
    const walk = (at: string) => {
      if ((lstatSync(at).mode & 0o077) !== 0) found.push(`${at} ${(lstatSync(at).mode & 0o777).toString(8)}`);
      if (lstatSync(at).isDirectory()) for (const entry of readdirSync(at)) walk(path.join(at, entry));
    };
    walk(dir);
    return found;
  }

  it("creates the data folder 0700 with files 0600, and fixes an existing folder's modes at start", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "crossroads-modes-"));
    const previous = process.umask(0o000); // the loosest umask a service manager could give
    try {
      const fresh = path.join(parent, "fresh");
      const handle = await openDatabase({ dataDir: fresh });
      await handle.db.execute(sql`create table if not exists mode_probe (x text)`);
      await handle.db.execute(sql`insert into mode_probe values ('secret')`);
      await handle.close();
      expect(openToOthers(fresh)).toEqual([]);

      // A folder left with world-readable files by an older version: fixed when the server opens it.
      const old = path.join(parent, "old");
      mkdirSync(path.join(old, "pglite"), { recursive: true, mode: 0o777 });
      chmodSync(old, 0o777);
      writeFileSync(path.join(old, "stray-file"), "x", { mode: 0o666 });
      const reopened = await openDatabase({ dataDir: old });
      await reopened.close();
      expect(openToOthers(old)).toEqual([]);
    } finally {
      process.umask(previous);
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000); // opens two fresh PGlite folders
});

describe("the embedded database's memory", () => {
  it("runs with small shared buffers, so the server does not hold PostgreSQL's default 128 MB of them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crossroads-buffers-"));
    try {
      const handle = await openDatabase({ dataDir: dir });
      const result = await handle.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      await handle.close();
      const rows = "rows" in result ? result.rows : (result as unknown as { shared_buffers: string }[]);
      expect(rows[0]?.shared_buffers).toBe("16MB");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
