import { defineConfig } from "vitest/config";

// Integration tests: PGlite and a throwaway PostgreSQL 15 server started by the global setup.
// Run with `npx vitest run -c vitest.integration.config.ts` (SKIP_POSTGRES=1: PGlite only).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/integration/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The server's own environment schema reads these (app/env.server.ts).
    env: {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "4999",
      SITE_URL: "https://www.crossroadsit.example",
      SUPER_ADMIN_EMAIL: "boss@crossroadsit.example",
      BETTER_AUTH_SECRET: "integration-tests-only-secret-0123456789abcdef",
    },
  },
});
