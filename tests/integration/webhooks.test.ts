/**
 * Webhooks on both databases (docs/requirements/webhooks.md#webhooks, ADR 031), against receivers
 * this file starts (node:http on 127.0.0.1, so the workers run with `allowPrivate`, as
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 would have them): a lead stored through the contact form is
 * delivered signed (the signature checked here with node's own HMAC), a 503 is retried with the same
 * webhook-id, a 410 disables the endpoint, a receiver too slow is retried, two workers on two
 * connections deliver 200 events exactly once and never one twice at the same moment, a receiver
 * down across a worker's restart still gets every event, a rotated secret signs beside the new one
 * for its overlap, an address refused at delivery after its name's DNS changed, and the admin pages'
 * server side (administrators only, the secret answered once, refusals beside their fields, audit).
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { createStaffUser } from "~/auth/users.server";
import { seedFacts } from "~/config/site";
import { database, initDatabase, openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { auditLog, user, webhookEndpoints, webhookMessages } from "~/db/schema.server";
import { env } from "~/env.server";
import type { ContactInput } from "~/leads/contact-schema";
import { changeLead, insertLead } from "~/leads/pipeline.server";
import { handleContactSubmission } from "~/leads/submit.server";
import { action as endpointAction, loader as endpointLoader } from "~/routes/admin/webhook";
import { action as listAction, loader as listLoader } from "~/routes/admin/webhooks";
import type { AppServices } from "~/services.server";
import type { Resolver } from "~/webhooks/address-guard.server";
import { enqueueLeadEvent } from "~/webhooks/queue.server";
import { secretBox, type SecretBox } from "~/webhooks/secrets.server";
import { createEndpoint, listDeliveries, resendMessage, rotateSecret, setEndpointEnabled } from "~/webhooks/store.server";
import { GONE_REASON, WebhookWorker, type WebhookWorkerOptions } from "~/webhooks/worker.server";

import { freePort } from "../../scripts/lib/free-port";
import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, clientAddresses, loadContext, openFreshDatabase, settle, TEST_ORIGIN } from "./backends";

const PASSWORD = "Correct-Horse-Battery-42";
const nextIp = clientAddresses(31);

// --- A receiver ---------------------------------------------------------------------------------

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  host: string;
  contentType: string;
  at: number;
}

type Answer = { status: number; delayMs?: number; headers?: Record<string, string> };

interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Requests that arrived while another one with the same webhook-id was still being answered. */
  overlaps: number;
  close(): Promise<void>;
}

/** An HTTP receiver on 127.0.0.1 that answers each request as `answer` says (200 by default). */
async function startReceiver(answer: (r: Received, nth: number) => Answer = () => ({ status: 200 }), port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const open = new Set<string>();
  const state = { overlaps: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = {
        id: String(req.headers["webhook-id"]),
        timestamp: String(req.headers["webhook-timestamp"]),
        signature: String(req.headers["webhook-signature"]),
        body: Buffer.concat(chunks).toString("utf8"),
        host: String(req.headers.host),
        contentType: String(req.headers["content-type"]),
        at: Date.now(),
      };
      if (open.has(r.id)) state.overlaps++;
      open.add(r.id);
      received.push(r);
      const a = answer(r, received.length);
      setTimeout(() => {
        open.delete(r.id);
        if (res.destroyed) return;
        res.writeHead(a.status, { "content-type": "text/plain", ...a.headers });
        res.end(`answer ${a.status}`);
      }, a.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/hooks/crm`,
    port: bound,
    received,
    get overlaps() {
      return state.overlaps;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The signatures of `header` that the secret `secret` made, checked with node's HMAC (Standard Webhooks' scheme). */
function validSignatures(secret: string, r: Pick<Received, "id" | "timestamp" | "body" | "signature">): number[] {
  const expected = createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64"))
    .update(`${r.id}.${r.timestamp}.${r.body}`)
    .digest("base64");
  return r.signature
    .split(" ")
    .map((part, i) => (part === `v1,${expected}` ? i : -1))
    .filter((i) => i >= 0);
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

const lead = (n: number, overrides: Partial<ContactInput> = {}): ContactInput => ({
  full_name: `Dana Whitfield ${n}`,
  email: `dana${n}@whitfield-dental.example`,
  company: "Whitfield Dental",
  message: "Our front-desk computers freeze every morning.",
  form_type: "contact",
  utm_campaign: "spring",
  landing_page: "/services/managed-it?utm_campaign=spring",
  ...overrides,
});

/** A genuine lead stored as the contact form stores it: its lead.created event queued in the same transaction (handToSales). */
async function queueLead(db: Database, n: number) {
  const inserted = await insertLead(db, lead(n), { notify: false });
  const queued = await db
    .select({ messageId: webhookMessages.messageId })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.subjectId, inserted.lead.id), eq(webhookMessages.eventType, "lead.created")));
  return { lead: inserted.lead, messageId: queued[0]?.messageId ?? null, endpoints: queued.length };
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`webhooks on ${backend.name}`, () => {
    let close = async () => {};
    let db: Database;
    let handle: DatabaseHandle;
    let box: SecretBox;
    const workers: WebhookWorker[] = [];
    const receivers: Receiver[] = [];

    beforeAll(async () => {
      close = await openFreshDatabase(backend, "webhooks");
      db = await database();
      handle = await initDatabase({ dataDir: "" }); // the one just opened
      box = secretBox(env());
    });
    afterAll(async () => {
      await close();
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await Promise.all(receivers.splice(0).map((r) => r.close()));
      await db.delete(webhookEndpoints);
    });

    /** A worker on `db` with the tests' short timings, started. */
    async function worker(
      options: Partial<WebhookWorkerOptions> = {},
      on: { db: Database; listen?: DatabaseHandle["listen"] } = { db, listen: handle.listen },
    ) {
      const w = new WebhookWorker({
        db: on.db,
        listen: on.listen,
        box,
        allowPrivate: true,
        pollMs: 200,
        backoffMs: [150, 300, 600],
        jitter: 0,
        coolCapMs: 150,
        timeoutMs: 2_000,
        leaseMs: 5_000,
        stopGraceMs: 500,
        log: { log: () => {}, error: () => {} },
        ...options,
      });
      workers.push(w);
      await w.start();
      return w;
    }

    async function receiver(answer?: (r: Received, nth: number) => Answer, port?: number) {
      const r = await startReceiver(answer, port);
      receivers.push(r);
      return r;
    }

    const messages = (endpointId: string) => db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId));

    it("a lead from the contact form is delivered signed: {type, timestamp, data}, the Standard Webhooks headers", async () => {
      const r = await receiver();
      const { id, secret } = await createEndpoint(db, box, { url: r.url, description: "CRM", events: ["lead.created"] }, null);
      await worker();
      const services = { db, kickOutbox: () => {}, notifyLeads: false, insights: { recordLead: () => {} } };
      const request = new Request(`${TEST_ORIGIN}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: nextIp() },
        body: new URLSearchParams({ ...lead(1), phone: "+1 317 555 0100", service: "managed-it" } as Record<string, string>),
      });
      const answer = await handleContactSubmission(request, { services, clientAddress: nextIp() }, seedFacts.hours, {
        formKey: Buffer.alloc(32),
        minFillSeconds: 0,
      });
      expect(answer.status).toBe(200);
      await until("the delivery", () => r.received.length === 1);

      const got = r.received[0];
      expect(got.id).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(Math.abs(Number(got.timestamp) - Date.now() / 1000)).toBeLessThan(10);
      expect(got.contentType).toBe("application/json");
      expect(validSignatures(secret, got)).toEqual([0]);
      expect(validSignatures(secret, { ...got, body: `${got.body} ` })).toEqual([]);
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({
        type: "lead.created",
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: {
          id: expect.any(String),
          name: "Dana Whitfield 1",
          email: "dana1@whitfield-dental.example",
          phone: "+1 317 555 0100",
          company: "Whitfield Dental",
          service: "managed-it",
          serviceName: expect.any(String),
          message: "Our front-desk computers freeze every morning.",
          formType: "contact",
          source: { landingPage: "/services/managed-it?utm_campaign=spring", utmCampaign: "spring", utmSource: null },
          status: "new",
          owner: null,
          adminUrl: expect.stringMatching(/\/admin\/leads\/[0-9a-f-]{36}$/),
        },
      });
      expect(Object.keys(body)).toEqual(["type", "timestamp", "data"]);
      await until("the record", async () => (await messages(id))[0]?.status === "delivered");
      const [row] = await messages(id);
      expect(row).toMatchObject({ messageId: got.id, attempts: 1, lastStatusCode: 200, lockedUntil: null, subjectId: body.data.id });
    });

    it("a 503 is retried with the same webhook-id, a new timestamp and a valid signature; a 3xx is a failure, not followed", async () => {
      const r = await receiver((_, nth) =>
        nth === 1 ? { status: 503 } : nth === 2 ? { status: 302, headers: { location: "https://elsewhere.example/" } } : { status: 204 },
      );
      const { id, secret } = await createEndpoint(db, box, { url: r.url, description: "", events: ["lead.created"] }, null);
      await worker();
      const queued = await queueLead(db, 2);
      await until("three attempts", () => r.received.length === 3);
      expect(new Set(r.received.map((x) => x.id))).toEqual(new Set([queued.messageId]));
      for (const x of r.received) expect(validSignatures(secret, x)).toEqual([0]);
      expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
      // The first retry came after the first backoff, not at once.
      expect(r.received[1].at - r.received[0].at).toBeGreaterThanOrEqual(120);
      await until("delivered", async () => (await messages(id))[0]?.status === "delivered");
      expect((await messages(id))[0]).toMatchObject({ attempts: 3, lastStatusCode: 204 });
    });

    it("410 Gone disables the endpoint, fails what waits for it, and is audited", async () => {
      const r = await receiver(() => ({ status: 410 }));
      const { id } = await createEndpoint(db, box, { url: r.url, description: "", events: ["lead.created", "lead.updated"] }, null);
      // A message waiting for a later attempt when the 410 comes.
      await db.insert(webhookMessages).values({
        endpointId: id,
        messageId: "msg_LATER",
        eventType: "lead.created",
        payload: "{}",
        nextAttemptAt: sql`now() + interval '1 hour'`,
      });
      await worker();
      await queueLead(db, 3);
      await until("the endpoint disabled", async () => {
        const [e] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
        return e.enabled === false;
      });
      const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      expect(endpoint.disabledReason).toBe(GONE_REASON);
      expect((await messages(id)).map((m) => m.status)).toEqual(["failed", "failed"]);
      expect(r.received).toHaveLength(1);
      const audit = await db.select().from(auditLog).where(eq(auditLog.event, "webhook-endpoint-disabled"));
      // Its origin only: a hook address's path is often its secret, and the audit log keeps no link.
      expect(audit.at(-1)?.detail).toBe(`${GONE_REASON}: ${new URL(r.url).origin}`);
      // Disabled: nothing is queued for it any more.
      expect((await queueLead(db, 4)).endpoints).toBe(0);
    });

    it("the pipeline's changes send lead.updated with the status and owner; a lead caught as spam sends nothing until Not spam sends its lead.created", async () => {
      const endpoint = await createEndpoint(
        db,
        box,
        { url: "https://93.184.216.34/hook", description: "", events: ["lead.created", "lead.updated"] },
        null,
      );
      const [owner] = await db
        .insert(user)
        .values({ name: "Ana Sales", email: "ana.hooks@crossroadsit.example" })
        .returning({ id: user.id, email: user.email, name: user.name });
      const by = { ...owner!, isAdmin: true };
      const events = async (leadId: string) =>
        (
          await db
            .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
            .from(webhookMessages)
            .where(and(eq(webhookMessages.subjectId, leadId), eq(webhookMessages.endpointId, endpoint.id)))
            .orderBy(webhookMessages.createdAt)
        ).map((m) => ({ type: m.type, data: JSON.parse(m.payload).data as { status: string; owner: { email: string } | null } }));

      const genuine = await queueLead(db, 6_000);
      await changeLead(db, genuine.lead.id, { kind: "owner", from: null, to: owner!.id }, { by, notify: false });
      await changeLead(db, genuine.lead.id, { kind: "status", from: "new", to: "qualified" }, { by, notify: false });
      expect((await events(genuine.lead.id)).map((e) => [e.type, e.data.status, e.data.owner?.email ?? null])).toEqual([
        ["lead.created", "new", null],
        ["lead.updated", "new", owner!.email],
        ["lead.updated", "qualified", owner!.email],
      ]);

      const caught = await insertLead(db, lead(6_001), {
        notify: false,
        spam: [{ code: "honeypot", text: "The hidden field was filled." }],
      });
      await changeLead(db, caught.lead.id, { kind: "note", text: "Looks like a bot." }, { by, notify: false });
      expect(await events(caught.lead.id)).toEqual([]);
      await changeLead(db, caught.lead.id, { kind: "status", from: "spam", to: "new" }, { by, notify: false });
      expect((await events(caught.lead.id)).map((e) => [e.type, e.data.status])).toEqual([["lead.created", "new"]]);
    });

    it("queues one message per enabled endpoint subscribed to the event, one webhook-id for all; none for spam", async () => {
      const url = "https://93.184.216.34/hook";
      const both = await createEndpoint(db, box, { url, description: "", events: ["lead.created", "lead.updated"] }, null);
      const created = await createEndpoint(db, box, { url, description: "", events: ["lead.created"] }, null);
      const updated = await createEndpoint(db, box, { url, description: "", events: ["lead.updated"] }, null);
      const off = await createEndpoint(db, box, { url, description: "", events: ["lead.created"] }, null);
      await db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, off.id));
      const queued = await queueLead(db, 5_000);
      expect(queued.endpoints).toBe(2);
      const rows = await db.select().from(webhookMessages).where(eq(webhookMessages.messageId, queued.messageId!));
      expect(rows.map((r) => r.endpointId).sort()).toEqual([both.id, created.id].sort());
      expect(new Set(rows.map((r) => r.payload)).size).toBe(1);
      const changed = await enqueueLeadEvent(db, "lead.updated", { ...queued.lead, status: "contacted" });
      expect(changed.endpoints).toBe(2);
      const updates = await db.select().from(webhookMessages).where(eq(webhookMessages.messageId, changed.messageId!));
      expect(updates.map((r) => r.endpointId).sort()).toEqual([both.id, updated.id].sort());
      expect(JSON.parse(updates[0].payload)).toMatchObject({ type: "lead.updated", data: { status: "contacted" } });
      expect(await enqueueLeadEvent(db, "lead.updated", { ...queued.lead, status: "spam" })).toEqual({ messageId: null, endpoints: 0 });
      // A rolled-back change queues nothing.
      await db
        .transaction(async (tx) => {
          await enqueueLeadEvent(tx, "lead.created", queued.lead);
          throw new Error("rolled back");
        })
        .catch(() => {});
      expect(await db.select().from(webhookMessages)).toHaveLength(4);
    });

    it("disabling fails what waits, and a failed attempt under way at that moment too", async () => {
      const r = await receiver(() => ({ status: 503, delayMs: 400 }));
      const { id } = await createEndpoint(db, box, { url: r.url, description: "", events: ["lead.created"] }, null);
      await worker();
      await queueLead(db, 4_500);
      await until("the attempt under way", () => r.received.length === 1);
      expect(await setEndpointEnabled(db, id, false, "Disabled by a test")).toBe("changed");
      await until("the attempt recorded", async () => (await messages(id))[0]?.lockedUntil === null);
      const [row] = await messages(id);
      expect(row).toMatchObject({ status: "failed", lastStatusCode: 503 });
      await sleep(300);
      expect(r.received).toHaveLength(1);
    });

    it("no answer within the time limit is a failed attempt, retried", async () => {
      const r = await receiver((_, nth) => (nth === 1 ? { status: 200, delayMs: 1_500 } : { status: 200 }));
      const { id } = await createEndpoint(db, box, { url: r.url, description: "", events: ["lead.created"] }, null);
      await worker({ timeoutMs: 300, leaseMs: 1_000 });
      const queued = await queueLead(db, 5);
      await until("delivered", async () => (await messages(id))[0]?.status === "delivered");
      expect(r.received.map((x) => x.id)).toEqual([queued.messageId, queued.messageId]);
      const [row] = await messages(id);
      expect(row.attempts).toBe(2);
    });

    it("two workers on two connections deliver 200 events exactly once each, never one twice at the same moment", async () => {
      const r = await receiver(() => ({ status: 200, delayMs: 2 + Math.floor(Math.random() * 15) }));
      const { id } = await createEndpoint(db, box, { url: r.url, description: "", events: ["lead.created"] }, null);
      // PostgreSQL: a second pool, as a second process has. PGlite is one process's: both on its one connection.
      let second: DatabaseHandle | undefined;
      let dataDir = "";
      if (backend.name === "PostgreSQL 15") {
        dataDir = mkdtempSync(path.join(tmpdir(), "crossroads-webhooks-second-"));
        second = await openDatabase({ databaseUrl: inject("pgUrl"), dataDir });
      }
      try {
        // A short lease: had an attempt outlived it, the other worker would take the message meanwhile.
        const a = await worker({ perEndpoint: 8, leaseMs: 4_000 });
        const b = await worker(
          { perEndpoint: 8, leaseMs: 4_000 },
          second ? { db: second.db, listen: second.listen } : { db, listen: handle.listen },
        );
        const ids = new Set<string>();
        for (let i = 0; i < 200; i++) ids.add((await queueLead(db, 100 + i)).messageId!);
        await until("200 deliveries", async () => (await messages(id)).every((m) => m.status === "delivered"), 60_000);
        const counts = new Map<string, number>();
        for (const x of r.received) counts.set(x.id, (counts.get(x.id) ?? 0) + 1);
        expect(counts.size).toBe(200);
        expect([...counts.keys()].every((k) => ids.has(k))).toBe(true);
        expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
        expect(r.overlaps).toBe(0);
        // Both took part (each woken by the NOTIFY of every event queued).
        expect(a.stats.delivered + b.stats.delivered).toBe(200);
        expect(Math.min(a.stats.delivered, b.stats.delivered)).toBeGreaterThan(0);
      } finally {
        await Promise.all(workers.splice(0).map((w) => w.stop()));
        await second?.close();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("a receiver down while the worker stops and another starts (a restart) still gets every event; a dead worker's claim is taken after its lease", async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/hooks/crm`;
      const { id } = await createEndpoint(db, box, { url, description: "", events: ["lead.created"] }, null);
      const first = await worker();
      const ids = new Set<string>();
      for (let i = 0; i < 20; i++) ids.add((await queueLead(db, 400 + i)).messageId!);
      await until("failed attempts", async () => (await messages(id)).some((m) => m.attempts > 0 && m.lastError !== null));
      await first.stop();
      // One message as a process that died mid-attempt leaves it: claimed, its lease running.
      await db
        .update(webhookMessages)
        .set({ lockedUntil: sql`now() + interval '600 milliseconds'`, attempts: sql`${webhookMessages.attempts} + 1` })
        .where(
          and(
            eq(webhookMessages.endpointId, id),
            eq(webhookMessages.status, "pending"),
            sql`${webhookMessages.id} = (select min(id::text)::uuid from webhook_messages where endpoint_id = ${id})`,
          ),
        );
      const r = await receiver(undefined, port);
      await worker();
      await until("every event", () => new Set(r.received.map((x) => x.id)).size === 20, 20_000);
      expect(new Set(r.received.map((x) => x.id))).toEqual(ids);
      await until("all recorded", async () => (await messages(id)).every((m) => m.status === "delivered"));
      expect(r.overlaps).toBe(0);
    });

    it("a rotated secret: both signatures while the old one is valid, each checking with its secret; then only the new one", async () => {
      const r = await receiver();
      const { id, secret: old } = await createEndpoint(db, box, { url: r.url, description: "", events: ["lead.created"] }, null);
      const fresh = (await rotateSecret(db, box, id))!;
      expect(fresh).not.toBe(old);
      await worker();
      await queueLead(db, 600);
      await until("the delivery", () => r.received.length === 1);
      expect(r.received[0].signature.split(" ")).toHaveLength(2);
      expect(validSignatures(fresh, r.received[0])).toEqual([0]);
      expect(validSignatures(old, r.received[0])).toEqual([1]);
      // The overlap over: one signature, the new secret's.
      await db
        .update(webhookEndpoints)
        .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(webhookEndpoints.id, id));
      await queueLead(db, 601);
      await until("the second delivery", () => r.received.length === 2);
      expect(r.received[1].signature.split(" ")).toHaveLength(1);
      expect(validSignatures(fresh, r.received[1])).toEqual([0]);
      // The secrets are stored sealed: a dump shows neither.
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      for (const s of [old, fresh]) expect(JSON.stringify(row)).not.toContain(s.slice(6));
    });

    it("sending again makes a new attempt with the same webhook-id", async () => {
      const r = await receiver();
      const { id } = await createEndpoint(db, box, { url: r.url, description: "", events: ["lead.created"] }, null);
      await worker();
      const queued = await queueLead(db, 700);
      await until("delivered", async () => (await messages(id))[0]?.status === "delivered");
      const [row] = await messages(id);
      expect(await resendMessage(db, id, row.id)).toBe("queued");
      await until("the second attempt", () => r.received.length === 2);
      expect(r.received.map((x) => x.id)).toEqual([queued.messageId, queued.messageId]);
      await until(
        "delivered again",
        async () => (await messages(id))[0]?.attempts === 2 && (await messages(id))[0]?.status === "delivered",
      );
      const deliveries = await listDeliveries(db, id);
      expect(deliveries.rows[0]).toMatchObject({ messageId: queued.messageId, state: "delivered", attempts: 2, lastStatusCode: 200 });
    });

    it("an address refused at delivery: the name now resolves to a private address (DNS changed after the save)", async () => {
      const r = await receiver();
      let answer = "93.184.216.34";
      const resolve: Resolver = async () => [{ address: answer, family: 4 }];
      const url = `https://crm.example.test:${r.port}/hook`;
      const { id } = await createEndpoint(db, box, { url, description: "", events: ["lead.created"] }, null);
      answer = "127.0.0.1";
      await worker({ allowPrivate: false, resolve });
      await queueLead(db, 800);
      await until(
        "a refused attempt",
        async () => (await messages(id))[0]?.lastError !== null && (await messages(id))[0]?.lastError !== undefined,
      );
      const [row] = await messages(id);
      expect(row.status).toBe("pending");
      expect(row.lastStatusCode).toBeNull();
      expect(row.lastError).toContain("crm.example.test resolves to 127.0.0.1, a loopback address");
      expect(r.received).toHaveLength(0);
    });

    it("the connection goes to the address checked, with the name kept for the Host header", async () => {
      const r = await receiver();
      const resolve: Resolver = async (host) => (host === "crm.internal.test" ? [{ address: "127.0.0.1", family: 4 }] : []);
      const { id } = await createEndpoint(
        db,
        box,
        { url: `http://crm.internal.test:${r.port}/hook`, description: "", events: ["lead.created"] },
        null,
      );
      await worker({ resolve });
      await queueLead(db, 900);
      await until("the delivery", () => r.received.length === 1);
      expect(r.received[0].host).toBe(`crm.internal.test:${r.port}`);
      await until("delivered", async () => (await messages(id))[0]?.status === "delivered");
    });

    it("the monitoring query of docs/deploy.md counts what failed today and what waits too long", async () => {
      const { id } = await createEndpoint(db, box, { url: "https://93.184.216.34/hook", description: "", events: ["lead.created"] }, null);
      const base = { endpointId: id, eventType: "lead.created", payload: "{}" };
      await db.insert(webhookMessages).values([
        { ...base, messageId: "msg_FAILED", status: "failed" },
        { ...base, messageId: "msg_OLD", status: "pending", createdAt: sql`now() - interval '20 minutes'` },
        { ...base, messageId: "msg_NEW", status: "pending" },
        { ...base, messageId: "msg_DONE", status: "delivered" },
        { ...base, messageId: "msg_LONG_AGO", status: "failed", createdAt: sql`now() - interval '2 days'` },
      ]);
      const { rows } = await db.execute<{ stuck: number }>(sql`
        select count(*)::int as stuck from webhook_messages
          where (status = 'failed' and created_at > now() - interval '1 day')
             or (status = 'pending' and created_at < now() - interval '15 minutes')`);
      expect(rows[0].stuck).toBe(2);
    });

    describe("the admin pages", () => {
      let services: AppServices;
      const cookies = { admin: "", staff: "" };
      beforeAll(async () => {
        ({ services } = await loadContext());
        await createStaffUser(services, { email: "hooks-admin@crossroadsit.example", password: PASSWORD, admin: true });
        cookies.admin = (
          await turnOnTwoFactor(services.auth, await signInCookie(services.auth, "hooks-admin@crossroadsit.example", PASSWORD), PASSWORD)
        ).cookie;
        await createStaffUser(services, { email: "hooks-staff@crossroadsit.example", password: PASSWORD });
        cookies.staff = await signInCookie(services.auth, "hooks-staff@crossroadsit.example", PASSWORD);
      });

      type Run = (args: never) => unknown;
      async function call(run: Run, pathname: string, cookie: string, form?: Record<string, string>, params: Record<string, string> = {}) {
        const request = new Request(`${TEST_ORIGIN}${pathname}`, {
          method: form ? "POST" : "GET",
          headers: {
            cookie,
            origin: TEST_ORIGIN,
            [CLIENT_IP_HEADER]: nextIp(),
            ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          },
          body: form ? new URLSearchParams(form) : undefined,
        });
        const result = (await settle(async () => run({ request, params, context: await loadContext(request) } as never))) as
          Response | { data: Record<string, unknown>; init: ResponseInit | null } | Record<string, unknown>;
        if (result instanceof Response)
          return { status: result.status, data: {} as Record<string, unknown>, location: result.headers.get("location") };
        if (result && typeof result === "object" && "data" in result && "init" in result) {
          const init = result.init as ResponseInit | null;
          return { status: init?.status ?? 200, data: result.data as Record<string, unknown>, location: null };
        }
        return { status: 200, data: result as Record<string, unknown>, location: null };
      }

      it("refuses everyone but administrators, in every loader and action", async () => {
        expect((await call(listLoader, "/admin/webhooks", cookies.staff)).status).toBe(403);
        expect((await call(listAction, "/admin/webhooks", cookies.staff, { intent: "create", url: "https://93.184.216.34/" })).status).toBe(
          403,
        );
        const some = { id: "00000000-0000-4000-8000-000000000000" };
        expect((await call(endpointLoader, `/admin/webhooks/${some.id}`, cookies.staff, undefined, some)).status).toBe(403);
        expect((await call(endpointAction, `/admin/webhooks/${some.id}`, cookies.staff, { intent: "rotate" }, some)).status).toBe(403);
        expect((await call(listLoader, "/admin/webhooks", "")).status).toBe(302);
      });

      it("refuses an address that is not public or not https, and no event, beside their fields", async () => {
        const refusals: [string, RegExp][] = [
          ["http://93.184.216.34/hook", /https/],
          ["https://localhost/hook", /loopback/],
          ["https://169.254.169.254/latest/meta-data/", /metadata/],
          ["https://10.0.0.8/hook", /private network/],
          ["https://[::ffff:192.168.0.1]/hook", /private network/],
          ["https://2130706433/hook", /loopback/],
          ["https://user:secret@93.184.216.34/hook", /user name and password/],
        ];
        for (const [url, message] of refusals) {
          const answer = await call(listAction, "/admin/webhooks", cookies.admin, { intent: "create", url, event_lead_created: "on" });
          expect(answer.status, url).toBe(400);
          expect((answer.data.fieldErrors as Record<string, string>).url, url).toMatch(message);
          expect((answer.data.values as Record<string, string>).url).toBe(url);
        }
        const none = await call(listAction, "/admin/webhooks", cookies.admin, { intent: "create", url: "https://93.184.216.34/hook" });
        expect(none).toMatchObject({ status: 400, data: { fieldErrors: { events: "Choose at least one event." } } });
        expect(await db.select().from(webhookEndpoints)).toEqual([]);
      });

      it("adds an endpoint and answers its secret once; rotates, disables and deletes it, each audited", async () => {
        const made = await call(listAction, "/admin/webhooks", cookies.admin, {
          intent: "create",
          url: "https://93.184.216.34/hooks/crm",
          description: "HubSpot via Zapier",
          event_lead_created: "on",
          event_lead_updated: "on",
        });
        expect(made.status).toBe(200);
        const secret = made.data.secret as string;
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
        const endpointId = (made.data.endpoint as { id: string }).id;
        const listed = await call(listLoader, "/admin/webhooks", cookies.admin);
        expect(JSON.stringify(listed.data)).not.toContain(secret.slice(6));
        expect(listed.data.endpoints).toMatchObject([{ id: endpointId, events: ["lead.created", "lead.updated"], enabled: true }]);
        const params = { id: endpointId };
        const page = await call(endpointLoader, `/admin/webhooks/${endpointId}`, cookies.admin, undefined, params);
        expect(JSON.stringify(page.data)).not.toContain(secret.slice(6));

        const rotated = await call(endpointAction, `/admin/webhooks/${endpointId}`, cookies.admin, { intent: "rotate" }, params);
        expect(rotated.data.secret).toMatch(/^whsec_/);
        expect(rotated.data.secret).not.toBe(secret);
        const refused = await call(
          endpointAction,
          `/admin/webhooks/${endpointId}`,
          cookies.admin,
          { intent: "save", url: "https://192.168.1.1/", description: "x", event_lead_created: "on" },
          params,
        );
        expect(refused.status).toBe(400);
        expect((refused.data.fieldErrors as Record<string, string>).url).toMatch(/private network/);
        expect((await call(endpointAction, `/admin/webhooks/${endpointId}`, cookies.admin, { intent: "disable" }, params)).status).toBe(
          200,
        );
        const confirm = await call(endpointAction, `/admin/webhooks/${endpointId}`, cookies.admin, { intent: "delete" }, params);
        expect(confirm.data.ok).toBe("confirm");
        const deleted = await call(
          endpointAction,
          `/admin/webhooks/${endpointId}`,
          cookies.admin,
          { intent: "delete", confirm: "yes" },
          params,
        );
        expect(deleted).toMatchObject({ status: 302, location: "/admin/webhooks" });
        const events = (await db.select({ event: auditLog.event }).from(auditLog)).map((e) => e.event);
        for (const event of ["webhook-endpoint-created", "webhook-secret-rotated", "webhook-endpoint-disabled", "webhook-endpoint-deleted"])
          expect(events).toContain(event);
        const details = (await db.select({ detail: auditLog.detail }).from(auditLog)).map((e) => e.detail ?? "");
        expect(details).toContain("https://93.184.216.34 (lead.created, lead.updated)");
        expect(details.join(" ")).not.toContain("/hooks/crm");
      });
    });
  });
}
