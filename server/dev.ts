/**
 * `npm run dev`: the same server as `npm start` (server/app-server.ts), with React Router's
 * pages loaded through Vite in middleware mode instead of a build: no prerendering, every page
 * rendered on request, edits applied with hot reload (its WebSocket shares the server's port).
 */
import type { ServerBuild } from "react-router";

import { parseEnvOrExit } from "../app/env.server.ts";
import { startServer } from "./app-server.ts";

const startedAt = performance.now();

const env = parseEnvOrExit();

await startServer({
  env,
  startedAt,
  development: async (server) => {
    const vite = await import("vite");
    const devServer = await vite.createServer({
      appType: "custom",
      server: { middlewareMode: true, hmr: { server } },
    });
    return {
      middlewares: devServer.middlewares,
      build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      close: () => devServer.close(),
    };
  },
});
