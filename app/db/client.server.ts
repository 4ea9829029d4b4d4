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
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { log } from "../lib/log.server";
import * as schema from "./schema.server";

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
}

/**
 * The migrations: build/drizzle beside the server bundles (copied there by `npm run build`, so a
 * deployment of build/ carries them), else ./drizzle of the source tree (tests, tsx scripts).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
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

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that breaks (the server restarts or goes away) must not crash the
    // process: log it; the next query opens a new connection or fails on its own.
    pool.on("error", (error) => log.error("Database connection lost:", error.message));
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: "postgres", close: () => pool.end() };
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
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create(folder);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    // An existing folder may have looser modes, and a new one is unpacked from PGlite's template
    // with explicit modes: put them right, once.
    secureDataFolder(dataDir);
    return {
      db: db as unknown as Database,
      kind: "pglite",
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
