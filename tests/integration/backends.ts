/**
 * The two databases every integration suite runs on: the embedded PGlite (a fresh data folder)
 * and the PostgreSQL 15 test server (a clean schema), opened as the process's one database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { inject } from "vitest";
import { auth } from "~/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { closeDatabase, database, initDatabase } from "~/db/client.server";
import { storage } from "~/storage/storage.server";
import { like } from "drizzle-orm";
import { authThrottle } from "~/db/schema.server";
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
 * The load context the server would give a route module for `request`: the services on the
 * database opened above, and the client address the test put in the request.
 */
export async function loadContext(request?: Request): Promise<AppLoadContext> {
  return {
    services: { db: await database(), auth: await auth(), storage: await storage(), kickOutbox: () => {}, notifyLeads: false },
    clientAddress: request?.headers.get(CLIENT_IP_HEADER) ?? "127.0.0.1",
    requestId: "test",
    cspNonce: "",
  };
}

/**
 * The authenticator's code for `secret` now, after forgetting which codes this database saw used.
 * Each code signs in once (docs/requirements.md#two-factor-sign-in); this stands for waiting for
 * the app's next code when a test signs one account in several times within 30 seconds.
 */
export async function nextCode(secret: string): Promise<string> {
  await (await database()).delete(authThrottle).where(like(authThrottle.key, "used-code:%"));
  return totp(secret);
}
