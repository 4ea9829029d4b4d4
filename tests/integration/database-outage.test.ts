/**
 * A PostgreSQL outage seen from one server process's database handle
 * (docs/requirements/operations.md#data-and-deployment): a throwaway PostgreSQL 15 of its own (the shared one
 * of the other tests keeps running) is stopped with pg_ctl stop -m fast and started again on the
 * same port and data folder. A transaction open at that moment fails without ending the process
 * (a worker that ended would be replaced only after the cluster's back-off), the readiness check
 * answers within its limit during the outage, and it follows the database back within seconds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";

import { openDatabase } from "~/db/client.server";

import { startTestPostgres } from "../../scripts/pg/test-server";

const pgUrl = inject("pgUrl");
const dataDir = mkdtempSync(path.join(tmpdir(), "crossroads-outage-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const LIMIT_MS = 2_000;

async function timed<T>(work: Promise<T>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = Date.now();
  try {
    await work;
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

describe.skipIf(!pgUrl)("PostgreSQL 15 stopped and started again", () => {
  it("a transaction open when PostgreSQL stops fails with an error and does not end the process; queries work again after the restart", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    const postgres = await startTestPostgres();
    const handle = await openDatabase({ databaseUrl: postgres.url, dataDir });
    try {
      // A transaction (an administrator's change, say) has its connection when the database stops.
      let resume!: () => void;
      const gate = new Promise<void>((resolve) => (resume = resolve));
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      const transaction = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        begun();
        await gate;
        await tx.execute(sql`select 1`);
      });
      await started;
      await postgres.pause();
      resume();
      await expect(transaction).rejects.toThrow();
      await postgres.resume();
      await expect.poll(async () => (await timed(handle.db.execute(sql`select 1`))).ok, { timeout: 5_000 }).toBe(true);
      expect(uncaught.map(String)).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
      await handle.close();
      await postgres.stop();
    }
  });

  it("the readiness check answers at once while every connection of the pool is busy (a backlog of requests after an outage)", async () => {
    const postgres = await startTestPostgres();
    const handle = await openDatabase({ databaseUrl: postgres.url, dataDir });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    try {
      // Every connection of the pool held by a transaction, and more requests queued behind them:
      // what a worker looks like just after the database came back with visitors waiting.
      let holding = 0;
      const busy = Array.from({ length: 14 }, () =>
        handle.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            holding++;
            await gate;
          })
          .catch((error: unknown) => error),
      );
      await expect.poll(() => holding, { timeout: 5_000 }).toBeGreaterThanOrEqual(10);
      const result = await timed(handle.ready(LIMIT_MS));
      expect(result).toMatchObject({ ok: true });
      expect(result.ms).toBeLessThan(LIMIT_MS);
      release();
      await Promise.all(busy);
    } finally {
      release();
      await handle.close();
      await postgres.stop();
    }
  });

  it("the readiness check fails within its limit while PostgreSQL is stopped (20 at once) and passes again within 5 s of its restart, twice", async () => {
    const postgres = await startTestPostgres();
    const handle = await openDatabase({ databaseUrl: postgres.url, dataDir });
    try {
      expect(await timed(handle.ready(LIMIT_MS))).toMatchObject({ ok: true });
      for (let outage = 1; outage <= 2; outage++) {
        await postgres.pause();
        const down = await Promise.all(Array.from({ length: 20 }, () => timed(handle.ready(LIMIT_MS))));
        expect(down.filter((r) => r.ok)).toEqual([]);
        expect(Math.max(...down.map((r) => r.ms))).toBeLessThan(LIMIT_MS + 1_000);

        await postgres.resume();
        const back = Date.now();
        let readyAfter: number | undefined;
        while (Date.now() - back < 10_000) {
          const results = await Promise.all(Array.from({ length: 20 }, () => timed(handle.ready(LIMIT_MS))));
          if (results.every((r) => r.ok)) {
            readyAfter = Date.now() - back;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(readyAfter, `outage ${outage}`).toBeDefined();
        expect(readyAfter!, `outage ${outage}`).toBeLessThanOrEqual(5_000);
      }
    } finally {
      await handle.close();
      await postgres.stop();
    }
  });
});
