/**
 * Proves the integration harness: the same SQL runs on the embedded PGlite and on the
 * PostgreSQL 15 server started by global-setup.ts (skipped when SKIP_POSTGRES=1).
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

interface Backend {
  query: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}

const pgUrl = inject("pgUrl");

const backends: { name: string; skip: boolean; open: () => Promise<Backend> }[] = [
  {
    name: "PGlite",
    skip: false,
    open: async () => {
      const db = await PGlite.create();
      return {
        query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
        close: () => db.close(),
      };
    },
  },
  {
    name: "PostgreSQL 15",
    skip: !pgUrl,
    open: async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      return {
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        close: () => client.end(),
      };
    },
  },
];

describe.each(backends)("$name", ({ name, skip, open }) => {
  let db: Backend;

  beforeAll(async () => {
    if (skip) return;
    db = await open();
  });
  afterAll(async () => {
    await db?.query("drop table if exists harness_check");
    await db?.close();
  });

  it.skipIf(skip)("reports its version", async () => {
    const [{ version }] = await db.query<{ version: string }>("select version()");
    expect(version).toMatch(/^PostgreSQL \d+/);
    if (name === "PostgreSQL 15") expect(version).toContain("PostgreSQL 15");
  });

  it.skipIf(skip)("creates a table, inserts and selects", async () => {
    await db.query("drop table if exists harness_check");
    await db.query("create table harness_check (id serial primary key, label text not null, at timestamptz default now())");
    await db.query("insert into harness_check (label) values ($1), ($2)", ["crossroads", "übergang ✓"]);
    const rows = await db.query<{ id: number; label: string }>("select id, label from harness_check order by id");
    expect(rows).toEqual([
      { id: 1, label: "crossroads" },
      { id: 2, label: "übergang ✓" },
    ]);
  });
});

describe("PostgreSQL test server", () => {
  it.skipIf(!pgUrl)("serves the crossroads_test database on 127.0.0.1 only", async () => {
    const url = new URL(pgUrl);
    expect(url.hostname).toBe("127.0.0.1");
    expect(url.pathname).toBe("/crossroads_test");
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ db: string; listen: string; fsync: string }>(
        "select current_database() as db, current_setting('listen_addresses') as listen, current_setting('fsync') as fsync",
      );
      expect(rows[0]).toEqual({ db: "crossroads_test", listen: "127.0.0.1", fsync: "off" });
    } finally {
      await client.end();
    }
  });
});
