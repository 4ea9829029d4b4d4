/**
 * Requests per second for the home page the server rendered at start and serves from memory: the
 * site's server against a throwaway nginx (Debian's) serving the same page as a file with
 * gzip_static (the HTML the server sends, written with its level-9 .gz as the build once
 * precompressed it, next to nothing else), both on 127.0.0.1.
 * wrk -t2 -c50 -d10s with Accept-Encoding: gzip, br; 2 s warm-up each; 3 rounds alternating
 * (the order flips every round so neither side always runs first); medians and server/nginx.
 * Also the server's RSS when idle (before any load) and right after its last wrk run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { freePort, httpGet, log, median, readMemory, round, sleep, startProcess, startServer, TMP_ROOT, type Proc } from "./lib.ts";

const WRK_THREADS = 2;
const WRK_CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_WRK_SECONDS ?? 10);
const WARMUP_S = 2;
const ROUNDS = Number(process.env.BENCH_WRK_ROUNDS ?? 3);
const ACCEPT = "gzip, br";

/** A program on PATH or in the sbin dirs; BENCH_NGINX_BIN / BENCH_WRK_BIN override ("" = treat as missing). */
export function findBinary(name: string): string | undefined {
  const override = process.env[`BENCH_${name.toUpperCase()}_BIN`];
  if (override !== undefined) return override && existsSync(override) ? override : undefined;
  const dirs = [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/usr/local/sbin", "/sbin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export interface WrkResult {
  rps: number;
  latencyAvg: string;
  requests: number;
  non2xx: number;
  socketErrors: string | null;
  transferPerSec: string;
}

function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!rps) throw new Error(`could not read wrk output:\n${output}`);
  return {
    rps: Number(rps[1]),
    latencyAvg: /Latency\s+(\S+)/.exec(output)?.[1] ?? "?",
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: /Socket errors:\s+(.*)/.exec(output)?.[1]?.trim() ?? null,
    transferPerSec: /Transfer\/sec:\s+(\S+)/.exec(output)?.[1] ?? "?",
  };
}

/** wrk against `url`; `cpu`: confined to that core (taskset), off the core a measured server has. */
export async function wrk(bin: string, url: string, seconds: number, connections = WRK_CONNECTIONS, cpu?: number): Promise<WrkResult> {
  const args = [`-t${WRK_THREADS}`, `-c${connections}`, `-d${seconds}s`, "-H", `Accept-Encoding: ${ACCEPT}`, url];
  const proc = cpu === undefined ? startProcess(bin, args, "wrk") : startProcess("taskset", ["-c", String(cpu), bin, ...args], "wrk");
  const timer = setTimeout(() => void proc.stop(1000), (seconds + 20) * 1000);
  const { code } = await proc.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${proc.output()}`);
  return parseWrk(proc.output());
}

/** Directives for the temp paths nginx was built with, moved into our prefix. */
function tempPathDirectives(nginxBin: string, prefix: string): string[] {
  // nginx -V writes to stderr.
  const v = spawnSync(nginxBin, ["-V"], { encoding: "utf8" });
  const info = `${v.stdout ?? ""}${v.stderr ?? ""}`;
  const names: Record<string, string> = {
    "client-body": "client_body_temp_path",
    proxy: "proxy_temp_path",
    fastcgi: "fastcgi_temp_path",
    uwsgi: "uwsgi_temp_path",
    scgi: "scgi_temp_path",
  };
  const modules: Record<string, string> = { proxy: "proxy", fastcgi: "fastcgi", uwsgi: "uwsgi", scgi: "scgi" };
  const out: string[] = [];
  for (const [flag, directive] of Object.entries(names)) {
    const mod = modules[flag];
    if (mod && info.includes(`--without-http_${mod}_module`)) continue;
    if (flag !== "client-body" && !info.includes(`--http-${flag}-temp-path`)) continue;
    const dir = path.join(prefix, `${flag}_temp`);
    mkdirSync(dir, { recursive: true });
    out.push(`  ${directive} ${dir};`);
  }
  return out;
}

/**
 * Writes one page's HTML where nginx finds it (`/` → index.html, `/about` → about/index.html) with
 * the .gz beside it that gzip_static sends (level 9, as scripts/precompress.ts compresses files).
 */
export function writePageFile(dir: string, page: string, html: string): void {
  const file = page === "/" ? path.join(dir, "index.html") : path.join(dir, page.slice(1), "index.html");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
}

/** The HTML the server at `serverUrl` sends for `page` (uncompressed), or throws. */
export async function fetchPage(serverUrl: string, page: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${serverUrl}${page}`, { headers });
  if (!response.ok) throw new Error(`GET ${page}: ${response.status}`);
  return response.text();
}

export interface NginxHandle extends Proc {
  url: string;
  prefix: string;
}

export interface NginxOptions {
  /** The directory served: it must hold an index.html (the build's client files hold no page). */
  root: string;
  /** Files missing from `root` are looked up here (the no-JavaScript copies of scripts/bench/paint.ts). */
  fallbackRoot?: string;
}

/** A throwaway nginx on a free port serving `root` with gzip_static; stopped by the caller (`stop()`, then remove `prefix`). */
export async function startNginx(nginxBin: string, options: NginxOptions): Promise<NginxHandle> {
  const root = options.root;
  const prefix = mkdtempSync(path.join(TMP_ROOT, "bench-nginx-"));
  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  const runningAsRoot = typeof process.getuid === "function" && process.getuid() === 0;
  writeFileSync(
    conf,
    [
      "# Throwaway nginx for scripts/bench (generated).",
      "daemon off;",
      "worker_processes auto;",
      `pid ${path.join(prefix, "nginx.pid")};`,
      `error_log ${path.join(prefix, "error.log")} warn;`,
      // As root, workers would drop to nobody, who may not be able to read the build.
      runningAsRoot ? "user root root;" : "",
      "events { worker_connections 1024; }",
      "http {",
      "  types {",
      "    text/html html;",
      "    text/css css;",
      "    text/javascript js mjs;",
      "    application/json json;",
      "    image/svg+xml svg;",
      "    image/png png;",
      "    image/webp webp;",
      "    image/avif avif;",
      "    image/x-icon ico;",
      "    font/woff2 woff2;",
      "    text/plain txt;",
      "    application/xml xml;",
      "  }",
      "  default_type application/octet-stream;",
      "  access_log off;",
      "  sendfile on;",
      "  tcp_nopush on;",
      "  gzip_static on;",
      ...tempPathDirectives(nginxBin, prefix),
      "  server {",
      `    listen 127.0.0.1:${port};`,
      `    root ${root};`,
      "    index index.html;",
      options.fallbackRoot
        ? `    location / { try_files $uri $uri/index.html @fallback; }\n    location @fallback { root ${options.fallbackRoot}; try_files $uri $uri/ =404; }`
        : "    location / { try_files $uri $uri/ =404; }",
      "  }",
      "}",
      "",
    ]
      .filter((line) => line !== "")
      .join("\n") + "\n",
  );
  // -e: the error log before the config is read (nginx >= 1.19.5); -p: our prefix, not /usr/share/nginx.
  const proc = startProcess(nginxBin, ["-e", path.join(prefix, "error.log"), "-p", prefix, "-c", conf], "nginx");
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  for (;;) {
    const errorLog = () => {
      try {
        return readFileSync(path.join(prefix, "error.log"), "utf8");
      } catch {
        return "";
      }
    };
    if (proc.hasExited()) {
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited at start:\n${proc.output()}\n${errorLog()}`);
    }
    if (performance.now() - t0 > 10000) {
      await proc.stop();
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not answer within 10 s:\n${proc.output()}\n${errorLog()}`);
    }
    try {
      const res = await httpGet(`${url}/`, {}, 1000);
      if (res.status === 200) break;
    } catch {
      // not yet listening
    }
    await sleep(20);
  }
  return Object.assign(proc, { url, prefix });
}

export interface ThroughputResult {
  server: { rpsMedian: number; runs: WrkResult[]; encoding: string; bodyBytes: number };
  nginx: { rpsMedian: number; runs: WrkResult[]; encoding: string; bodyBytes: number } | null;
  ratio: number | null;
  skipped: string | null;
  wrk: string;
  rss: { idleMb: number; afterLoadMb: number; peakMb: number } | null;
}

export async function measureThroughput(): Promise<ThroughputResult> {
  const wrkBin = findBinary("wrk");
  const nginxBin = findBinary("nginx");
  const wrkDesc = `wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${DURATION_S}s -H 'Accept-Encoding: ${ACCEPT}', ${WARMUP_S} s warm-up, ${ROUNDS} rounds`;
  const server = await startServer();
  let nginx: NginxHandle | undefined;
  let pageDir: string | undefined;
  try {
    // Idle RSS: after start, with a moment to settle and no request yet but /healthz.
    await sleep(2000);
    const idle = readMemory(server.pid);
    log(`server idle RSS ${idle.rssMb} MB`);
    if (!wrkBin) {
      return {
        server: { rpsMedian: Number.NaN, runs: [], encoding: "", bodyBytes: 0 },
        nginx: null,
        ratio: null,
        skipped: "wrk not installed (apt-get install -y wrk)",
        wrk: wrkDesc,
        rss: { idleMb: idle.rssMb, afterLoadMb: Number.NaN, peakMb: idle.hwmMb },
      };
    }
    let skipped: string | null = null;
    if (!nginxBin) skipped = "nginx not installed (apt-get install -y nginx-light): no nginx figure";
    else {
      // The build has no HTML: nginx gets the home page as the server sends it (rendered at start).
      pageDir = mkdtempSync(path.join(TMP_ROOT, "bench-home-"));
      writePageFile(pageDir, "/", await fetchPage(server.url, "/"));
      try {
        nginx = await startNginx(nginxBin, { root: pageDir });
      } catch (error) {
        skipped = `nginx failed to start: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (skipped) log(skipped);

    const probe = async (base: string) => {
      const res = await httpGet(`${base}/`, { "Accept-Encoding": ACCEPT });
      if (res.status !== 200) throw new Error(`${base}/ answered ${res.status}`);
      return { encoding: String(res.headers["content-encoding"] ?? "identity"), bodyBytes: res.bytes };
    };
    const serverProbe = await probe(server.url);
    const nginxProbe = nginx ? await probe(nginx.url) : null;
    log(
      `home page: server sends ${serverProbe.encoding} ${serverProbe.bodyBytes} B${nginxProbe ? `, nginx sends ${nginxProbe.encoding} ${nginxProbe.bodyBytes} B` : ""}`,
    );

    await wrk(wrkBin, `${server.url}/`, WARMUP_S);
    if (nginx) await wrk(wrkBin, `${nginx.url}/`, WARMUP_S);

    const serverRuns: WrkResult[] = [];
    const nginxRuns: WrkResult[] = [];
    let afterLoad = idle;
    for (let round_ = 1; round_ <= ROUNDS; round_++) {
      const order: ("server" | "nginx")[] = round_ % 2 === 1 ? ["server", "nginx"] : ["nginx", "server"];
      for (const target of order) {
        if (target === "nginx" && !nginx) continue;
        const url = target === "server" ? `${server.url}/` : `${nginx!.url}/`;
        const r = await wrk(wrkBin, url, DURATION_S);
        (target === "server" ? serverRuns : nginxRuns).push(r);
        if (target === "server") afterLoad = readMemory(server.pid);
        log(
          `wrk round ${round_}/${ROUNDS} ${target}: ${Math.round(r.rps)} req/s, latency ${r.latencyAvg}` +
            `${r.non2xx ? `, ${r.non2xx} non-2xx` : ""}${r.socketErrors ? `, socket errors ${r.socketErrors}` : ""}`,
        );
      }
    }
    const serverMedian = median(serverRuns.map((r) => r.rps));
    const nginxMedian = nginx ? median(nginxRuns.map((r) => r.rps)) : Number.NaN;
    return {
      server: { rpsMedian: Math.round(serverMedian), runs: serverRuns, ...serverProbe },
      nginx: nginx && nginxProbe ? { rpsMedian: Math.round(nginxMedian), runs: nginxRuns, ...nginxProbe } : null,
      ratio: nginx ? round(serverMedian / nginxMedian, 2) : null,
      skipped,
      wrk: wrkDesc,
      rss: { idleMb: idle.rssMb, afterLoadMb: afterLoad.rssMb, peakMb: afterLoad.hwmMb },
    };
  } finally {
    if (nginx) {
      await nginx.stop();
      rmSync(nginx.prefix, { recursive: true, force: true });
    }
    if (pageDir) rmSync(pageDir, { recursive: true, force: true });
    await server.stop();
  }
}
