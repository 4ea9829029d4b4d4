import { defineConfig } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium";
import { E2E_AUTH_SECRET, E2E_DATA_DIR, E2E_GTM_ID, E2E_PORT, E2E_SITE_URL, E2E_USERS } from "./tests/e2e/config";

/**
 * Browser tests against the production build served by the project's own server.
 * scripts/e2e.sh (`npm run test:e2e`, also the last step of `npm test`) builds before running
 * these; the server reads GTM_ID and SITE_URL (below) when it starts and renders the public pages
 * with them. Its start (the seed's fresh embedded database, then every public page rendered)
 * takes about 25 s on two busy shared cores, hence the web server's time limit.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
  },
  webServer: {
    // A fresh embedded database with the test accounts, then the production server.
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx tests/e2e/seed.ts && node build/server-runtime/index.js`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      SITE_URL: E2E_SITE_URL,
      GTM_ID: E2E_GTM_ID,
      TEST_FAULTS: "1",
      DATA_DIR: E2E_DATA_DIR,
      BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
      SUPER_ADMIN_EMAIL: E2E_USERS.admin.email,
      // Each test sends its own X-Forwarded-For, so sign-in rate limits do not collide.
      TRUST_PROXY: "1",
      // Plain http on loopback: cookies marked Secure would not come back.
      SECURE_COOKIES: "0",
      // The contact form's time trap off: a test fills and sends the form within a second of
      // loading it, as only a script can (docs/requirements/leads.md#spam; the trap is tested in
      // tests/integration/lead-pipeline.test.ts).
      CONTACT_MIN_SECONDS: "0",
      // Webhooks to the receivers the tests start on 127.0.0.1 over http (tests/e2e/webhooks.spec.ts);
      // metadata addresses stay refused. No other browser test adds an endpoint.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    },
  },
});
