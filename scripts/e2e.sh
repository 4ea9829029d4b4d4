#!/usr/bin/env bash
# The browser tests: a production build with the test settings (GTM_ID and SITE_URL from
# tests/e2e/config.ts, which playwright.config.ts reads too), then Playwright in Debian's Chromium.
# `npm run test:e2e` runs this; arguments go to Playwright (`npm run test:e2e -- tests/e2e/routes.spec.ts`).
# E2E_SKIP_BUILD=1 reuses the build already in build/ (it must have been made with the same settings).
# scripts/test.sh runs it last; on its own it needs chromium and java installed (test.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

port="${E2E_PORT:-4173}"
if [ "${E2E_SKIP_BUILD:-}" != "1" ]; then
  # Read by importing the module (not by pattern-matching its text, which formatting could break).
  settings=$(npx tsx -e 'import("./tests/e2e/config.ts").then((c) => console.log(`${c.E2E_GTM_ID} ${c.E2E_SITE_URL}`))')
  read -r gtm site_url <<<"$settings"
  if [ -z "$gtm" ] || [ -z "$site_url" ]; then
    echo "Could not read E2E_GTM_ID and E2E_SITE_URL from tests/e2e/config.ts" >&2
    exit 1
  fi
  echo "==> Build (GTM_ID=$gtm SITE_URL=$site_url)"
  GTM_ID="$gtm" SITE_URL="$site_url" npm run build --silent >/dev/null
fi

if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
  echo "Port $port is already in use; stop whatever runs there." >&2
  exit 1
fi

echo "==> Browser tests"
npx playwright test "$@"
