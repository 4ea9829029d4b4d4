import type { Config } from "@react-router/dev/config";

import { prerenderedPaths } from "./app/content/routes-index";
import { parseEnv } from "./app/env.server";
import { writeBuildSettings } from "./server/build-settings";

export default {
  appDirectory: "app",
  ssr: true,
  // Every public marketing page is written to static HTML at build (docs/requirements/operations.md#data-and-deployment).
  async prerender() {
    return prerenderedPaths();
  },
  // The SITE_URL those pages were prerendered with (the root loader's env(), the same process
  // environment), for `npm start` to compare with its own (server/build-settings.ts).
  buildEnd({ reactRouterConfig }) {
    writeBuildSettings(reactRouterConfig.buildDirectory, { siteUrl: parseEnv(process.env).SITE_URL });
  },
} satisfies Config;
