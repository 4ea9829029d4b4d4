/**
 * The webhooks phase (docs/benchmarks.md#webhooks-webhooks, ADR 031), against a receiver this
 * process starts on 127.0.0.1 (so WEBHOOK_ALLOW_PRIVATE_NETWORKS=1):
 *
 * 1. **Latency**, through the built server, on PGlite and on PostgreSQL 15: an endpoint is stored
 *    before the server starts, then BENCH_WEBHOOKS_LEADS (100) contact requests are sent one after
 *    another (POST /contact.data, as the browser does, 5 a second); for each, the time from the
 *    request's sending to the receiver having the signed lead.created (its signature checked): the
 *    lead is stored in between, so this bounds "stored to delivered" from above (target p95 <= 1 s);
 *    and from the form's answer (the lead is committed before it), which the delivery often beats
 *    (the NOTIFY comes at the commit, before the answer is written): 0 then.
 * 2. **An outage**: BENCH_WEBHOOKS_EVENTS (1,000) events queued while the receiver is down, which
 *    comes back after BENCH_WEBHOOKS_OUTAGE_S (20) seconds: the worker's whole schedule is scaled
 *    by that over 5 minutes (the backoff's 5 s becomes 0.33 s, its 5 min the 20 s, the minute an
 *    endpoint that is down is left alone 4 s), so the run is the 5-minute outage of production in
 *    20 s. The workers run in this process (the server's timings cannot be scaled): one on PGlite;
 *    two on PostgreSQL, each with its own connection pool, as two server processes have. The
 *    receiver holds each answer 5 ms and counts a webhook-id that arrives while another request with
 *    it is still open ("at the same moment"). Figures: delivered, lost, duplicates at the same
 *    moment, duplicates at all, and the time from the receiver's return to the last delivery.
 *
 * Alone: npx tsx scripts/bench/webhooks.ts (after npm run build).
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { and, eq } from "drizzle-orm";

import { openDatabase, type Database, type DatabaseHandle } from "../../app/db/client.server.ts";
import { webhookMessages } from "../../app/db/schema.server.ts";
import { insertLead } from "../../app/leads/pipeline.server.ts";
import { SecretBox } from "../../app/webhooks/secrets.server.ts";
import { createEndpoint } from "../../app/webhooks/store.server.ts";
import { DEFAULT_BACKOFF_MS, WebhookWorker } from "../../app/webhooks/worker.server.ts";
import { startTestPostgres, type TestPostgres } from "../pg/test-server.ts";
import { freePort, log, oneProcessEnv, percentile, round, runPhaseAlone, sleep, startServer, TMP_ROOT, type ServerHandle } from "./lib.ts";

const LEADS = Number(process.env.BENCH_WEBHOOKS_LEADS ?? 100);
const EVENTS = Number(process.env.BENCH_WEBHOOKS_EVENTS ?? 1000);
const OUTAGE_S = Number(process.env.BENCH_WEBHOOKS_OUTAGE_S ?? 20);
/** The production outage the run stands for. */
const REAL_OUTAGE_S = 300;
const SERVER_SECRET = "bench-webhooks-server-secret-0123456789abcdef";

export const WEBHOOK_TARGETS = { latencyP95Ms: 1000 } as const;

interface Arrival {
  id: string;
  at: number;
  body: string;
  signature: string;
  timestamp: string;
}

interface Receiver {
  port: number;
  url: string;
  arrivals: Arrival[];
  overlaps: number;
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** A receiver on a fixed port that can be down (not listening) and up again. */
async function receiver(holdMs = 0): Promise<Receiver> {
  const port = await freePort();
  const arrivals: Arrival[] = [];
  const open = new Set<string>();
  const state = { overlaps: 0 };
  let server: http.Server | undefined;
  const r: Receiver = {
    port,
    url: `http://127.0.0.1:${port}/crm`,
    arrivals,
    get overlaps() {
      return state.overlaps;
    },
    listen: () =>
      new Promise((resolve) => {
        server = http.createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on("data", (c: Buffer) => chunks.push(c));
          req.on("end", () => {
            const id = String(req.headers["webhook-id"]);
            if (open.has(id)) state.overlaps++;
            open.add(id);
            arrivals.push({
              id,
              at: performance.now(),
              body: Buffer.concat(chunks).toString("utf8"),
              signature: String(req.headers["webhook-signature"]),
              timestamp: String(req.headers["webhook-timestamp"]),
            });
            setTimeout(() => {
              open.delete(id);
              res.writeHead(200).end();
            }, holdMs);
          });
        });
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    close: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
        server = undefined;
      }),
  };
  return r;
}

const signedBy = (secret: string, a: Arrival) =>
  a.signature.split(" ").includes(
    `v1,${createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update(`${a.id}.${a.timestamp}.${a.body}`)
      .digest("base64")}`,
  );

export interface LatencyResult {
  backend: "PGlite" | "PostgreSQL";
  leads: number;
  delivered: number;
  badSignatures: number;
  /** From the request's sending (an upper bound of stored to delivered). */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** From the form's answer (0 when the delivery came first). */
  afterAnswerP50Ms: number;
  afterAnswerP95Ms: number;
}

/** Stores the endpoint (the migrations applied on the way), then closes the database. */
async function seedEndpoint(options: { databaseUrl?: string; dataDir: string }, url: string): Promise<string> {
  const handle = await openDatabase(options);
  try {
    return (await createEndpoint(handle.db, new SecretBox(SERVER_SECRET), { url, description: "bench", events: ["lead.created"] }, null))
      .secret;
  } finally {
    await handle.close();
  }
}

async function measureLatency(backend: "PGlite" | "PostgreSQL"): Promise<LatencyResult> {
  const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-webhooks-"));
  let pg: TestPostgres | undefined;
  let server: ServerHandle | undefined;
  const r = await receiver();
  try {
    await r.listen();
    if (backend === "PostgreSQL") pg = await startTestPostgres();
    const secret = await seedEndpoint({ databaseUrl: pg?.url, dataDir }, r.url);
    server = await startServer(90_000, {
      ...oneProcessEnv(dataDir, pg?.url),
      BETTER_AUTH_SECRET: SERVER_SECRET,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    });
    const answered = new Map<string, number>();
    const sent = new Map<string, number>();
    for (let i = 0; i < LEADS; i++) {
      const company = `Bench Webhooks ${i} Co`;
      sent.set(company, performance.now());
      const response = await fetch(`${server.url}/contact.data`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.77.${i >> 8}.${i & 255}` },
        body: new URLSearchParams({
          full_name: "Dana Whitfield",
          email: "dana@whitfield-dental.example",
          company,
          message: "Our front-desk computers freeze every morning.",
          form_type: "contact",
          website: "",
        }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`a contact request was answered ${response.status}`);
      answered.set(company, performance.now());
      await sleep(200);
    }
    const deadline = performance.now() + 30_000;
    while (r.arrivals.length < LEADS && performance.now() < deadline) await sleep(20);
    const latencies: number[] = [];
    const afterAnswer: number[] = [];
    let bad = 0;
    for (const a of r.arrivals) {
      const company = (JSON.parse(a.body) as { data: { company: string } }).data.company;
      const from = sent.get(company);
      if (from === undefined) continue;
      if (!signedBy(secret, a)) bad++;
      latencies.push(a.at - from);
      // A delivery can even arrive before the answer has (the NOTIFY comes at the commit): 0 then.
      afterAnswer.push(Math.max(0, a.at - answered.get(company)!));
    }
    const result: LatencyResult = {
      backend,
      leads: LEADS,
      delivered: latencies.length,
      badSignatures: bad,
      p50Ms: round(percentile(latencies, 50), 1),
      p95Ms: round(percentile(latencies, 95), 1),
      maxMs: round(Math.max(...latencies), 1),
      afterAnswerP50Ms: round(percentile(afterAnswer, 50), 1),
      afterAnswerP95Ms: round(percentile(afterAnswer, 95), 1),
    };
    log(
      `webhooks latency on ${backend}: ${result.delivered}/${LEADS} delivered; from the request p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, ` +
        `max ${result.maxMs} ms; from the answer p50 ${result.afterAnswerP50Ms} ms, p95 ${result.afterAnswerP95Ms} ms`,
    );
    return result;
  } finally {
    await server?.stop();
    await r.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface OutageResult {
  backend: "PGlite" | "PostgreSQL";
  workers: number;
  events: number;
  outageS: number;
  delivered: number;
  lost: number;
  /** Requests with a webhook-id whose earlier request was still open. */
  sameMoment: number;
  /** Deliveries beyond the first of a webhook-id. */
  duplicates: number;
  /** From the receiver's return to the last first delivery. */
  drainS: number;
  failedAttempts: number;
  queueS: number;
}

async function measureOutage(backend: "PGlite" | "PostgreSQL"): Promise<OutageResult> {
  const scale = OUTAGE_S / REAL_OUTAGE_S;
  const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-webhooks-outage-"));
  let pg: TestPostgres | undefined;
  const handles: DatabaseHandle[] = [];
  const workers: WebhookWorker[] = [];
  const r = await receiver(5);
  try {
    if (backend === "PostgreSQL") pg = await startTestPostgres();
    const first = await openDatabase({ databaseUrl: pg?.url, dataDir });
    handles.push(first);
    if (pg) handles.push(await openDatabase({ databaseUrl: pg.url, dataDir }));
    const box = new SecretBox(SERVER_SECRET);
    await createEndpoint(first.db, box, { url: r.url, description: "bench outage", events: ["lead.created"] }, null);
    const quiet = { log: () => {}, error: () => {} };
    for (const handle of handles) {
      const worker = new WebhookWorker({
        db: handle.db,
        listen: handle.listen,
        box,
        allowPrivate: true,
        backoffMs: DEFAULT_BACKOFF_MS.map((ms) => Math.round(ms * scale)),
        coolCapMs: Math.round(60_000 * scale),
        pollMs: Math.max(500, Math.round(10_000 * scale)),
        timeoutMs: 2_000,
        leaseMs: 10_000,
        log: quiet,
      });
      workers.push(worker);
      await worker.start();
    }
    // The receiver is down: every event is queued and its first attempts fail.
    const down = performance.now();
    const queued = new Set<string>();
    const db: Database = first.db;
    for (let i = 0; i < EVENTS; i++) {
      // Stored as the contact form stores a genuine lead: its lead.created queued in the same transaction.
      const { lead } = await insertLead(
        db,
        {
          full_name: "Dana Whitfield",
          email: "dana@whitfield-dental.example",
          company: `Outage ${i}`,
          message: "Our front-desk computers freeze every morning.",
          form_type: "contact",
        },
        { notify: false },
      );
      const [made] = await db
        .select({ messageId: webhookMessages.messageId })
        .from(webhookMessages)
        .where(and(eq(webhookMessages.subjectId, lead.id), eq(webhookMessages.eventType, "lead.created")));
      if (made) queued.add(made.messageId);
    }
    const queueS = round((performance.now() - down) / 1000, 1);
    const left = OUTAGE_S * 1000 - (performance.now() - down);
    if (left > 0) await sleep(left);
    await r.listen();
    const up = performance.now();
    const firstAt = new Map<string, number>();
    const deadline = up + Math.max(120_000, OUTAGE_S * 6_000);
    while (performance.now() < deadline) {
      for (const a of r.arrivals) if (!firstAt.has(a.id)) firstAt.set(a.id, a.at);
      if ([...queued].every((id) => firstAt.has(id))) break;
      await sleep(50);
    }
    // A moment for late duplicates to show.
    await sleep(1_000);
    const counts = new Map<string, number>();
    for (const a of r.arrivals) counts.set(a.id, (counts.get(a.id) ?? 0) + 1);
    const delivered = [...queued].filter((id) => counts.has(id)).length;
    const result: OutageResult = {
      backend,
      workers: workers.length,
      events: queued.size,
      outageS: OUTAGE_S,
      delivered,
      lost: queued.size - delivered,
      sameMoment: r.overlaps,
      duplicates: [...counts.values()].reduce((sum, n) => sum + n - 1, 0),
      drainS: round((Math.max(...firstAt.values()) - up) / 1000, 1),
      failedAttempts: workers.reduce((sum, w) => sum + w.stats.failed, 0),
      queueS,
    };
    log(
      `webhooks outage on ${backend} (${workers.length} worker(s)): ${delivered}/${queued.size} delivered, ${result.lost} lost, ` +
        `${result.sameMoment} at the same moment, ${result.duplicates} duplicates, all in ${result.drainS} s after the receiver came back ` +
        `(${result.failedAttempts} failed attempts meanwhile; queued in ${queueS} s)`,
    );
    return result;
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await r.close();
    for (const handle of handles) await handle.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface WebhooksResult {
  latency: LatencyResult[];
  outage: OutageResult[];
}

export async function measureWebhooks(): Promise<WebhooksResult> {
  const latency: LatencyResult[] = [];
  const outage: OutageResult[] = [];
  for (const backend of ["PGlite", "PostgreSQL"] as const) latency.push(await measureLatency(backend));
  for (const backend of ["PGlite", "PostgreSQL"] as const) outage.push(await measureOutage(backend));
  return { latency, outage };
}

export interface WebhookFigure {
  group: string;
  figure: string;
  value: number | null;
  unit: string;
  target?: { op: "<=" | ">=" | "="; limit: number };
  note?: string;
}

export function webhooksFigures(r: WebhooksResult): WebhookFigure[] {
  const g = "Webhooks";
  const figures: WebhookFigure[] = [];
  for (const l of r.latency) {
    figures.push(
      {
        group: g,
        figure: `contact request to delivered, p50 (${l.backend})`,
        value: l.p50Ms,
        unit: "ms",
        note: `from the form's answer: p50 ${l.afterAnswerP50Ms} ms`,
      },
      {
        group: g,
        figure: `contact request to delivered, p95 (${l.backend})`,
        value: l.p95Ms,
        unit: "ms",
        target: { op: "<=", limit: WEBHOOK_TARGETS.latencyP95Ms },
        note: `${l.delivered}/${l.leads} delivered, max ${l.maxMs} ms, ${l.badSignatures} bad signatures; from the answer p95 ${l.afterAnswerP95Ms} ms`,
      },
    );
  }
  for (const o of r.outage) {
    const where = `${o.backend}, ${o.workers} worker${o.workers === 1 ? "" : "s"}`;
    figures.push(
      {
        group: g,
        figure: `outage ${o.outageS} s: delivered of ${o.events} (${where})`,
        value: o.delivered,
        unit: "",
        target: { op: "=", limit: o.events },
        note: `all ${o.drainS} s after the receiver came back; ${o.failedAttempts} failed attempts during the outage`,
      },
      { group: g, figure: `outage: lost (${where})`, value: o.lost, unit: "", target: { op: "=", limit: 0 } },
      {
        group: g,
        figure: `outage: duplicates at the same moment (${where})`,
        value: o.sameMoment,
        unit: "",
        target: { op: "=", limit: 0 },
        note: `${o.duplicates} duplicates at all`,
      },
    );
  }
  return figures;
}

export function webhooksReport(r: WebhooksResult): string {
  const lines = [
    "",
    "Webhooks: lead stored to delivered (through the built server), and an outage (workers in the bench, schedule scaled)",
  ];
  for (const l of r.latency)
    lines.push(
      `  ${l.backend}: ${l.delivered}/${l.leads} delivered; from the request p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, max ${l.maxMs} ms; ` +
        `from the answer p50 ${l.afterAnswerP50Ms} ms, p95 ${l.afterAnswerP95Ms} ms`,
    );
  for (const o of r.outage)
    lines.push(
      `  outage of ${o.outageS} s (stands for ${REAL_OUTAGE_S} s), ${o.backend} with ${o.workers} worker(s): ${o.delivered}/${o.events} delivered, ` +
        `${o.lost} lost, ${o.sameMoment} at the same moment, ${o.duplicates} duplicates; all ${o.drainS} s after the receiver's return; ` +
        `${o.failedAttempts} failed attempts; ${o.events} queued in ${o.queueS} s`,
    );
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) await runPhaseAlone(measureWebhooks, webhooksReport, webhooksFigures);
