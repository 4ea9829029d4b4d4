/**
 * A throwaway PostgreSQL 15 server for the integration tests: a fresh cluster in a temp folder,
 * listening only on 127.0.0.1 at a free port, with durability off for speed. `stop()` shuts it
 * down and deletes the folder; the process's exit does the same, best effort.
 *
 * initdb and postgres refuse to run as root, so as root they run as the unprivileged `postgres`
 * OS user (created with `useradd --system` when missing). A non-root user runs them directly.
 * When the binaries are missing and we are root, `apt-get install postgresql-15` installs them.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";

import { freePort } from "../lib/free-port.ts";

const execFileAsync = promisify(execFile);

export const PG_BIN_DIR = process.env.PG_BIN_DIR || "/usr/lib/postgresql/15/bin";
const PG_USER = "postgres";
export const TEST_DATABASE = "crossroads_test";
const READY_TIMEOUT_MS = 20_000;

export interface TestPostgres {
  url: string;
  /** Shuts the server down (pg_ctl stop -m fast) and deletes its folder. */
  stop: () => Promise<void>;
  /** A database outage: shuts the server down (pg_ctl stop -m fast), keeping its folder and port. */
  pause: () => Promise<void>;
  /** Ends the outage: starts the server again on the same folder and port; resolves once it accepts connections. */
  resume: () => Promise<void>;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** Environment for the server binaries: no inherited PG* settings, a fixed locale. */
function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("PG") && !key.startsWith("LC_") && key !== "LANG") env[key] = value;
  }
  env.LC_ALL = "C";
  return env;
}

/** argv for running a server binary: through `runuser -u postgres --` when we are root. */
function asServerUser(bin: string, args: string[]): [string, string[]] {
  const file = path.join(PG_BIN_DIR, bin);
  return isRoot() ? ["runuser", ["-u", PG_USER, "--", file, ...args]] : [file, args];
}

async function run(bin: string, args: string[], cwd: string): Promise<string> {
  const [file, argv] = asServerUser(bin, args);
  try {
    const { stdout } = await execFileAsync(file, argv, { cwd, env: serverEnv(), maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${bin} failed: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`.trim(), { cause: error });
  }
}

function runSync(command: string, args: string[]): { ok: boolean; output: string } {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.error?.message ?? ""}${result.stdout ?? ""}${result.stderr ?? ""}`;
  return { ok: result.status === 0, output };
}

/** Makes sure initdb/pg_ctl exist, installing postgresql-15 with apt-get when we can. */
function ensureBinaries(): void {
  const initdb = path.join(PG_BIN_DIR, "initdb");
  if (existsSync(initdb)) return;
  if (!isRoot()) {
    throw new Error(
      `PostgreSQL 15 server binaries not found at ${PG_BIN_DIR}. Install them (apt-get install -y postgresql-15), ` +
        `set PG_BIN_DIR to their folder, or run the tests with SKIP_POSTGRES=1 to use PGlite only.`,
    );
  }
  console.error(`[test-postgres] ${initdb} missing: installing postgresql-15 with apt-get`);
  let install = runSync("apt-get", ["install", "-y", "-q", "--no-upgrade", "postgresql-15"]);
  if (!install.ok) {
    const update = runSync("apt-get", ["update", "-q"]);
    if (!update.ok) throw new Error(`apt-get update failed:\n${update.output}`);
    install = runSync("apt-get", ["install", "-y", "-q", "--no-upgrade", "postgresql-15"]);
  }
  if (!install.ok || !existsSync(initdb)) {
    throw new Error(`Could not install postgresql-15 (apt-get install -y postgresql-15):\n${install.output}`);
  }
  // The package creates and may start a "15/main" cluster on port 5432; the tests don't use it.
  runSync("pg_ctlcluster", ["15", "main", "stop"]);
}

/** As root: makes sure the unprivileged `postgres` OS user exists (the Debian package creates it). */
function ensureServerUser(): void {
  if (!isRoot()) return;
  if (spawnSync("id", ["-u", PG_USER]).status === 0) return;
  const add = runSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER]);
  if (!add.ok) throw new Error(`Could not create the system user ${PG_USER}:\n${add.output}`);
}

function serverUserIds(): { uid: number; gid: number } {
  const uid = Number.parseInt(spawnSync("id", ["-u", PG_USER], { encoding: "utf8" }).stdout, 10);
  const gid = Number.parseInt(spawnSync("id", ["-g", PG_USER], { encoding: "utf8" }).stdout, 10);
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`No OS user ${PG_USER}`);
  return { uid, gid };
}

/** Retries a connection until the server accepts it; gives up early when the server has exited. */
async function waitForConnections(port: number, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`postgres exited (${server.exitCode ?? server.signalCode}) before accepting connections`);
    }
    const client = new pg.Client({ host: "127.0.0.1", port, user: PG_USER, database: "postgres" });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL on 127.0.0.1:${port} did not accept connections within 20 s`, { cause: error });
      }
      await sleep(100);
    }
  }
}

function readLog(logFile: string): string {
  const result = spawnSync("tail", ["-n", "30", logFile], { encoding: "utf8" });
  return result.stdout ?? "";
}

/** Starts postgres on 127.0.0.1:port only (Unix socket in dir), durability off, output to logFile. */
function spawnServer(dataDir: string, dir: string, port: number, logFile: string): ChildProcess {
  const [file, argv] = asServerUser("postgres", [
    "-D",
    dataDir,
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
  ]);
  const log = openSync(logFile, "a");
  try {
    const child = spawn(file, argv, { cwd: dir, env: serverEnv(), detached: true, stdio: ["ignore", log, log] });
    child.on("error", () => {}); // surfaces as exitCode via waitForConnections / the log
    child.unref(); // never keeps this process alive by itself
    return child;
  } finally {
    closeSync(log);
  }
}

/** pg_ctl stop, then waits for the postgres child to exit (so no zombie is left behind). */
async function stopServer(dataDir: string, dir: string, server: ChildProcess, mode: "fast" | "immediate"): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.ref();
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  try {
    await run("pg_ctl", ["stop", "-D", dataDir, "-m", mode, "-w", "-s"], dir);
  } catch (error) {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGQUIT");
    await exited;
    throw error;
  }
  await exited;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  ensureBinaries();
  ensureServerUser();

  const dir = mkdtempSync(path.join(os.tmpdir(), "crossroads-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");

  let server: ChildProcess | undefined;
  const stopSync = () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const [file, argv] = asServerUser("pg_ctl", ["stop", "-D", dataDir, "-m", "immediate", "-w", "-s"]);
      spawnSync(file, argv, { cwd: dir, env: serverEnv(), stdio: "ignore" });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", stopSync);

  try {
    if (isRoot()) {
      const { uid, gid } = serverUserIds();
      chownSync(dir, uid, gid);
    }
    await run("initdb", ["-D", dataDir, "-A", "trust", "-U", PG_USER, "--no-sync", "-E", "UTF8", "--locale=C"], dir);

    // postgres runs as our (detached) child rather than pg_ctl's daemon, so this process reaps it
    // and stop() can wait for its exit. The port can be taken between freePort() and the
    // server's bind: try a few.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      server = spawnServer(dataDir, dir, port, logFile);
      try {
        await waitForConnections(port, server);
        break;
      } catch (error) {
        await stopServer(dataDir, dir, server, "immediate").catch(() => {});
        const log = readLog(logFile);
        if (attempt < 3 && /could not bind|Address already in use/i.test(log)) continue;
        throw new Error(`${(error as Error).message}\nServer log:\n${log}`, { cause: error });
      }
    }

    const admin = new pg.Client({ host: "127.0.0.1", port, user: PG_USER, database: "postgres" });
    await admin.connect();
    try {
      await admin.query(`create database ${TEST_DATABASE}`);
    } finally {
      await admin.end();
    }

    let stopped = false;
    return {
      url: `postgres://${PG_USER}@127.0.0.1:${port}/${TEST_DATABASE}`,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await stopServer(dataDir, dir, server!, "fast");
        } finally {
          stopSync();
          process.off("exit", stopSync);
        }
      },
      pause: async () => {
        if (stopped) throw new Error("The test PostgreSQL was stopped for good");
        await stopServer(dataDir, dir, server!, "fast");
      },
      resume: async () => {
        if (stopped) throw new Error("The test PostgreSQL was stopped for good");
        if (server!.exitCode === null && server!.signalCode === null) return;
        server = spawnServer(dataDir, dir, port, logFile);
        try {
          await waitForConnections(port, server);
        } catch (error) {
          throw new Error(`${(error as Error).message}\nServer log:\n${readLog(logFile)}`, { cause: error });
        }
      },
    };
  } catch (error) {
    stopSync();
    process.off("exit", stopSync);
    throw error;
  }
}
