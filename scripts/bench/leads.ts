/**
 * Contact-form submissions against the built server: submissions per second and p99 latency with
 * 50 concurrent clients, on the embedded PGlite and on PostgreSQL 15 (a throwaway server from
 * scripts/pg/test-server.ts). Each submission is what the browser sends with JavaScript on (a POST
 * to /contact.data) from its own client address (TRUST_PROXY=1, X-Forwarded-For), so the
 * per-address rate limit does not interfere; every one must be answered 200 (stored).
 * E-mail notifications are off, as the outbox sends after the answer anyway.
 *
 * Alone: npx tsx scripts/bench/leads.ts (after npm run build). Env: BENCH_LEADS_COUNT (2000).
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";

import { startTestPostgres, type TestPostgres } from "../pg/test-server.ts";
import {
  installExitHandlers,
  log,
  oneProcessEnv,
  percentile,
  round,
  startServer,
  TMP_ROOT,
  type Figure,
  type ServerHandle,
} from "./lib.ts";

const CLIENTS = 50;
const COUNT = Number(process.env.BENCH_LEADS_COUNT ?? 2000);
const WARMUP = 200;

const FIELDS = {
  full_name: "Dana Whitfield",
  email: "dana@whitfield-dental.example",
  company: "Whitfield Dental",
  service: "managed-it",
  referral_source: "search",
  message: "Our front-desk computers freeze every morning and the backup has not run in a week.",
  form_type: "contact",
  utm_source: "bench",
  website: "",
};

let addressSeq = 0;
const nextAddress = () => {
  const n = ++addressSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** `count` submissions by `clients` concurrent clients; latencies in ms. */
async function submit(url: string, count: number, clients: number): Promise<{ seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        const response = await fetch(`${url}/contact.data`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress() },
          body: new URLSearchParams(FIELDS),
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`a submission was answered ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies };
}

export async function measureLeads(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const backend of ["PGlite", "PostgreSQL"] as const) {
    const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-leads-"));
    let pg: TestPostgres | undefined;
    let server: ServerHandle | undefined;
    try {
      if (backend === "PostgreSQL") pg = await startTestPostgres();
      // Notifications off: the outbox sends after the answer anyway.
      server = await startServer(60_000, oneProcessEnv(dataDir, pg?.url));
      await submit(server.url, WARMUP, CLIENTS);
      const { seconds, latencies } = await submit(server.url, COUNT, CLIENTS);
      const rate = round(COUNT / seconds, 0);
      const p99 = round(percentile(latencies, 99), 1);
      log(
        `leads on ${backend}: ${COUNT} submissions by ${CLIENTS} clients in ${seconds.toFixed(1)} s: ${rate}/s, p50 ${round(percentile(latencies, 50), 1)} ms, p99 ${p99} ms`,
      );
      figures.push(
        { figure: `Contact submissions/s, ${CLIENTS} clients (${backend})`, value: rate, unit: "req/s" },
        { figure: `Contact submission p99 latency, ${CLIENTS} clients (${backend})`, value: p99, unit: "ms" },
      );
    } finally {
      await server?.stop();
      await pg?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  installExitHandlers();
  for (const f of await measureLeads()) console.log(`${f.figure.padEnd(56)} ${f.value} ${f.unit}`);
}
