#!/usr/bin/env bash
# The browser tests: a production build, then Playwright in Debian's Chromium. The build needs no
# setting: the test server gets GTM_ID and SITE_URL from tests/e2e/config.ts (playwright.config.ts)
# when it starts, and renders the public pages with them (server/page-renderer.ts).
# `npm run test:e2e` runs this; arguments go to Playwright (`npm run test:e2e -- tests/e2e/routes.spec.ts`).
# E2E_SKIP_BUILD=1 reuses the build already in build/.
# scripts/test.sh runs it last; on its own it needs chromium and java installed (test.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

port="${E2E_PORT:-4173}"
if [ "${E2E_SKIP_BUILD:-}" != "1" ]; then
  echo "==> Build"
  npm run build --silent >/dev/null
fi

if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
  echo "Port $port is already in use; stop whatever runs there." >&2
  exit 1
fi

echo "==> Browser tests"
npx playwright test "$@"
