/**
 * `npm start`: the production server (server/app-server.ts) with the build of `npm run build`,
 * prerendered pages and build files from memory, everything else rendered by React Router.
 * Bundled by esbuild into build/server-runtime/index.js; it never loads Vite.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { parseEnvOrExit } from "../app/env.server.ts";
import { startServer } from "./app-server.ts";
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

const build = (await import(serverBuildPath)) as ServerBuild;
await startServer({
  env,
  startedAt,
  production: { build, store: (security) => new StaticStore(path.join(buildDir, "client"), security) },
});
