/**
 * Vitest globalSetup for the integration tests: starts a throwaway PostgreSQL 15 server (see
 * scripts/pg/test-server.ts) and hands its URL to the tests as inject("pgUrl"); stops it after
 * the run. With SKIP_POSTGRES=1 no server starts and pgUrl is "" (tests run on PGlite only).
 */
import type { TestProject } from "vitest/node";

import { startTestPostgres } from "../../scripts/pg/test-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** postgres://… of the test server's crossroads_test database; "" when SKIP_POSTGRES=1. */
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.SKIP_POSTGRES === "1") {
    project.provide("pgUrl", "");
    return async () => {};
  }
  const started = Date.now();
  const server = await startTestPostgres();
  console.log(`[test-postgres] ${server.url} ready in ${Date.now() - started} ms`);
  project.provide("pgUrl", server.url);
  return async () => {
    const stopping = Date.now();
    await server.stop();
    console.log(`[test-postgres] stopped in ${Date.now() - stopping} ms`);
  };
}
