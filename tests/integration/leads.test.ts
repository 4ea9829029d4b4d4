/**
 * Contact-form leads on both databases: stored before the answer, the honeypot, the per-address
 * rate limit, the admin queries, and the sales e-mail outbox against a real SMTP listener
 * (smtp-server on 127.0.0.1): delivery, an outage with retries, header injection, two processes.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { createTransport, type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createAuth } from "~/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { seedFacts } from "~/config/site";
import type { Database } from "~/db/client.server";
import { leads } from "~/db/schema.server";
import { env } from "~/env.server";
import type { ContactInput } from "~/leads/contact-schema";
import { formTimeKey } from "~/leads/form-time.server";
import { LeadOutbox } from "~/leads/outbox.server";
import { insertLead, requeueNotification } from "~/leads/pipeline.server";
import { CONTACT_MAX_SUBMISSIONS, pruneContactSlots, takeContactSlot } from "~/leads/rate-limit.server";
import { getLead, leadsForExport, listLeads } from "~/leads/store.server";
import { handleContactSubmission } from "~/leads/submit.server";
import { notificationsEnabled, startLeadWorker } from "~/leads/worker.server";
import { log as appLog } from "~/lib/log.server";

import { smtpListener } from "../smtp";
import { backends, loadContext, openFreshDatabase } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const SALES = "sales@crossroadsit.example";

const lead = (overrides: Partial<ContactInput> = {}): ContactInput => ({
  full_name: "Dana Whitfield",
  email: "dana@whitfield-dental.example",
  company: "Whitfield Dental",
  message: "Our front-desk computers freeze every morning.",
  form_type: "contact",
  ...overrides,
});

/** The addresses whose contact request Insights was told of (`recordLead`), in order (emptied before each test). */
const contactRequests: string[] = [];
beforeEach(() => {
  contactRequests.length = 0;
});

/** The contact action as the server runs it: the client address and the database from the load context. */
async function submit(request: Request) {
  const insights = { recordLead: (_request: Request, address: string) => void contactRequests.push(address) };
  const services = { db: (await loadContext()).services.db, kickOutbox: () => {}, notifyLeads: notificationsEnabled(env()), insights };
  // The time trap is tested in lead-pipeline.test.ts; these posts carry no form time (one point, never spam alone).
  const checks = { formKey: formTimeKey("leads-test"), minFillSeconds: 3 };
  return handleContactSubmission(
    request,
    { services, clientAddress: request.headers.get(CLIENT_IP_HEADER) ?? "unknown" },
    seedFacts.hours,
    checks,
  );
}

function post(fields: Record<string, string>, address: string): Request {
  return new Request(`${ORIGIN}/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: address },
    body: new URLSearchParams(fields),
  });
}

/** The message with its quoted-printable body decoded (nodemailer encodes non-ASCII text so). */
function decoded(raw: string): string {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const body = rest.join("\r\n\r\n").replace(/=\r\n/g, "");
  const bytes = Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  );
  return `${head}\r\n\r\n${bytes.toString("utf8")}`;
}

const headerLines = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).split("\r\n");

/**
 * The database behind a switch: while it is down, every query (awaited builder or execute) fails
 * the way a lost connection does; nothing reaches the real database.
 */
function outage(db: Database) {
  let down = false;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop, t) as unknown;
        if (prop === "then" && typeof value === "function") {
          return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
            (down
              ? Promise.reject(new Error("Connection terminated unexpectedly (simulated outage)"))
              : (value as (...a: unknown[]) => Promise<unknown>).call(t, (v: unknown) => v)
            ).then(resolve, reject);
        }
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(t, args);
          return result && typeof result === "object" ? wrap(result) : result;
        };
      },
    });
  return {
    db: wrap(db),
    fail: () => void (down = true),
    recover: () => void (down = false),
    get down() {
      return down;
    },
  };
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`leads on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let db: Database;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "leads");
      ({ db } = (await loadContext()).services);
    });

    afterAll(async () => {
      await closeFresh();
    });

    describe("the form's server action", () => {
      beforeEach(async () => {
        await db.delete(leads);
      });

      it("commits the lead before answering, with the analytics payload and no personal text in it", async () => {
        const answer = await submit(
          post(
            {
              full_name: "Dana Whitfield",
              email: "dana@whitfield-dental.example",
              company: "Whitfield Dental",
              message: "Our front-desk computers freeze.",
              service: "managed-it",
              referral_source: "search",
              utm_source: "google",
              utm_medium: "cpc",
              utm_campaign: "spring",
              landing_page: "/?utm_source=google",
              referrer_host: "www.google.com",
              website: "",
            },
            "10.1.0.1",
          ),
        );
        expect(answer.status).toBe(200);
        expect(answer.result).toMatchObject({ ok: true, firstName: "Dana" });
        if (answer.result.ok !== true) return;
        expect(answer.result.analytics).toEqual({
          form_type: "contact",
          company: "Whitfield Dental",
          referral_source: "search",
          utm_source: "google",
          utm_medium: "cpc",
          utm_campaign: "spring",
        });
        const rows = await db.select().from(leads);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          fullName: "Dana Whitfield",
          service: "managed-it",
          utmCampaign: "spring",
          landingPage: "/?utm_source=google",
          referrerHost: "www.google.com",
          notifyStatus: "off",
        });
      });

      it("answers a filled honeypot like a success and stores the lead as spam, held back from sales and from Insights", async () => {
        const log = vi.spyOn(appLog, "warn").mockImplementation(() => {});
        const answer = await submit(
          post(
            {
              full_name: "Bot",
              email: "bot@spam.example",
              company: "Spam",
              message: "Buy cheap things now!!",
              website: "http://spam.example",
            },
            "10.1.0.2",
          ),
        );
        expect(answer.status).toBe(200);
        expect(answer.result).toMatchObject({ ok: true, analytics: null });
        const rows = await db.select().from(leads);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: "spam", notifyStatus: "held" });
        expect(rows[0]!.spamReasons?.map((r) => r.code)).toContain("honeypot");
        expect(contactRequests, "Insights counts no contact request").not.toContain("10.1.0.2");
        expect(log).toHaveBeenCalledWith(expect.stringContaining("caught as spam (honeypot"));
        log.mockRestore();
      });

      it("refuses invalid input with field errors, keeps what was typed, stores nothing", async () => {
        const answer = await submit(post({ full_name: "Dana", email: "nope", company: "Whitfield", message: "hi" }, "10.1.0.3"));
        expect(answer.status).toBe(400);
        expect(answer.result).toMatchObject({
          ok: false,
          code: "validation_failed",
          values: { full_name: "Dana", email: "nope", company: "Whitfield", message: "hi" },
        });
        expect(await db.select().from(leads)).toHaveLength(0);
      });

      it("refuses a body over the limit before reading it all", async () => {
        const answer = await submit(post({ ...lead(), message: "x".repeat(200_000) } as unknown as Record<string, string>, "10.1.0.4"));
        expect(answer.status).toBe(413);
        expect(answer.result).toMatchObject({ ok: false, code: "too-large", message: "Your request is too long to send." });
      });

      it("limits submissions per client address, with the wait in minutes and Retry-After", async () => {
        const fields = {
          full_name: "Dana Whitfield",
          email: "dana@whitfield-dental.example",
          company: "Whitfield Dental",
          message: "Our front-desk computers freeze.",
        };
        for (let i = 0; i < CONTACT_MAX_SUBMISSIONS; i++) expect((await submit(post(fields, "10.1.0.5"))).status).toBe(200);
        const limited = await submit(post(fields, "10.1.0.5"));
        expect(limited.status).toBe(429);
        expect(limited.result).toMatchObject({ ok: false, code: "rate-limited", retryMinutes: 10 });
        expect(Number(limited.headers?.["Retry-After"])).toBeGreaterThan(500);
        expect((await submit(post(fields, "10.1.0.6"))).status).toBe(200);
        expect(await db.select().from(leads)).toHaveLength(CONTACT_MAX_SUBMISSIONS + 1);
        // Insights' contact requests are the leads stored: one each, none for the refusal.
        expect(contactRequests.filter((a) => a === "10.1.0.5")).toHaveLength(CONTACT_MAX_SUBMISSIONS);
      });
    });

    describe("a submission sent twice (a retry after a lost answer)", () => {
      const fields = (submissionId?: string) => ({
        full_name: "Dana Whitfield",
        email: "dana@whitfield-dental.example",
        company: "Twice Co",
        message: "Our front-desk computers freeze.",
        referral_source: "search",
        ...(submissionId === undefined ? {} : { submission_id: submissionId }),
      });
      const storedWith = async (submissionId: string) => (await db.select().from(leads)).filter((r) => r.submissionId === submissionId);

      beforeEach(async () => {
        await db.delete(leads);
      });

      it("the same submission id twice stores one lead, answers the first answer again and counts once against the rate limit", async () => {
        const id = randomUUID();
        const first = await submit(post(fields(id), "10.1.1.1"));
        const again = await submit(post(fields(id), "10.1.1.1"));
        expect(first.status).toBe(200);
        expect(again.status).toBe(200);
        expect(again.result).toEqual(first.result);
        expect(await storedWith(id)).toHaveLength(1);
        expect(await db.select().from(leads)).toHaveLength(1);
        expect(
          contactRequests.filter((a) => a === "10.1.1.1"),
          "one contact request for Insights",
        ).toHaveLength(1);
        // The repeat did not use up one of the address's 5 submissions.
        for (let i = 1; i < CONTACT_MAX_SUBMISSIONS; i++) expect((await submit(post(fields(randomUUID()), "10.1.1.1"))).status).toBe(200);
        expect((await submit(post(fields(randomUUID()), "10.1.1.1"))).status).toBe(429);
        // Even a rate-limited address gets its already stored submission's answer.
        expect((await submit(post(fields(id), "10.1.1.1"))).result).toEqual(first.result);
      });

      it("two concurrent submissions with the same id store one lead and get the same answer", async () => {
        const id = randomUUID();
        const answers = await Promise.all([submit(post(fields(id), "10.1.1.2")), submit(post(fields(id), "10.1.1.3"))]);
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        expect(answers[1].result).toEqual(answers[0].result);
        expect(await storedWith(id)).toHaveLength(1);
        expect(await db.select().from(leads)).toHaveLength(1);
        expect(
          contactRequests.filter((a) => a === "10.1.1.2" || a === "10.1.1.3"),
          "one contact request for Insights",
        ).toHaveLength(1);
      });

      it("the same id with different content (edited after an error) is a new request: stored too, nothing dropped", async () => {
        const id = randomUUID();
        await submit(post(fields(id), "10.1.1.6"));
        const edited = await submit(post({ ...fields(id), message: "Our front-desk computers freeze, and the printer too." }, "10.1.1.6"));
        expect(edited.status).toBe(200);
        const rows = await db.select().from(leads);
        expect(rows.map((r) => r.message).sort()).toEqual([
          "Our front-desk computers freeze, and the printer too.",
          "Our front-desk computers freeze.",
        ]);
        expect(rows.filter((r) => r.submissionId === id)).toHaveLength(1);
      });

      it("a form without a submission id, or with a malformed one (an old cached page), is still stored", async () => {
        for (const [i, id] of [undefined, "", "not-a-uuid", "'; drop table leads; --", "\u0000", "x".repeat(3000)].entries()) {
          const answer = await submit(post(fields(id), `10.1.1.${10 + i}`));
          expect(answer.status, JSON.stringify(id)).toBe(200);
        }
        const rows = await db.select().from(leads);
        expect(rows).toHaveLength(6);
        expect(rows.every((r) => r.submissionId === null)).toBe(true);
        // An upper-case id is the same id.
        const id = randomUUID();
        await submit(post(fields(id.toUpperCase()), "10.1.1.5"));
        await submit(post(fields(id), "10.1.1.5"));
        expect(await storedWith(id)).toHaveLength(1);
      });
    });

    it("a NUL byte in any field never reaches the database: a field the visitor types is refused (400) with a clear message beside it, a page-filled one is cleaned", async () => {
      await db.delete(leads);
      const base = {
        full_name: "Dana Whitfield",
        email: "dana@whitfield-dental.example",
        phone: "(317) 555-0100",
        company: "Nul Co",
        message: "Our front-desk computers freeze.",
        company_size: "1-9",
        service: "voip",
        referral_source: "search",
      };
      for (const field of Object.keys(base) as (keyof typeof base)[]) {
        const answer = await submit(post({ ...base, [field]: `${base[field].slice(0, 3)}\u0000${base[field].slice(3)}` }, "10.1.2.1"));
        expect(answer.status, field).toBe(400);
        expect(answer.result.ok === false && Object.keys(answer.result.fieldErrors ?? {}), field).toEqual([field]);
        if (["full_name", "email", "phone", "company", "message"].includes(field)) {
          expect(answer.result.ok === false && answer.result.fieldErrors?.[field], field).toBe(
            "Use letters, numbers and punctuation only.",
          );
        }
      }
      const cleaned = await submit(
        post(
          {
            ...base,
            utm_source: "news\u0000letter",
            utm_medium: "\u0000",
            utm_campaign: "spring\u0000",
            landing_page: "/\u0000?a=1",
            submission_id: `${randomUUID()}\u0000`,
            form_type: "contact\u0000",
            unknown: "\u0000",
          },
          "10.1.2.2",
        ),
      );
      expect(cleaned.status).toBe(200);
      const rows = await db.select().from(leads);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        utmSource: "newsletter",
        utmMedium: null,
        utmCampaign: "spring",
        landingPage: "/?a=1",
        formType: "contact",
      });
    });

    it("counts the rate limit atomically: 30 concurrent submissions from one address, exactly 5 allowed; a new window starts over", async () => {
      const now = Date.now();
      const results = await Promise.all(Array.from({ length: 30 }, () => takeContactSlot(db, "10.2.0.1", { now })));
      expect(results.filter((r) => r.ok)).toHaveLength(CONTACT_MAX_SUBMISSIONS);
      expect((await takeContactSlot(db, "10.2.0.1", { now: now + 10 * 60_000 + 1 })).ok).toBe(true);
    });

    it("a contact counter survives better-auth's rate-limit cleanup, so the 6th submission in 10 minutes is refused after more than 60 s", async () => {
      const address = "10.2.0.9";
      const start = Date.now() - 2 * 60_000; // two minutes ago: older than better-auth's 60 s window
      for (let i = 0; i < CONTACT_MAX_SUBMISSIONS; i++)
        expect((await takeContactSlot(db, address, { now: start + i * 1000 })).ok).toBe(true);

      // better-auth's own limiter (sign-in has none since failures are counted instead, but every
      // other auth call has): a call whose window has ended starts a new one and deletes every
      // rate_limit row older than its longest window (a stale row shows that it ran).
      const betterAuth = createAuth(db, env());
      const authCall = () =>
        betterAuth.handler(new Request(`${ORIGIN}/api/auth/get-session`, { headers: { origin: ORIGIN, [CLIENT_IP_HEADER]: "10.2.0.99" } }));
      expect((await authCall()).status).toBe(200);
      await db.execute(sql`update rate_limit set last_request = last_request - 120000 where key like '10.2.0.99|%'`);
      await db.execute(sql`insert into rate_limit (key, count, last_request) values ('stale-witness', 1, ${start})`);
      expect((await authCall()).status).toBe(200);
      expect((await db.execute(sql`select 1 from rate_limit where key = 'stale-witness'`)).rows).toHaveLength(0);

      const sixth = await takeContactSlot(db, address, { now: Date.now() });
      expect(sixth.ok).toBe(false);
      if (!sixth.ok) expect(sixth.retryAfterSeconds).toBeGreaterThan(7 * 60);
      // Pruning forgets only ended windows.
      await pruneContactSlots(db);
      expect((await takeContactSlot(db, address)).ok).toBe(false);
      await pruneContactSlots(db, { now: start + 10 * 60_000 + 1 });
      expect((await takeContactSlot(db, address, { now: start + 10 * 60_000 + 2 })).ok).toBe(true);
    });

    it("lists newest first, searches literally, exports every page", async () => {
      await db.delete(leads);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        ids.push(
          (
            await insertLead(
              db,
              lead({ company: i === 7 ? "100%_Solar" : `Company ${i}`, message: `Request number ${i} about printers.` }),
              {
                notify: false,
              },
            )
          ).id,
        );
      }
      const first = await listLeads(db, { status: "all" });
      expect(first.total).toBe(30);
      expect(first.rows).toHaveLength(25);
      expect(first.pages).toBe(2);
      const second = await listLeads(db, { status: "all", page: 2 });
      expect(second.rows).toHaveLength(5);
      const listed = [...first.rows, ...second.rows];
      expect(new Set(listed.map((r) => r.id))).toEqual(new Set(ids));
      // Newest first (leads stored in the same clock tick may come in either order).
      const times = listed.map((r) => r.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(times[0]).toBe((await getLead(db, ids[29]))!.createdAt.getTime());
      // % and _ are searched as text, not wildcards.
      expect((await listLeads(db, { q: "100%_s", status: "all" })).rows.map((r) => r.company)).toEqual(["100%_Solar"]);
      expect((await listLeads(db, { q: "%", status: "all" })).total).toBe(1);
      expect((await listLeads(db, { q: "NUMBER 12 ABOUT", status: "all" })).total).toBe(1);
      // Each field on its own, though the search reads one text joining them (docs/requirements/leads.md#leads):
      // nothing across company and message, not even with the character that joins them; a term
      // too short for the trigram index is still found.
      expect((await listLeads(db, { q: "solar request", status: "all" })).total).toBe(0);
      expect((await listLeads(db, { q: "Solar\u001fRequest", status: "all" })).total).toBe(0);
      expect((await listLeads(db, { q: "12", status: "all" })).total).toBe(1);
      expect((await listLeads(db, { q: "AB", status: "all" })).total).toBe(30);

      const exported: string[] = [];
      for await (const batch of leadsForExport(db, { status: "all" }, 7)) exported.push(...batch.map((l) => l.id));
      expect(exported).toEqual(listed.map((r) => r.id)); // the list's order, every lead once
    });

    describe("the sales e-mail outbox", () => {
      const smtp = smtpListener();
      let port = 0;
      const transportTo = (p: number) =>
        createTransport({ host: "127.0.0.1", port: p, secure: false, ignoreTLS: true, connectionTimeout: 2000 });
      const outboxOn = (p: number, extra: Partial<ConstructorParameters<typeof LeadOutbox>[0]> = {}) => {
        const transport = transportTo(p);
        return new LeadOutbox({
          db,
          send: (m) => transport.sendMail(m),
          from: { name: "Crossroads IT website", address: "no-reply@crossroadsit.example" },
          to: SALES,
          siteUrl: ORIGIN,
          backoffMs: [100, 200],
          backoffCapMs: 200,
          maxAttempts: 4,
          pollMs: 50,
          log: { log: () => {}, error: () => {} },
          ...extra,
        });
      };

      beforeAll(async () => {
        port = await smtp.listen();
      });
      afterAll(async () => {
        await smtp.close();
      });
      beforeEach(async () => {
        await db.delete(leads);
        smtp.received.length = 0;
      });

      it("e-mails sales the lead's details and a link to it, and records it as sent", async () => {
        const { id } = await insertLead(
          db,
          lead({
            phone: "(317) 555-0199",
            service: "cybersecurity",
            company_size: "10-49",
            utm_source: "google",
            message: "Ransomware scare last week.\nWe need help.",
          }),
          { notify: true },
        );
        expect((await getLead(db, id))?.notifyStatus).toBe("pending");
        expect(await outboxOn(port).drain()).toEqual({ sent: 1, failed: 0 });
        expect(smtp.received).toHaveLength(1);
        const { rcptTo } = smtp.received[0];
        const raw = decoded(smtp.received[0].raw);
        expect(rcptTo).toEqual([SALES]);
        expect(raw).toMatch(/^Subject: New lead: Whitfield Dental \(Dana Whitfield\)$/m);
        expect(raw).toMatch(/^Reply-To: Dana Whitfield <dana@whitfield-dental\.example>$/m);
        for (const text of [
          "(317) 555-0199",
          "Cybersecurity",
          "10–49 people",
          "google",
          "Ransomware scare last week.",
          `${ORIGIN}/admin/leads/${id}`,
        ]) {
          expect(raw).toContain(text);
        }
        const stored = await getLead(db, id);
        expect(stored).toMatchObject({ notifyStatus: "sent", notifyAttempts: 1, notifyLastError: null });
        expect(stored?.notifiedAt).toBeInstanceOf(Date);
        // Sent once: a second pass finds nothing due.
        expect(await outboxOn(port).drain()).toEqual({ sent: 0, failed: 0 });
      });

      it("keeps a header-injection attempt inside one header", async () => {
        await insertLead(db, lead({ full_name: "Eve\r\nBcc: victim@example.com", company: "Evil\r\nX-Injected: yes" }), { notify: true });
        await outboxOn(port).drain();
        expect(smtp.received).toHaveLength(1);
        const { raw, rcptTo } = smtp.received[0];
        expect(rcptTo).toEqual([SALES]);
        const headers = headerLines(raw);
        expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
        expect(headers.filter((h) => /^x-injected:/i.test(h))).toEqual([]);
        expect(headers.filter((h) => /^subject:/i.test(h))).toHaveLength(1);
        expect(raw).toMatch(/^Subject: New lead: Evil X-Injected: yes \(Eve Bcc: victim@example\.com\)$/m);
      });

      it("with the listener down: the lead is kept pending and retried with backoff, then delivered once it is back", async () => {
        const down = smtpListener();
        const downPort = await down.listen();
        await down.close(); // nothing listens on downPort now
        const { id } = await insertLead(db, lead(), { notify: true });
        const outbox = outboxOn(downPort);
        expect(await outbox.drain()).toEqual({ sent: 0, failed: 1 });
        const waiting = await getLead(db, id);
        expect(waiting).toMatchObject({ notifyStatus: "pending", notifyAttempts: 1 });
        expect(waiting?.notifyLastError).toMatch(/ECONNREFUSED|connect/i);
        expect(waiting!.notifyNextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);
        // Not due yet: the backoff holds it back.
        expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });

        await down.listen(downPort); // the listener comes back on the same port
        try {
          outbox.start();
          await expect.poll(async () => (await getLead(db, id))?.notifyStatus, { timeout: 5000 }).toBe("sent");
          await outbox.stop();
          expect(down.received).toHaveLength(1);
          expect((await getLead(db, id))?.notifyAttempts).toBeGreaterThanOrEqual(2);
        } finally {
          await outbox.stop();
          await down.close();
        }
      });

      it("marks the e-mail failed after the last attempt; an admin's retry sends it", async () => {
        const down = smtpListener();
        const downPort = await down.listen();
        await down.close();
        const { id } = await insertLead(db, lead(), { notify: true });
        const outbox = outboxOn(downPort, { backoffMs: [1], backoffCapMs: 1, maxAttempts: 3 });
        for (let i = 0; i < 3; i++) {
          await outbox.drain();
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(await getLead(db, id)).toMatchObject({ notifyStatus: "failed", notifyAttempts: 3 });
        expect(await requeueNotification(db, id)).toBe(true);
        expect(await outboxOn(port).drain()).toEqual({ sent: 1, failed: 0 });
        expect(await getLead(db, id)).toMatchObject({ notifyStatus: "sent" });
        expect(await requeueNotification(db, id)).toBe(false); // a sent e-mail is not resent
      });

      it("two server processes draining at once never send a lead twice", async () => {
        for (let i = 0; i < 24; i++) await insertLead(db, lead({ company: `Company ${i}` }), { notify: true });
        const [a, b] = [outboxOn(port, { batchSize: 3 }), outboxOn(port, { batchSize: 3 })];
        const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
        expect(ra.sent + rb.sent).toBe(24);
        const ids = smtp.received.map((m) => /^X-Lead-Id: (.+)$/im.exec(m.raw)?.[1]);
        expect(ids).toHaveLength(24);
        expect(new Set(ids).size).toBe(24);
        expect((await listLeads(db, { status: "all" })).total).toBe(24);
      });

      it("stopping mid-batch (a server's SIGTERM) finishes the send under way and hands the other claimed leads back, due now", async () => {
        const ids: string[] = [];
        for (let i = 0; i < 4; i++) ids.push((await insertLead(db, lead({ company: `Shutdown ${i}` }), { notify: true })).id);
        const sent: string[] = [];
        let started!: () => void;
        const firstSendStarted = new Promise<void>((resolve) => (started = resolve));
        const outbox = outboxOn(port, {
          leaseMs: 5 * 60_000,
          send: async (m: SendMailOptions) => {
            started();
            await sleep(300);
            sent.push(String((m.headers as Record<string, string>)["X-Lead-Id"]));
          },
        });
        outbox.start();
        await firstSendStarted;
        const stopping = Date.now();
        await outbox.stop();
        expect(Date.now() - stopping).toBeLessThan(1000);
        expect(sent).toHaveLength(1);
        const rest = ids.filter((id) => !sent.includes(id));
        for (const id of rest) {
          const row = await getLead(db, id);
          // Not waiting out the 5-minute lease, and the claim's attempt given back.
          expect(row).toMatchObject({ notifyStatus: "pending", notifyAttempts: 0 });
          expect(row!.notifyNextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
        }
        expect(await getLead(db, sent[0])).toMatchObject({ notifyStatus: "sent" });
      });

      describe("a database outage while the outbox works", () => {
        const leadIdOf = (m: SendMailOptions) => (m.headers as Record<string, string>)["X-Lead-Id"];
        /** An outbox on a database that fails right after SMTP accepted the first message. */
        const outboxInOutage = (extra: Partial<ConstructorParameters<typeof LeadOutbox>[0]> = {}) => {
          const switchable = outage(db);
          const sent: string[] = [];
          const outbox = outboxOn(port, {
            db: switchable.db,
            send: async (m) => {
              sent.push(leadIdOf(m));
              if (sent.length === 1) switchable.fail();
            },
            pollMs: 50,
            ...extra,
          });
          return { outbox, switchable, sent };
        };
        const statuses = async () => (await db.select({ status: leads.notifyStatus }).from(leads)).map((r) => r.status);

        it("an e-mail sent while the database was down is recorded once it is back, never sent again", async () => {
          const ids: string[] = [];
          for (let i = 0; i < 3; i++) ids.push((await insertLead(db, lead({ company: `Outage ${i}` }), { notify: true })).id);
          // A lease far shorter than the outage: the old way, the unrecorded lead was due again at recovery.
          const { outbox, switchable, sent } = outboxInOutage({ leaseMs: 200 });
          outbox.start();
          try {
            await expect.poll(() => switchable.down, { timeout: 5000 }).toBe(true);
            await sleep(800);
            expect(sent).toHaveLength(1);
            switchable.recover();
            await expect.poll(statuses, { timeout: 5000 }).toEqual(["sent", "sent", "sent"]);
            await sleep(500); // time for a second send, if there were one
          } finally {
            await outbox.stop();
          }
          expect([...sent].sort()).toEqual([...ids].sort());
        });

        it("leads claimed when the database failed are sent within a minute of recovery, not after their 5-minute lease", async () => {
          const ids: string[] = [];
          for (let i = 0; i < 4; i++) ids.push((await insertLead(db, lead({ company: `Held ${i}` }), { notify: true })).id);
          const { outbox, switchable, sent } = outboxInOutage({ leaseMs: 5 * 60_000 });
          outbox.start();
          try {
            await expect.poll(() => switchable.down, { timeout: 5000 }).toBe(true);
            await sleep(300);
            switchable.recover();
            const recovered = Date.now();
            // The poll is 50 ms here (15 s in production): every lead goes out at the next polls.
            await expect.poll(statuses, { timeout: 10_000 }).toEqual(["sent", "sent", "sent", "sent"]);
            expect(Date.now() - recovered).toBeLessThan(60_000);
          } finally {
            await outbox.stop();
          }
          expect([...sent].sort()).toEqual([...ids].sort());
          for (const id of ids) expect((await getLead(db, id))?.notifyAttempts).toBe(1);
        });
      });

      it("the server's worker: notifications off are said once at start; on, it names the SMTP server without its password", async () => {
        const lines: string[] = [];
        const log = { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
        const off = startLeadWorker({ SITE_URL: ORIGIN }, db, {}, log);
        expect(off.outbox).toBeUndefined();
        await off.stop();
        expect(lines).toEqual([expect.stringMatching(/^Lead notifications are off: set SMTP_URL and SALES_EMAIL/)]);

        lines.length = 0;
        await insertLead(db, lead(), { notify: true });
        const on = startLeadWorker(
          { SITE_URL: ORIGIN, SMTP_URL: `smtp://robot:s3cret@127.0.0.1:${port}`, SALES_EMAIL: SALES },
          db,
          { pollMs: 50 },
          log,
        );
        try {
          expect(lines).toEqual([`Lead notifications: each new lead is e-mailed to ${SALES} through smtp://127.0.0.1:${port}`]);
          await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
          expect(smtp.received[0].raw).toMatch(/^From: Crossroads IT website <no-reply@crossroadsit\.example>$/m);
        } finally {
          await on.stop();
        }
      });

      it("a restart resumes pending sends: a new outbox started later sends what was left", async () => {
        await insertLead(db, lead(), { notify: true });
        await insertLead(db, lead({ company: "Second Co" }), { notify: true });
        const restarted = outboxOn(port);
        restarted.start();
        try {
          await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(2);
        } finally {
          await restarted.stop();
        }
      });
    });
  });
}
