/**
 * Migrations when several server processes start at once on one empty PostgreSQL database
 * (docs/requirements/operations.md#data-and-deployment): they take turns under an advisory lock, every one
 * opens, and the schema is applied once. Each opening has its own connection pool, as each
 * process has. Also the migration check behind /readyz, on both databases.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

import { migrationsPending, openDatabase, type DatabaseHandle } from "~/db/client.server";

const pgUrl = inject("pgUrl");
const journal = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const dataDir = mkdtempSync(path.join(tmpdir(), "crossroads-migrations-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function admin<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgUrl)("PostgreSQL 15: migrations started together", () => {
  it("six processes opening an empty database at once all succeed, and each migration is applied once", async () => {
    await admin("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase({ databaseUrl: pgUrl, dataDir })));
    const opened = results.filter((r): r is PromiseFulfilledResult<DatabaseHandle> => r.status === "fulfilled").map((r) => r.value);
    try {
      const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      const applied = await admin<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
      expect(applied).toHaveLength(journal.entries.length);
      const tables = (await admin<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'")).map(
        (t) => t.name,
      );
      expect(tables).toEqual(
        expect.arrayContaining(["user", "session", "leads", "storage_objects", "contact_rate_limit", "auth_throttle"]),
      );
      for (const handle of opened) expect(await migrationsPending(handle.db)).toBe(false);
      // Nobody keeps the lock after starting.
      expect(await admin("select objid from pg_locks where locktype = 'advisory'")).toEqual([]);
    } finally {
      await Promise.all(opened.map((h) => h.close()));
    }
  });

  it("a database missing this build's latest migration reads as pending", async () => {
    const handle = await openDatabase({ databaseUrl: pgUrl, dataDir });
    try {
      expect(await migrationsPending(handle.db)).toBe(false);
      await admin("delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)");
      expect(await migrationsPending(handle.db)).toBe(true);
      await admin("drop schema drizzle cascade");
      expect(await migrationsPending(handle.db)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

describe("PGlite: the migration check", () => {
  it("a freshly opened embedded database has nothing pending", async () => {
    const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      expect(handle.kind).toBe("pglite");
      expect(await migrationsPending(handle.db)).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
