#!/usr/bin/env bash
# Performance bench of the built site (npm run bench):
#   1. gzipped JS/CSS per page, 2. Lighthouse mobile, 3. req/s server vs nginx (wrk),
#   4. server cold start and RSS.
# Builds once (skip with BENCH_SKIP_BUILD=1), snapshots build/ to bench-results/build so that a
# rebuild by someone else cannot change files mid-bench, then runs scripts/bench/main.ts.
# Prints tables and writes bench-results/latest.json. Missed targets are reported (MISS), never
# fatal; the exit code is non-zero only when something crashed or a figure could not be measured.
# Options (env): BENCH_SKIP_BUILD=1, BENCH_ONLY=sizes,coldstart,throughput,paint,lighthouse,signin,graphics,leads,workers,scale,insights,content,webhooks.
# Needs Debian's chromium; installs nginx-light and wrk with apt-get when missing (as root),
# else skips the figures that need them. Every process it starts is stopped on exit (trap).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export BENCH_START_EPOCH_MS=$(($(date +%s%N) / 1000000))

say() { printf '[bench] %s\n' "$*" >&2; }

BENCH_TMP=$(mktemp -d "${TMPDIR:-/tmp}/bench.XXXXXX")
# main.ts puts its temp dirs (nginx prefix, Chromium profiles) in BENCH_TMP, and lists the processes
# it starts in BENCH_PIDFILE (pid, "group"/"single", label) until they exit.
export BENCH_TMP
export BENCH_PIDFILE="$BENCH_TMP/pids"
: >"$BENCH_PIDFILE"
RUNNER_PID=""

# Stops what the bench started, by id: the TypeScript runner's own process group, then anything
# still listed in the pid file (server, nginx, chromium, wrk run in their own process groups).
stop_started() {
  if [[ -n $RUNNER_PID ]] && kill -0 "$RUNNER_PID" 2>/dev/null; then
    kill -TERM -- "-$RUNNER_PID" 2>/dev/null || kill -TERM "$RUNNER_PID" 2>/dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$RUNNER_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$RUNNER_PID" 2>/dev/null || true
  fi
  if [[ -s $BENCH_PIDFILE ]]; then
    local pid kind label
    while read -r pid kind label; do
      [[ $pid =~ ^[0-9]+$ ]] || continue
      kill -0 "$pid" 2>/dev/null || continue
      # Guard against a reused pid: the command line must still be what was started.
      case "$label" in
        server) grep -qa "server-runtime" "/proc/$pid/cmdline" 2>/dev/null || continue ;;
        nginx) grep -qa "nginx" "/proc/$pid/cmdline" 2>/dev/null || continue ;;
        chromium) grep -qa "chrom" "/proc/$pid/cmdline" 2>/dev/null || continue ;;
        wrk) grep -qa "wrk" "/proc/$pid/cmdline" 2>/dev/null || continue ;;
        *) continue ;;
      esac
      say "stopping leftover $label (pid $pid)"
      if [[ $kind == group ]]; then
        kill -TERM -- "-$pid" 2>/dev/null || true
        sleep 0.5
        kill -KILL -- "-$pid" 2>/dev/null || true
      else
        kill -TERM "$pid" 2>/dev/null || true
        sleep 0.5
        kill -KILL "$pid" 2>/dev/null || true
      fi
    done <"$BENCH_PIDFILE"
  fi
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  stop_started
  rm -rf "$BENCH_TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'say "interrupted"; exit 130' INT TERM HUP

# --- Tools ---------------------------------------------------------------------------------
have() { command -v "$1" >/dev/null 2>&1 || [[ -x /usr/sbin/$1 ]]; }

# Debian's nginx package starts its system service on install; the bench only wants the binary,
# so a service that install started (and that was not running before) is stopped again.
nginx_service_pid() {
  local pid
  pid=$(cat /run/nginx.pid 2>/dev/null || true)
  [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
  return 0
}

install_pkg() { # package
  local pkg=$1 log="$BENCH_TMP/apt-$1.log"
  if [[ $(id -u) -ne 0 ]]; then
    say "$pkg is not installed and this is not root: skipping the figures that need it (sudo apt-get install -y $pkg)"
    return 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "$pkg is not installed and there is no apt-get: skipping the figures that need it"
    return 1
  fi
  local before
  before=$(nginx_service_pid)
  say "installing $pkg (apt-get install -y $pkg)"
  if ! DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y --no-install-recommends "$pkg" >"$log" 2>&1; then
    say "install failed; running apt-get update and trying again"
    if ! { DEBIAN_FRONTEND=noninteractive timeout 300 apt-get update && DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y --no-install-recommends "$pkg"; } >>"$log" 2>&1; then
      say "could not install $pkg: skipping the figures that need it. Last lines of apt-get:"
      tail -n 5 "$log" >&2 || true
      return 1
    fi
  fi
  local after
  after=$(nginx_service_pid)
  if [[ -n $after && -z $before ]]; then
    say "stopping the nginx system service the $pkg install started (pid $after)"
    if command -v systemctl >/dev/null 2>&1 && [[ -d /run/systemd/system ]]; then
      systemctl stop nginx >/dev/null 2>&1 || kill -QUIT "$after" 2>/dev/null || true
    else
      kill -QUIT "$after" 2>/dev/null || true
    fi
  fi
  return 0
}

have wrk || install_pkg wrk || true
have nginx || install_pkg nginx-light || true
[[ -x ${CHROMIUM_PATH:-/usr/bin/chromium} ]] || say "chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium}: Lighthouse figures will fail (apt-get install -y chromium)"

# --- Build ---------------------------------------------------------------------------------
if [[ ${BENCH_SKIP_BUILD:-0} == 1 ]]; then
  say "BENCH_SKIP_BUILD=1: using the existing build/"
else
  say "npm run build"
  npm run build >"$BENCH_TMP/build.log" 2>&1 || {
    cat "$BENCH_TMP/build.log" >&2
    say "build failed"
    exit 1
  }
  tail -n 1 "$BENCH_TMP/build.log" >&2
fi
# The build holds no page (the server renders them at start, server/page-renderer.ts): its
# server bundles and the client's hashed assets.
for f in build/server-runtime/index.js build/server/index.js build/client/assets; do
  [[ -e $f ]] || { say "$f is missing: run npm run build (or drop BENCH_SKIP_BUILD)"; exit 1; }
done
mkdir -p bench-results
rm -rf bench-results/build
cp -a build bench-results/build
export BENCH_BUILD_DIR=bench-results/build

# --- Measure -------------------------------------------------------------------------------
# In its own session (process group) so that the trap can stop the whole runner by its id.
status=0
setsid npx --no-install tsx scripts/bench/main.ts &
RUNNER_PID=$!
wait "$RUNNER_PID" || status=$?
RUNNER_PID=""
exit "$status"
