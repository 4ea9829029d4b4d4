/**
 * `npm start`: the production server (server/app-server.ts) with the build of `npm run build`,
 * the public pages rendered at start from the published content and the build's files served from
 * memory, everything else rendered by React Router.
 * Bundled by esbuild into build/server-runtime/index.js; it never loads Vite. With WEB_CONCURRENCY
 * above 1 (the default with DATABASE_URL: one per core) it is the primary of that many worker
 * processes on one port (server/cluster.ts), each of which runs this file again as a worker.
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";

import { parseEnvOrExit, webConcurrency } from "../app/env.server.ts";
import { configureLog, log } from "../app/lib/log.server.ts";
import { startServer } from "./app-server.ts";
import { runPrimary } from "./cluster.ts";
import { StaticStore } from "./static-store.ts";

const startedAt = performance.now();

const env = parseEnvOrExit();

const buildDir = process.env.BUILD_DIR
  ? path.resolve(process.env.BUILD_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBuildPath = path.join(buildDir, "server", "index.js");
if (!existsSync(serverBuildPath)) {
  console.error(`No build found at ${serverBuildPath}. Run "npm run build" first.`);
  process.exit(1);
}

// WEB_CONCURRENCY > 1: this process only forks and watches the workers (server/cluster.ts).
const workers = webConcurrency(env);
if (workers > 1 && cluster.isPrimary) {
  configureLog({ format: env.LOG_FORMAT, level: env.LOG_LEVEL });
  runPrimary({ workers, graceMs: (env.SHUTDOWN_DELAY_SECONDS + env.SHUTDOWN_GRACE_SECONDS) * 1000, log });
} else {
  const build = (await import(serverBuildPath)) as ServerBuild;
  await startServer({
    env,
    startedAt,
    production: { build, store: (security) => new StaticStore(path.join(buildDir, "client"), security) },
  });
}
