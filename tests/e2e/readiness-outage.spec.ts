/**
 * Readiness across a database outage (docs/requirements/operations.md#data-and-deployment, ADR 016): the
 * built server with two workers (WEB_CONCURRENCY=2) on a throwaway PostgreSQL 15 that the test
 * stops (pg_ctl stop -m fast) and starts again on the same port and data folder. Every probe is a
 * connection of its own, and 20 go at once, so the cluster's round robin hands them to both workers.
 */
import { request as httpRequest } from "node:http";

import { startTestPostgres, type TestPostgres } from "../../scripts/pg/test-server";
import { READY_TIMEOUT_MS } from "../../server/lifecycle";
import { expect, test } from "./fixtures";
import { startServerProcess, type ServerProcess } from "./server-process";

/** How soon after PostgreSQL accepts connections again every worker must answer ready. */
const RECOVERY_MS = 5_000;
const PROBES = 20;

/** GET /readyz on a connection of its own: the status and how long the answer took. */
function probe(base: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    httpRequest(`${base}/readyz`, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
    })
      .on("error", reject)
      .on("timeout", function (this: { destroy(error: Error): void }) {
        this.destroy(new Error("GET /readyz: no answer within 10 s"));
      })
      .end();
  });
}

const probeAll = (base: string) => Promise.all(Array.from({ length: PROBES }, () => probe(base)));
const statuses = (results: { status: number }[]) => [...new Set(results.map((r) => r.status))];

test("/readyz of every worker is 503 while PostgreSQL is stopped and 200 again within 5 s of its restart", async () => {
  test.setTimeout(120_000);
  let postgres: TestPostgres | undefined;
  let server: ServerProcess | undefined;
  try {
    postgres = await startTestPostgres();
    server = await startServerProcess({ DATABASE_URL: postgres.url, WEB_CONCURRENCY: "2" });
    await expect.poll(async () => server!.logs().match(/Listening on/g)?.length ?? 0).toBe(2);
    expect(statuses(await probeAll(server.url))).toEqual([200]);

    // Two outages in a row: what a first one leaves behind must not keep the second from recovering.
    for (let outage = 1; outage <= 2; outage++) {
      await postgres.pause();
      // Never a hang: every probe answers, 503, within the check's limit (plus a margin).
      for (let round = 0; round < 3; round++) {
        const down = await probeAll(server.url);
        expect(statuses(down), `outage ${outage}`).toEqual([503]);
        expect(Math.max(...down.map((r) => r.ms)), `outage ${outage}`).toBeLessThan(READY_TIMEOUT_MS + 1_500);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }

      await postgres.resume();
      const back = Date.now();
      let recoveredAfter: number | undefined;
      while (Date.now() - back < RECOVERY_MS + 5_000) {
        const results = await probeAll(server.url);
        if (results.every((r) => r.status === 200)) {
          recoveredAfter = Date.now() - back;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(recoveredAfter, `outage ${outage}: every worker ready again`).toBeDefined();
      expect(recoveredAfter!, `outage ${outage}`).toBeLessThanOrEqual(RECOVERY_MS);
      // And it stays ready.
      for (let round = 0; round < 3; round++) expect(statuses(await probeAll(server.url)), `outage ${outage}`).toEqual([200]);
    }
    expect(server.logs()).toContain("Readiness: ready again");
    expect(server.running()).toBe(true);
  } finally {
    await server?.stop();
    await postgres?.stop();
  }
});
