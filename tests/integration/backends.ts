/**
 * The two databases every integration suite runs on: the embedded PGlite (a fresh data folder)
 * and the PostgreSQL 15 test server (a clean schema), opened as the process's one database; and
 * the small helpers the suites share (client addresses, cookies, route actions called as the
 * server would).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, inject } from "vitest";

import { auth } from "~/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { closeDatabase, database, initDatabase, type Database } from "~/db/client.server";
import { authThrottle } from "~/db/schema.server";
import { env } from "~/env.server";
import { createInsightsCollector } from "~/insights/collect.server";
import { trustedOrigins } from "~/lib/origins";
import { storage } from "~/storage/storage.server";
import { seedContentService } from "~/studio/live.server";

import { totp } from "../two-factor";

export interface Backend {
  name: "PGlite" | "PostgreSQL 15";
  /** No PostgreSQL test server in this run (SKIP_POSTGRES=1). */
  skip: boolean;
}

export function backends(): Backend[] {
  return [
    { name: "PGlite", skip: false },
    { name: "PostgreSQL 15", skip: !inject("pgUrl") },
  ];
}

/** Opens a fresh, migrated database on `backend`; returns what closes it and cleans up. */
export async function openFreshDatabase(backend: Backend, label: string): Promise<() => Promise<void>> {
  await closeDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), `crossroads-${label}-`));
  if (backend.name === "PGlite") await initDatabase({ dataDir });
  else {
    const pgUrl = inject("pgUrl");
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
    await client.end();
    await initDatabase({ databaseUrl: pgUrl, dataDir });
  }
  return async () => {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * A fresh database on `backend` for the suite this is called in: opened before its tests (hooks
 * that come after see it open), closed after them. `opened` receives it, for the suite's `db`.
 */
export function freshDatabaseFor(backend: Backend, label: string, opened?: (db: Database) => void): void {
  let close = async () => {};
  beforeAll(async () => {
    close = await openFreshDatabase(backend, label);
    opened?.(await database());
  });
  afterAll(async () => {
    await close();
  });
}

/**
 * The load context the server would give a route module for `request`: the services on the
 * database opened above, and the client address the test put in the request.
 */
export async function loadContext(request?: Request): Promise<AppLoadContext> {
  const db = await database();
  return {
    services: {
      db,
      auth: await auth(),
      storage: await storage(),
      kickOutbox: () => {},
      notifyLeads: false,
      insights: createInsightsCollector({ db, siteUrl: env().SITE_URL, allowedOrigins: trustedOrigins(env()) }),
      content: seedContentService(),
    },
    clientAddress: request?.headers.get(CLIENT_IP_HEADER) ?? "127.0.0.1",
    requestId: "test",
    cspNonce: "",
  };
}

/**
 * The authenticator's code for `secret` now, after forgetting which codes this database saw used.
 * Each code signs in once (docs/requirements/accounts.md#two-factor-sign-in); this stands for waiting for
 * the app's next code when a test signs one account in several times within 30 seconds.
 */
export async function nextCode(secret: string): Promise<string> {
  await (await database()).delete(authThrottle).where(like(authThrottle.key, "used-code:%"));
  return totp(secret);
}

/** The site's origin, as the tests' requests carry it (better-auth and the actions check it). */
export const TEST_ORIGIN = "https://www.crossroadsit.example";

/** A source of distinct client addresses in 10.<block>.x.y, so that one test's rate limits never touch another's. */
export function clientAddresses(block: number): () => string {
  let counter = 0;
  return () => `10.${block}.${Math.floor(++counter / 250)}.${counter % 250}`;
}

/** The Cookie header a browser would send back: every cookie the response set, without its attributes. */
export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** What a guard or action threw or returned. */
export const settle = (run: () => unknown) =>
  Promise.resolve()
    .then(run)
    .then(
      (value) => value,
      (error: unknown) => error,
    );

export type ActionAnswer = { status: number; data: Record<string, unknown>; headers: Headers };

/** Posts a form to a route action as the holder of `cookie` from `clientAddress`, as the browser does. */
export async function postForm(
  action: (args: never) => unknown,
  path: string,
  cookie: string,
  form: Record<string, string>,
  clientAddress: string,
): Promise<ActionAnswer | Response> {
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie, [CLIENT_IP_HEADER]: clientAddress },
    body: new URLSearchParams(form),
  });
  const result = (await settle(async () => action({ request, params: {}, context: await loadContext(request) } as never))) as
    Response | { data: Record<string, unknown>; init: ResponseInit | null };
  if (result instanceof Response) return result;
  return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
}
