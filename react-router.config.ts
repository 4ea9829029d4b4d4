import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // No prerender: the public pages are rendered by the server at start, from the published content
  // in the database, and again after every publication (server/page-renderer.ts, ADR 029). The
  // build needs no SITE_URL.
} satisfies Config;
