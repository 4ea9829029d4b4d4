import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/content/routes-index";

export default {
  appDirectory: "app",
  ssr: true,
  // Every public marketing page is written to static HTML at build (docs/requirements.md#data-and-deployment).
  async prerender() {
    return prerenderedPaths();
  },
} satisfies Config;
