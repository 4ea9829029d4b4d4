/**
 * Starts extra copies of the built server as real OS processes, for tests that need more than the
 * Playwright web server: several processes on one PostgreSQL, a non-loopback production host, a
 * database that goes away. Every line the process prints is kept, so tests can read the logs.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

import { freePort } from "../../scripts/lib/free-port";
import { startSmtp } from "../smtp";
import { E2E_AUTH_SECRET, E2E_SITE_URL, E2E_USERS, TOTP_SECRETS_FILE } from "./config";
import { test } from "./fixtures";

export interface ServerProcess {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  logs: () => string;
  /** The process has not exited. */
  running: () => boolean;
  /** Sends `signal` and waits for the exit: the exit code, or null when the signal ended it. */
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
  stop: () => Promise<void>;
}

/**
 * Starts `node build/server-runtime/index.js` in production mode and waits for /healthz. A variable
 * given as undefined is left out of the process's environment. The limit covers a fresh embedded
 * database (its migrations) and the public pages rendered before the server listens: over 20 s on
 * two busy shared cores.
 */
export function startServerProcess(env: Record<string, string | undefined> = {}): Promise<ServerProcess> {
  return start(process.execPath, ["build/server-runtime/index.js"], { NODE_ENV: "production", ...env }, 60_000);
}

export interface ServerWithMail {
  server: ServerProcess;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** The seeded administrators' two-factor secrets (e-mail → base32), from the server's own data folder. */
  totpSecrets: Record<string, string>;
  /** Stops the server and the listener and removes the data folder. */
  stop: () => Promise<void>;
}

/**
 * A server process that sends e-mail, for the specs that read what it sends: a real SMTP listener,
 * a data folder of its own with the browser tests' accounts (seed.ts, the administrators with
 * two-factor sign-in, the seeded administrator as super-administrator), and the server on both;
 * `env` adds settings, `seedEnv` settings of the seed. `label` names the data folder.
 */
export async function startServerWithMail(
  label: string,
  env: Record<string, string> = {},
  /** Settings of the seed only (seed.ts: E2E_SEED_AUDIT_ENTRIES). */
  seedEnv: Record<string, string> = {},
): Promise<ServerWithMail> {
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(path.join(tmpdir(), `crossroads-${label}-`));
  const cleanUp = async () => {
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await promisify(execFile)(process.execPath, ["--import", "tsx", "tests/e2e/seed.ts"], {
      // The server's secret: it also encrypts the administrators' two-factor secrets the seed turns on.
      env: { ...process.env, ...seedEnv, DATA_DIR: dataDir, BETTER_AUTH_SECRET: E2E_AUTH_SECRET },
    });
    const totpSecrets = JSON.parse(readFileSync(path.join(dataDir, path.basename(TOTP_SECRETS_FILE)), "utf8")) as Record<string, string>;
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SALES_EMAIL: "sales@crossroadsit.example",
      SUPER_ADMIN_EMAIL: E2E_USERS.admin.email,
      ...env,
    });
    return {
      server,
      smtp,
      totpSecrets,
      stop: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * For a spec file whose tests share one server that sends mail: `startServerWithMail` before its
 * first test, stopped after its last. The fields are there once the tests run.
 */
export function serverWithMailForFile(label: string, env: Record<string, string> = {}): ServerWithMail {
  const shared = {} as ServerWithMail;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    Object.assign(shared, await startServerWithMail(label, env));
  });
  test.afterAll(async () => {
    await shared.stop?.();
  });
  return shared;
}

/**
 * Starts `npm run dev` (the same server with Vite, no build) and waits for /healthz. It runs in its
 * own process group, so stopping it stops npm and the server under it.
 */
export function startDevServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  return start("npm", ["run", "--silent", "dev"], { HOME: process.env.HOME ?? "/root", ...env }, 60_000, true);
}

async function start(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs: number,
  group = false,
): Promise<ServerProcess> {
  // PORT in `env`: a fixed port (a process restarted behind a load balancer comes back on its own).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "crossroads-proc-"));
  let output = "";
  const child: ChildProcess = spawn(command, args, {
    cwd: path.resolve(import.meta.dirname, "../.."),
    detached: group,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: E2E_SITE_URL,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
      TRUST_PROXY: "1",
      // Plain http on loopback: cookies marked Secure would not come back.
      SECURE_COOKIES: "0",
      // One process unless the test asks for a cluster (the default with DATABASE_URL is one per core).
      WEB_CONCURRENCY: "1",
      // The contact form's time trap off, as in playwright.config.ts: tests send forms faster than a person.
      CONTACT_MIN_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const signal = (name: NodeJS.Signals) => (group ? process.kill(-child.pid!, name) : child.kill(name));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signal("SIGKILL");
      throw new Error(`The server did not answer /healthz within ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(100);
  }

  return {
    url,
    port,
    pid: child.pid!,
    logs: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    kill: async (name) => {
      if (child.exitCode === null && child.signalCode === null) {
        signal(name);
        await exited;
      }
      return child.exitCode;
    },
    stop: async () => {
      if (child.exitCode === null) {
        signal("SIGTERM");
        const timer = setTimeout(() => signal("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
