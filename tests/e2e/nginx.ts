/**
 * A throwaway nginx (Debian's nginx-light, installed by scripts/test.sh) as the load balancer in
 * front of several server processes: the upstream block of docs/requirements/operations.md#data-and-deployment
 * (round robin, no sticky sessions, a failed connection retried on the next process, a POST
 * never sent twice), in a temp prefix of its own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Nginx {
  url: string;
  /**
   * Marks `addresses` down (none: every process back) and reloads nginx, as a rolling restart
   * does; resolves once new connections get the new configuration.
   */
  setDown: (addresses: string[]) => Promise<void>;
  errorLog: () => string;
  stop: () => Promise<void>;
}

export function nginxBinary(): string {
  const found = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", ...(process.env.PATH ?? "").split(":").map((d) => path.join(d, "nginx"))].find(
    (candidate) => existsSync(candidate),
  );
  if (!found) throw new Error("nginx is not installed: apt-get install -y nginx-light (scripts/test.sh does it as root)");
  return found;
}

/** The site's nginx settings for a pool of server processes (the part a deployment copies). */
export function proxyConfig(upstreams: string[], failTimeoutSeconds = 5, down: readonly string[] = []): string[] {
  return [
    "  upstream crossroads {",
    // Round robin; a process that refuses a connection is left alone for a few seconds.
    // `down`: drained for a restart (nginx -s reload), so nginx sends it nothing new.
    ...upstreams.map(
      (address) => `    server ${address} max_fails=1 fail_timeout=${failTimeoutSeconds}s${down.includes(address) ? " down" : ""};`,
    ),
    "  }",
    "  server {",
    "    location / {",
    "      proxy_pass http://crossroads;",
    "      proxy_set_header Host $http_host;",
    "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "      proxy_set_header X-Forwarded-Proto $scheme;",
    // A refused or failed connection goes to the next process. nginx never sends a POST again
    // once it reached a process (no `non_idempotent`): it may have been processed there.
    "      proxy_next_upstream error timeout http_502 http_503 http_504;",
    "      proxy_next_upstream_tries 2;",
    "      proxy_connect_timeout 2s;",
    // The graphics form: up to 10 files of 10 MB (the server enforces its own limits).
    "      client_max_body_size 101m;",
    "    }",
  ];
}

export async function startNginx(port: number, upstreams: string[], failTimeoutSeconds = 5): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), "crossroads-nginx-"));
  const errorLogFile = path.join(prefix, "error.log");
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let generation = 0;
  const configText = (down: readonly string[]) =>
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${path.join(prefix, "nginx.pid")};`,
      `error_log ${errorLogFile} warn;`,
      // As root, workers would drop to nobody, who cannot write the temp folders below.
      isRoot ? "user root root;" : "",
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${path.join(prefix, "client_body")};`,
      `  proxy_temp_path ${path.join(prefix, "proxy")};`,
      ...proxyConfig(upstreams, failTimeoutSeconds, down).map((line) =>
        line === "  server {" ? `  server {\n    listen 127.0.0.1:${port};` : line,
      ),
      // Test only: which configuration answers (setDown waits for the new one).
      `    location = /__nginx_generation { return 200 "${generation}"; }`,
      // Test only: each test request names its visitor in X-Forwarded-For, as if through one more
      // trusted proxy, so the per-address limits see many visitors rather than 127.0.0.1.
      "    set_real_ip_from 127.0.0.1;",
      "    real_ip_header X-Forwarded-For;",
      "  }",
      "}",
      "",
    ]
      .filter((line) => line !== "")
      .join("\n");
  const config = configText([]);
  writeFileSync(path.join(prefix, "nginx.conf"), config);
  let output = "";
  const child: ChildProcess = spawn(nginxBinary(), ["-e", errorLogFile, "-p", prefix, "-c", path.join(prefix, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errorLog = () => (existsSync(errorLogFile) ? readFileSync(errorLogFile, "utf8") : "");
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${output}\n${errorLog()}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`nginx did not listen on ${port} within 10 s:\n${output}\n${errorLog()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    errorLog,
    setDown: async (down) => {
      generation++;
      writeFileSync(path.join(prefix, "nginx.conf"), configText(down));
      child.kill("SIGHUP");
      const until = Date.now() + 10_000;
      for (;;) {
        try {
          // A new connection each time: the old workers' kept-alive ones would still answer.
          const response = await fetch(`${url}/__nginx_generation`, { headers: { connection: "close" } });
          // The new configuration answers, and the old worker has finished what it had in hand
          // (until then it may still send a request it took earlier to the drained process).
          if ((await response.text()) === String(generation) && childrenOf(child.pid!).length === 1) return;
        } catch {
          // between workers
        }
        if (Date.now() > until) throw new Error(`nginx did not reload within 10 s:\n${errorLog()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** The ids of the processes whose parent is `pid` (from /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
