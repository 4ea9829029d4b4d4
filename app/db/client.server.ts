/**
 * The one database connection of the process: PostgreSQL at DATABASE_URL, or the embedded
 * PGlite in DATA_DIR. Migrations in ./drizzle are applied when it opens.
 *
 * The server opens it with `openDatabase` (app/services.server.ts) and hands it to loaders and
 * actions in the load context. Scripts and integration tests, which have no server, open it once
 * with `initDatabase` and read it with `database()`.
 */
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";

import { log } from "../lib/log.server";
import * as schema from "./schema.server";

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  /**
   * For /readyz: resolves when the database answers within `timeoutMs` with every migration of
   * this build applied; rejects with MIGRATIONS_PENDING or the database's error otherwise.
   */
  ready: (timeoutMs: number) => Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any process on this
   * database. On PostgreSQL the listener has a connection of its own, opened again after it is
   * lost (1 s, doubling to 30 s), and `onResume` runs once it is back: what was notified meanwhile
   * was missed. Returns a function that stops listening.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onResume?: () => void) => Promise<() => Promise<void>>;
}

/** How long the listener waits before opening its lost connection again, at most. */
const LISTEN_MAX_BACKOFF_MS = 30_000;

async function postgresListen(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  const { Client } = await import("pg");
  let stopped = false;
  let client: import("pg").Client | undefined;
  let backoff = 1_000;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (resume: boolean): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", (error) => {
      log.error(`Database listener lost (${channel}):`, error.message);
      retry(next);
    });
    next.on("end", () => retry(next));
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, "")}"`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    backoff = 1_000;
    if (resume) onResume?.();
  };
  const retry = (lost: import("pg").Client) => {
    if (stopped || client !== lost || timer) return;
    client = undefined;
    lost.end().catch(() => {});
    const attempt = () => {
      timer = setTimeout(() => {
        timer = undefined;
        connect(true).catch((error: unknown) => {
          log.error(`Database listener (${channel}) could not reconnect:`, error instanceof Error ? error.message : error);
          backoff = Math.min(backoff * 2, LISTEN_MAX_BACKOFF_MS);
          if (!stopped) attempt();
        });
      }, backoff);
      timer.unref();
    };
    attempt();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

/**
 * How long a query waits for a PostgreSQL connection (a new one to connect, or a busy pool to free
 * one) before it fails: while the database is away a request ends with an error instead of
 * waiting without end, and nothing piles up in the pool for when it comes back.
 */
export const DB_CONNECT_TIMEOUT_MS = 5_000;

/**
 * The migrations: build/drizzle beside the server bundles (copied there by `npm run build`, so a
 * deployment of build/ carries them), else ./drizzle of the source tree (tests, tsx scripts).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
/** The embedded database's shared buffers (PostgreSQL's default is 128MB). */
export const PGLITE_SHARED_BUFFERS = "16MB";
const MIGRATIONS_DIR =
  [path.resolve(here, "../drizzle"), path.resolve(here, "../../drizzle")].find((dir) =>
    existsSync(path.join(dir, "meta", "_journal.json")),
  ) ?? path.resolve(here, "../../drizzle");

export class DataFolderInUseError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The data folder ${folder} is already open in process ${pid}. The embedded database allows one server ` +
        `process at a time: stop the other one, or use PostgreSQL (DATABASE_URL) to run several.`,
    );
    this.name = "DataFolderInUseError";
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database's files hold password hashes, session tokens and leads: its folder is
 * 0700 and every file in it 0600, for this process's user alone. Fixes the modes of a folder made
 * before this rule (or copied in with other modes).
 */
export function secureDataFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const walk = (dir: string) => {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) continue;
      if (stat.isDirectory()) walk(full);
      else if ((stat.mode & 0o077) !== 0) chmodSync(full, 0o600);
    }
  };
  walk(folder);
}

/** Sets the process's umask and returns the old one (a worker thread cannot: it keeps its own rules). */
function setUmask(mask: number | undefined): number | undefined {
  if (mask === undefined) return undefined;
  try {
    return process.umask(mask);
  } catch {
    return undefined;
  }
}

/** Takes the PGlite folder's lock file, or throws when a live process holds it. */
export function lockDataFolder(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  const lockPath = path.join(folder, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(lockPath, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
        throw new DataFolderInUseError(folder, holder);
      }
      rmSync(lockPath, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not lock ${folder}`);
}

/**
 * The key of the PostgreSQL advisory lock held while migrating (any fixed bigint; this one reads
 * "crossrds" in ASCII). Processes that start together on one database (several workers, several
 * hosts) take turns: the first applies the migrations, the others wait, then find nothing to do.
 * Without it two would both create drizzle's table or apply the same migration, and one would fail.
 */
export const MIGRATION_LOCK_KEY = 0x63726f7373726473n;

/** Runs `migrate` while holding the migration lock on a connection of its own. */
async function migrateLocked(pool: import("pg").Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/** What the server's readiness check (/readyz) reports when `migrationsPending` is true. */
export const MIGRATIONS_PENDING = "migrations pending";

/**
 * Whether the database answers and has every migration of this build applied (for /readyz): the
 * newest applied migration is compared with the newest in the migrations folder, as drizzle's
 * migrator does. Throws when the database does not answer.
 */
export async function migrationsPending(db: Database): Promise<boolean> {
  return pendingWith(async (text) => (await db.execute(sql.raw(text))).rows);
}

async function pendingWith(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<boolean> {
  const { readMigrationFiles } = await import("drizzle-orm/migrator");
  latestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis));
  const [table] = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!table?.present) return true;
  const [applied] = await query("select max(created_at) as applied from drizzle.__drizzle_migrations");
  return Number(applied?.applied ?? 0) < latestMigration;
}
let latestMigration: number | undefined;

/**
 * The readiness check on PostgreSQL: on a connection of the pool, each query limited to
 * `timeoutMs`. A connection on which the check failed is closed, not handed back: after an outage
 * the next check (and the next request) gets a fresh one, never a broken or still-busy one.
 */
async function postgresReady(pool: import("pg").Pool, timeoutMs: number): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // query_timeout: pg's own limit per query (its types leave it out of QueryConfig).
    const pending = await pendingWith(async (text) => {
      const query: import("pg").QueryConfig & { query_timeout: number } = { text, query_timeout: timeoutMs };
      return (await client.query(query)).rows as Record<string, unknown>[];
    });
    if (pending) throw new Error(MIGRATIONS_PENDING);
  } catch (error) {
    if (!(error instanceof Error && error.message === MIGRATIONS_PENDING))
      broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
    // An idle connection that breaks (the server restarts or goes away) must not crash the
    // process: log it; the next query opens a new connection or fails on its own.
    pool.on("error", (error) => log.error("Database connection lost:", error.message));
    // Nor one in use (a transaction when PostgreSQL stops): its query fails with the error, and
    // the pool closes the connection when it comes back (pg-pool drops clients that are not
    // queryable), so this listener only keeps the event from ending the process.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzle({ client: pool, schema });
    try {
      await migrateLocked(pool, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }));
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    // The readiness check has a connection of its own: in the shared pool it would wait behind
    // the requests queued there (after an outage, a backlog of visitors), and a busy worker whose
    // database answers would be reported unready.
    const readinessPool = new Pool({ connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
    readinessPool.on("error", () => {}); // logged by the check that meets it
    readinessPool.on("connect", (client) => client.on("error", () => {}));
    return {
      db,
      kind: "postgres",
      close: async () => {
        await Promise.all([pool.end(), readinessPool.end()]);
      },
      ready: (timeoutMs) => postgresReady(readinessPool, timeoutMs),
      listen: (channel, onNotify, onResume) => postgresListen(options.databaseUrl!, channel, onNotify, onResume),
    };
  }
  const dataDir = path.resolve(options.dataDir);
  const folder = path.join(dataDir, "pglite");
  // While the embedded database is open, every file this process creates is for its user alone;
  // the data folder is closed to others before anything is opened in it (the modes of what is
  // inside are put right once the database is open, below).
  const previousUmask = setUmask(0o077);
  let release: () => void;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    release = lockDataFolder(dataDir);
  } catch (error) {
    setUmask(previousUmask);
    throw error;
  }
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // Extensions the migrations create must be loaded before they run: pg_trgm for the leads
    // search's trigram index (docs/requirements/leads.md#leads).
    // PGlite's PostgreSQL lives in this process's memory and never gives it back: 16 MB of shared
    // buffers instead of the default 128 MB keeps the server about 120-180 MB smaller; the data
    // files are still read through the operating system's cache (PGLITE_SHARED_BUFFERS, README's
    // "Which database").
    const client = await PGlite.create(folder, { extensions: { pg_trgm }, postgresqlconf: `shared_buffers = ${PGLITE_SHARED_BUFFERS}` });
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    // An existing folder may have looser modes, and a new one is unpacked from PGlite's template
    // with explicit modes: put them right, once.
    secureDataFolder(dataDir);
    return {
      db: db as unknown as Database,
      kind: "pglite",
      // In-process: nothing to time out here (the server's readiness check has its own limit).
      ready: async () => {
        if (await migrationsPending(db as unknown as Database)) throw new Error(MIGRATIONS_PENDING);
      },
      listen: async (channel, onNotify) => {
        const stop = await client.listen(channel, onNotify);
        return stop;
      },
      close: async () => {
        await client.close();
        release();
        setUmask(previousUmask);
      },
    };
  } catch (error) {
    release();
    setUmask(previousUmask);
    throw error;
  }
}

// --- Scripts and tests: one database per process, opened explicitly ----------------------------

let opened: Promise<DatabaseHandle> | undefined;

/** Opens the script's database once (later calls get the same one). */
export function initDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  opened ??= openDatabase(options);
  return opened;
}

/**
 * The database `initDatabase` opened. Never opens one itself: in the server, code that reaches
 * this instead of taking `context.services.db` would otherwise open a second connection (for the
 * embedded database, a second PGlite on the same folder).
 */
export async function database(): Promise<Database> {
  if (!opened)
    throw new Error(
      "The database is not open: the server passes it in the load context (context.services.db); a script calls initDatabase() first.",
    );
  return (await opened).db;
}

/** Closes the script's database, if open. */
export async function closeDatabase(): Promise<void> {
  const handle = opened;
  opened = undefined;
  if (handle) await (await handle).close();
}
