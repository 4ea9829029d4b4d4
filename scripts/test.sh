#!/usr/bin/env bash
# Installs what the tests need (Chromium, Java for the HTML checker, nginx-light for the load-balancer
# test, npm packages; PostgreSQL 15 is installed by the integration harness when missing), then runs
# every check: lint, typecheck, unit tests, integration tests, production build, browser tests.
# `npm test` runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
# nginx: the load balancer of tests/e2e/cluster.spec.ts (the binary only; see below).
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need_apt+=(nginx-light)
if ((${#need_apt[@]})); then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing: ${need_apt[*]}. Install them (apt-get install -y ${need_apt[*]}) or run as root." >&2
    exit 1
  fi
  echo "==> Installing ${need_apt[*]}"
  nginx_before=$(cat /run/nginx.pid 2>/dev/null || true)
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  # Debian's nginx package starts its system service on install; the tests start their own.
  nginx_after=$(cat /run/nginx.pid 2>/dev/null || true)
  if [[ -n $nginx_after && -z $nginx_before ]] && kill -0 "$nginx_after" 2>/dev/null; then
    echo "==> Stopping the nginx system service the install started (pid $nginx_after)"
    if command -v systemctl >/dev/null 2>&1 && [[ -d /run/systemd/system ]]; then
      systemctl stop nginx >/dev/null 2>&1 || kill -QUIT "$nginx_after" 2>/dev/null || true
    else
      kill -QUIT "$nginx_after" 2>/dev/null || true
    fi
  fi
fi

echo "==> npm install"
npm install --no-audit --no-fund --loglevel=error

echo "==> Lint and formatting"
npx eslint . --max-warnings=0
npx prettier --check . --log-level=warn

echo "==> Typecheck"
npx react-router typegen
npx tsc --noEmit

echo "==> Unit tests"
npx vitest run

echo "==> Integration tests (embedded PGlite and a throwaway PostgreSQL 15)"
npx vitest run -c vitest.integration.config.ts

# The browser tests, against a production build made with their settings.
bash scripts/e2e.sh
