#!/usr/bin/env bash
# Installs what the tests need (Chromium, Java for the HTML checker, npm packages; PostgreSQL 15
# is installed by the integration harness when missing), then runs every check: lint, typecheck,
# unit tests, integration tests, production build, browser tests. `npm test` runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
if ((${#need_apt[@]})); then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing: ${need_apt[*]}. Install them (apt-get install -y ${need_apt[*]}) or run as root." >&2
    exit 1
  fi
  echo "==> Installing ${need_apt[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

echo "==> npm install"
npm install --no-audit --no-fund --loglevel=error

echo "==> Lint"
npx eslint . --max-warnings=0

echo "==> Typecheck"
npx react-router typegen
npx tsc --noEmit

echo "==> Unit tests"
npx vitest run

echo "==> Integration tests (embedded PGlite and a throwaway PostgreSQL 15)"
npx vitest run -c vitest.integration.config.ts

# The browser tests run against this build (settings shared with tests/e2e/config.ts).
port="${E2E_PORT:-4173}"
# Read by importing the module (not by pattern-matching its text, which formatting could break).
settings=$(npx tsx -e 'import("./tests/e2e/config.ts").then((c) => console.log(`${c.E2E_GTM_ID} ${c.E2E_SITE_URL}`))')
read -r gtm site_url <<<"$settings"
if [ -z "$gtm" ] || [ -z "$site_url" ]; then
  echo "Could not read E2E_GTM_ID and E2E_SITE_URL from tests/e2e/config.ts" >&2
  exit 1
fi
echo "==> Build (GTM_ID=$gtm SITE_URL=$site_url)"
GTM_ID="$gtm" SITE_URL="$site_url" npm run build --silent >/dev/null

if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
  echo "Port $port is already in use; stop whatever runs there." >&2
  exit 1
fi

echo "==> Browser tests"
npx playwright test
