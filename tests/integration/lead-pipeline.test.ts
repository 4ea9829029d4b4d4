/**
 * The lead pipeline and spam kept apart (docs/requirements/leads.md#pipeline, #spam, ADR 030), on
 * both databases, through the route modules as the server runs them: status, owner and note
 * changes with their history and audit entries; the list's filters and counts; the CSV; who may do
 * what (administrator, staff, editor, visitor) on every action; 20 changes at once losing nothing;
 * a submission caught as spam stored, never e-mailed, and e-mailed once at "Not spam" (a real SMTP
 * listener and the outbox); the time trap and the score; hostile input; Insights' leads by campaign.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { CLIENT_IP_HEADER } from "~/auth/config";
import { createStaffUser } from "~/auth/users.server";
import { seedFacts } from "~/config/site";
import type { Database } from "~/db/client.server";
import { auditLog, leadEvents, leads, user } from "~/db/schema.server";
import { loadDashboard } from "~/insights/dashboard-page.server";
import type { ContactInput } from "~/leads/contact-schema";
import { formTimeKey, issueFormTime } from "~/leads/form-time.server";
import { LeadOutbox } from "~/leads/outbox.server";
import { changeLead, insertLead, type ChangedBy } from "~/leads/pipeline.server";
import { getLead, leadHistory } from "~/leads/store.server";
import { handleContactSubmission } from "~/leads/submit.server";
import { log as appLog } from "~/lib/log.server";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { loader as leadsLoader } from "~/routes/admin/leads";
import { loader as csvLoader } from "~/routes/admin/leads-csv";
import type { AppServices } from "~/services.server";

import { parseCsv } from "../e2e/leads-helpers";
import { smtpListener } from "../smtp";
import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, clientAddresses, loadContext, openFreshDatabase, settle, TEST_ORIGIN } from "./backends";

const PASSWORD = "Correct-Horse-Battery-42";
const MISSING = "00000000-0000-4000-8000-000000000000";
const nextIp = clientAddresses(31);

const lead = (overrides: Partial<ContactInput> = {}): ContactInput => ({
  full_name: "Dana Whitfield",
  email: "dana@whitfield-dental.example",
  company: "Whitfield Dental",
  message: "Our front-desk computers freeze every morning.",
  form_type: "contact",
  ...overrides,
});

type Answer = { status: number; data: Record<string, unknown>; location: string | null };

/** What a loader or action answered, thrown or returned. */
function answerOf(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, data: {}, location: result.headers.get("location") };
  if (result instanceof Error) throw result;
  const wrapped = result as { data?: unknown; init?: ResponseInit | null; type?: string };
  if (wrapped && typeof wrapped === "object" && "init" in wrapped && "data" in wrapped)
    return { status: wrapped.init?.status ?? 200, data: wrapped.data as Record<string, unknown>, location: null };
  return { status: 200, data: result as Record<string, unknown>, location: null };
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`the lead pipeline on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    let db: Database;
    const people = {} as Record<"boss" | "ops" | "ana" | "ben" | "editor" | "banned", { id: string; email: string; cookie: string }>;

    const by = (who: keyof typeof people, isAdmin = false): ChangedBy => ({
      id: people[who].id,
      email: people[who].email,
      name: who,
      isAdmin,
    });

    async function context(request: Request, notifyLeads = false) {
      const base = await loadContext(request);
      return { ...base, services: { ...base.services, notifyLeads } };
    }

    /** Posts a form to /admin/leads/:id as the holder of `cookie` ("" for a visitor). */
    async function act(cookie: string, id: string, form: Record<string, string>, options: { notify?: boolean; body?: string } = {}) {
      const request = new Request(`${TEST_ORIGIN}/admin/leads/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie, [CLIENT_IP_HEADER]: nextIp() },
        body: options.body ?? new URLSearchParams(form),
      });
      return answerOf(
        await settle(async () => leadAction({ request, params: { id }, context: await context(request, options.notify) } as never)),
      );
    }

    async function load<T = Record<string, unknown>>(
      loader: (args: never) => unknown,
      pathname: string,
      cookie: string,
      params: Record<string, string> = {},
    ): Promise<Answer & { data: T }> {
      const request = new Request(`${TEST_ORIGIN}${pathname}`, { headers: { cookie } });
      return answerOf(await settle(async () => loader({ request, params, context: await context(request) } as never))) as Answer & {
        data: T;
      };
    }

    const newLead = async (overrides: Partial<ContactInput> = {}) => (await insertLead(db, lead(overrides), { notify: false })).id;
    const audits = (leadId: string) => db.select().from(auditLog).where(eq(auditLog.targetId, leadId)).orderBy(auditLog.at, auditLog.id);

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "lead-pipeline");
      ({ services } = await loadContext());
      db = services.db;
      const make = async (key: keyof typeof people, role: { admin?: boolean; editor?: boolean }) => {
        const email = key === "boss" ? "boss@crossroadsit.example" : `${key}@crossroadsit.example`;
        const { id } = await createStaffUser(services, { email, password: PASSWORD, name: key === "ana" ? "Ana Ortiz" : "", ...role });
        const cookie = (await turnOnTwoFactor(services.auth, await signInCookie(services.auth, email, PASSWORD), PASSWORD)).cookie;
        people[key] = { id, email, cookie };
      };
      await make("boss", { admin: true });
      await make("ops", { admin: true });
      await make("ana", {});
      await make("ben", {});
      await make("editor", { editor: true });
      await make("banned", {});
      await db.update(user).set({ banned: true }).where(eq(user.id, people.banned.id));
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("status, owner and note changes are kept with who and when, shown newest first, and audited with the lead's id", async () => {
      const id = await newLead();
      expect(await getLead(db, id)).toMatchObject({ status: "new", ownerId: null, notifyStatus: "off" });

      expect(await act(people.ana.cookie, id, { intent: "claim", expected_owner: "" })).toMatchObject({
        status: 200,
        data: { ok: true, message: "It is yours now." },
      });
      expect(await act(people.ana.cookie, id, { intent: "status", status: "contacted", expected_status: "new" })).toMatchObject({
        status: 200,
        data: { message: "Status changed to Contacted." },
      });
      expect(await act(people.ana.cookie, id, { intent: "note", note: "  Called Dana:\r\nwants a quote <b>today</b>.  " })).toMatchObject({
        status: 200,
        data: { message: "Note added." },
      });
      expect(await act(people.ana.cookie, id, { intent: "status", status: "qualified", expected_status: "contacted" })).toMatchObject({
        status: 200,
      });
      // An administrator reassigns it to Ben.
      expect(await act(people.ops.cookie, id, { intent: "owner", owner: people.ben.id, expected_owner: people.ana.id })).toMatchObject({
        status: 200,
        data: { message: "Assigned." },
      });

      const page = await load<{
        lead: { status: string; owner: string };
        notes: { text: string; by: string }[];
        history: { text: string; by: string }[];
      }>(leadLoader, `/admin/leads/${id}`, people.ben.cookie, { id });
      expect(page.data.lead).toMatchObject({ status: "qualified", owner: "ben" });
      // The note as text (its markup is characters, never HTML), line ends made one.
      expect(page.data.notes).toEqual([expect.objectContaining({ text: "Called Dana:\nwants a quote <b>today</b>.", by: "Ana Ortiz" })]);
      expect(page.data.history.map((h) => `${h.by}: ${h.text}`)).toEqual([
        "ops: Assigned it to ben (was Ana Ortiz).",
        "Ana Ortiz: Changed the status from Contacted to Qualified.",
        "Ana Ortiz: Added a note.",
        "Ana Ortiz: Changed the status from New to Contacted.",
        "Ana Ortiz: Assigned it to themselves.",
      ]);
      const events = await leadHistory(db, id);
      expect(events.map((e) => [e.kind, e.fromValue, e.toValue])).toEqual([
        ["owner", people.ana.id, people.ben.id],
        ["status", "contacted", "qualified"],
        ["note", null, null],
        ["status", "new", "contacted"],
        ["owner", null, people.ana.id],
      ]);
      const logged = await audits(id);
      expect(logged.map((a) => [a.event, a.outcome, a.actorEmail])).toEqual([
        ["lead-owner-changed", "success", people.ana.email],
        ["lead-status-changed", "success", people.ana.email],
        ["lead-note-added", "success", people.ana.email],
        ["lead-status-changed", "success", people.ana.email],
        ["lead-owner-changed", "success", people.ops.email],
      ]);
      expect(logged[1]!.detail).toBe(`Lead ${id}: New → Contacted`);
      // The note's words stay out of the audit log: only its length.
      expect(logged[2]!.detail).toBe(`Lead ${id}: a note of 40 characters`);
    });

    it("the list filters by status and owner (links and the GET form read the same address), counts each status, and keeps spam apart", async () => {
      await db.delete(leads);
      const [a, b, c, d, s] = [
        await newLead({ company: "Alpha" }),
        await newLead({ company: "Bravo" }),
        await newLead({ company: "Charlie" }),
        await newLead({ company: "Delta" }),
        (await insertLead(db, lead({ company: "Spammy" }), { notify: false, spam: [{ code: "honeypot", text: "The hidden field." }] })).id,
      ];
      await changeLead(db, a, { kind: "owner", from: null, to: people.ana.id }, { by: by("ana"), notify: false });
      await changeLead(db, a, { kind: "status", from: "new", to: "qualified" }, { by: by("ana"), notify: false });
      await changeLead(db, b, { kind: "status", from: "new", to: "qualified" }, { by: by("boss", true), notify: false });
      await changeLead(db, c, { kind: "status", from: "new", to: "won" }, { by: by("boss", true), notify: false });
      void d;
      type List = { rows: { company: string; status: string; owner: string; spamReasons: string[] }[]; counts: Record<string, number> };
      const list = async (search: string, cookie = people.ana.cookie) =>
        (await load<List>(leadsLoader, `/admin/leads${search}`, cookie)).data;

      const all = await list("");
      expect(all.rows.map((r) => r.company)).toEqual(["Delta", "Charlie", "Bravo", "Alpha"]);
      expect(all.counts).toEqual({ all: 4, new: 1, contacted: 0, qualified: 2, won: 1, lost: 0, spam: 1 });
      expect((await list("?status=qualified")).rows.map((r) => r.company)).toEqual(["Bravo", "Alpha"]);
      expect((await list("?status=qualified&owner=me")).rows.map((r) => [r.company, r.owner])).toEqual([["Alpha", "You"]]);
      expect((await list("?owner=me", people.ben.cookie)).rows).toEqual([]);
      expect((await list(`?owner=${people.ana.id}`, people.ben.cookie)).rows.map((r) => [r.company, r.owner])).toEqual([
        ["Alpha", "Ana Ortiz"],
      ]);
      expect((await list("?owner=none")).rows.map((r) => r.company)).toEqual(["Delta", "Charlie", "Bravo"]);
      // The counts follow the search and the owner, not the status.
      expect((await list("?owner=me&status=won")).counts).toMatchObject({ all: 1, qualified: 1, won: 0 });
      // Spam only in its own view, with why.
      const spam = await list("?status=spam");
      expect(spam.rows).toEqual([expect.objectContaining({ company: "Spammy", status: "spam", spamReasons: ["The hidden field."] })]);
      expect(all.rows.some((r) => r.company === "Spammy")).toBe(false);
      // A status that does not exist, an owner that is not one: every lead but spam.
      expect((await list("?status=archived&owner=%00")).rows).toHaveLength(4);
      void s;
    });

    it("the CSV carries status, owner and latest note, guarded against spreadsheet formulas, and follows the filter", async () => {
      await db.delete(leads);
      const a = await newLead({ company: "Csv Alpha" });
      await newLead({ company: "Csv Bravo" });
      await changeLead(db, a, { kind: "owner", from: null, to: people.ana.id }, { by: by("ana"), notify: false });
      await changeLead(db, a, { kind: "note", text: "First call went well." }, { by: by("ana"), notify: false });
      await changeLead(db, a, { kind: "note", text: '=HYPERLINK("http://evil.example","x")' }, { by: by("ana"), notify: false });
      await changeLead(db, a, { kind: "status", from: "new", to: "qualified" }, { by: by("ana"), notify: false });

      const response = (await settle(async () => {
        const request = new Request(`${TEST_ORIGIN}/admin/leads.csv?owner=me`, { headers: { cookie: people.ana.cookie } });
        return csvLoader({ request, params: {}, context: await context(request) } as never);
      })) as Response;
      expect(response.status).toBe(200);
      const [header, ...rows] = parseCsv(await response.text());
      expect(header).toEqual(expect.arrayContaining(["status", "owner", "latest_note", "latest_note_at", "spam_reasons"]));
      expect(rows).toHaveLength(1);
      const record = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
      expect(record).toMatchObject({
        company: "Csv Alpha",
        status: "qualified",
        owner: people.ana.email,
        latest_note: `'=HYPERLINK("http://evil.example","x")`,
      });
      expect(record.latest_note_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it("who may do what, on every action: administrators all, staff their own and what nobody owns, editors and visitors nothing", async () => {
      const anasLead = await newLead({ company: "Ana's" });
      await changeLead(db, anasLead, { kind: "owner", from: null, to: people.ana.id }, { by: by("ana"), notify: false });
      const nobodys = await newLead({ company: "Nobody's" });
      const forms: Record<string, Record<string, string>> = {
        status: { intent: "status", status: "contacted", expected_status: "new" },
        spam: { intent: "spam", expected_status: "new" },
        claim: { intent: "claim", expected_owner: "" },
        assign: { intent: "owner", owner: people.ana.id, expected_owner: "" },
        note: { intent: "note", note: "A note." },
        retry: { intent: "retry" },
      };

      // A visitor is sent to sign in; an editor is refused (403) at every action and page of the leads.
      for (const form of Object.values(forms)) {
        const visitor = await act("", nobodys, form);
        expect(visitor.status).toBe(302);
        expect(visitor.location).toMatch(/^\/auth\/login\?redirectTo=/);
        expect((await act(people.editor.cookie, nobodys, form)).status, `editor ${form.intent}`).toBe(403);
      }
      for (const [loader, pathname] of [
        [leadsLoader, "/admin/leads"],
        [leadLoader, `/admin/leads/${nobodys}`],
      ] as const) {
        expect((await load(loader, pathname, people.editor.cookie, { id: nobodys })).status).toBe(403);
        expect((await load(loader, pathname, "", { id: nobodys })).location).toMatch(/^\/auth\/login/);
      }
      const csv = await settle(async () => {
        const request = new Request(`${TEST_ORIGIN}/admin/leads.csv`, { headers: { cookie: people.editor.cookie } });
        return csvLoader({ request, params: {}, context: await context(request) } as never);
      });
      expect((csv as Response).status).toBe(403);

      // Staff on Ana's lead (Ben): notes yes; status, spam, claim, reassign no, each audited as refused.
      const ben = people.ben.cookie;
      const expectedOwner = { expected_owner: people.ana.id };
      expect((await act(ben, anasLead, forms.note!)).status).toBe(200);
      expect(await act(ben, anasLead, forms.status!)).toMatchObject({
        status: 403,
        data: { code: "forbidden", message: "Only Ana Ortiz, who owns this lead, or an administrator can change its status." },
      });
      expect((await act(ben, anasLead, forms.spam!)).status).toBe(403);
      expect(await act(ben, anasLead, { ...forms.claim!, ...expectedOwner })).toMatchObject({
        status: 403,
        data: { message: "Ana Ortiz owns this lead. Only an administrator can reassign it." },
      });
      expect((await act(ben, anasLead, { intent: "owner", owner: people.ben.id, ...expectedOwner })).status).toBe(403);
      expect((await act(ben, anasLead, { intent: "owner", owner: "", ...expectedOwner })).status).toBe(403);
      const refused = (await audits(anasLead)).filter((a) => a.outcome === "refused");
      expect(refused.map((a) => [a.event, a.actorEmail])).toEqual([
        ["lead-status-changed", people.ben.email],
        ["lead-marked-spam", people.ben.email],
        ["lead-owner-changed", people.ben.email],
        ["lead-owner-changed", people.ben.email],
        ["lead-owner-changed", people.ben.email],
      ]);
      expect((await getLead(db, anasLead))!).toMatchObject({ status: "new", ownerId: people.ana.id });

      // Staff on a lead nobody owns: claim it, sort spam; not its status, nor give it to someone else.
      expect(await act(ben, nobodys, forms.status!)).toMatchObject({
        status: 403,
        data: { message: "Assign this lead to yourself first (Assign to me), then change its status." },
      });
      expect((await act(ben, nobodys, forms.assign!)).status).toBe(403);
      expect((await act(ben, nobodys, forms.spam!)).status).toBe(200);
      expect((await act(ben, nobodys, { intent: "not-spam", expected_status: "spam" })).status).toBe(200);
      expect((await act(ben, nobodys, forms.claim!)).status).toBe(200);
      // Now Ben's: its status, and giving it back.
      expect((await act(ben, nobodys, forms.status!)).status).toBe(200);
      expect((await act(ben, nobodys, { intent: "owner", owner: "", expected_owner: people.ben.id })).data).toMatchObject({
        message: "Nobody owns it now.",
      });

      // An administrator does everything, reassigning included; the retry says why there is nothing to retry.
      const boss = people.boss.cookie;
      expect((await act(boss, anasLead, { intent: "owner", owner: people.ben.id, ...expectedOwner })).status).toBe(200);
      expect((await act(boss, anasLead, forms.status!)).status).toBe(200);
      expect((await act(boss, anasLead, { intent: "spam", expected_status: "contacted" })).status).toBe(200);
      expect((await act(boss, anasLead, forms.retry!)).status).toBe(409);
      // Staff see every lead and the list.
      expect((await load(leadLoader, `/admin/leads/${anasLead}`, ben, { id: anasLead })).status).toBe(200);
      expect((await load(leadsLoader, "/admin/leads", ben)).status).toBe(200);
    });

    it("20 changes at the same moment lose nothing: one wins, 19 are told; notes all kept; retried changes make an unbroken chain", async () => {
      const id = await newLead({ company: "Busy" });
      const targets = ["contacted", "qualified", "won", "lost"] as const;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          act(people.boss.cookie, id, { intent: "status", status: targets[i % 4]!, expected_status: "new" }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const conflicts = answers.filter((a) => a.status === 409);
      expect(conflicts).toHaveLength(19);
      const now = (await getLead(db, id))!.status;
      expect(conflicts[0]!.data.message).toMatch(
        new RegExp(
          `^boss changed its status to ${now[0]!.toUpperCase()}${now.slice(1)} at .+, after you opened this page\\. Nothing was changed`,
        ),
      );
      expect((await leadHistory(db, id)).filter((e) => e.kind === "status")).toHaveLength(1);
      expect((await audits(id)).filter((a) => a.event === "lead-status-changed")).toHaveLength(1);

      // 20 notes from two people at once: every one kept.
      const notes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          changeLead(db, id, { kind: "note", text: `Note ${i}` }, { by: by(i % 2 ? "ana" : "ben"), notify: false }),
        ),
      );
      expect(notes.every((n) => n.ok)).toBe(true);
      expect(
        (await leadHistory(db, id))
          .filter((e) => e.kind === "note")
          .map((e) => e.note)
          .sort(),
      ).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${i}`).sort());

      // 20 people each move it on, reading it again after a conflict: 20 changes, each from the one before.
      const cycle = ["new", "contacted", "qualified", "won", "lost"] as const;
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          for (let attempt = 0; attempt < 200; attempt++) {
            const current = (await getLead(db, id))!.status as (typeof cycle)[number];
            const next = cycle[(cycle.indexOf(current) + 1 + (i % 3)) % cycle.length]!;
            const done = await changeLead(
              db,
              id,
              { kind: "status", from: current, to: next === current ? "new" : next },
              { by: by("boss", true), notify: false },
            );
            if (done.ok) return;
            expect(done.code).toBe("conflict");
          }
          throw new Error("never applied");
        }),
      );
      const chain = (await leadHistory(db, id)).filter((e) => e.kind === "status").reverse();
      expect(chain).toHaveLength(21);
      for (let i = 1; i < chain.length; i++) expect(chain[i]!.fromValue, `entry ${i}`).toBe(chain[i - 1]!.toValue);
      expect((await getLead(db, id))!.status).toBe(chain.at(-1)!.toValue);
    });

    describe("spam kept apart, never lost", () => {
      const smtp = smtpListener();
      let outbox: LeadOutbox;
      const key = formTimeKey("pipeline-test-secret");
      const checks = { formKey: key, minFillSeconds: 3 };
      const kicks: number[] = [];
      const counted: string[] = [];

      beforeAll(async () => {
        const port = await smtp.listen();
        const transport = (await import("nodemailer")).createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
        outbox = new LeadOutbox({
          db,
          send: (m) => transport.sendMail(m),
          from: "no-reply@crossroadsit.example",
          to: "sales@crossroadsit.example",
          siteUrl: TEST_ORIGIN,
          log: { log: () => {}, error: () => {} },
        });
      });
      afterAll(async () => {
        await smtp.close();
      });

      const submit = (fields: Record<string, string>, now = new Date()) => {
        const address = nextIp();
        const request = new Request(`${TEST_ORIGIN}/contact`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: address },
          body: new URLSearchParams({ ...lead(), ...fields } as Record<string, string>),
        });
        const insights = { recordLead: (_r: Request, a: string) => void counted.push(a) };
        return handleContactSubmission(
          request,
          { services: { db, kickOutbox: () => void kicks.push(1), notifyLeads: true, insights }, clientAddress: address },
          seedFacts.hours,
          checks,
          now,
        );
      };
      const stored = async (company: string) => (await db.select().from(leads).where(eq(leads.company, company)))[0]!;

      it("a filled honeypot is stored as Spam with why, never e-mailed; Not spam makes it New and e-mails it once", async () => {
        const warn = vi.spyOn(appLog, "warn").mockImplementation(() => {});
        const caught = await submit({ company: "Honey Co", website: "http://cheap.example" });
        const genuine = await submit({ company: "Real Co" });
        warn.mockRestore();
        // The same thank-you for both (only the tag manager hears of the genuine one).
        expect(caught).toMatchObject({ status: 200, result: { ok: true, firstName: "Dana", analytics: null } });
        expect(genuine).toMatchObject({ status: 200, result: { ok: true, firstName: "Dana", analytics: { company: "Real Co" } } });
        expect(Object.keys(caught.result).sort()).toEqual(Object.keys(genuine.result).sort());

        const spam = await stored("Honey Co");
        expect(spam).toMatchObject({ status: "spam", notifyStatus: "held" });
        expect(spam.spamReasons).toEqual([
          expect.objectContaining({ code: "honeypot" }),
          expect.objectContaining({ code: "no-form-time" }),
        ]);
        smtp.received.length = 0;
        await outbox.drain();
        expect(smtp.received.map((m) => /^Subject: .*$/m.exec(m.raw)?.[0])).toEqual(["Subject: New lead: Real Co (Dana Whitfield)"]);
        expect((await stored("Honey Co")).notifyStatus).toBe("held");

        // Not spam (with e-mail on): New, its e-mail queued in the same change, sent once.
        smtp.received.length = 0;
        const rescued = await act(people.ana.cookie, spam.id, { intent: "not-spam", expected_status: "spam" }, { notify: true });
        expect(rescued).toMatchObject({ status: 200, data: { message: "Not spam: it is New, and its e-mail to sales is on its way." } });
        expect(await getLead(db, spam.id)).toMatchObject({ status: "new", notifyStatus: "pending" });
        expect(await outbox.drain()).toEqual({ sent: 1, failed: 0 });
        expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]!.raw).toMatch(new RegExp(`^X-Lead-Id: ${spam.id}$`, "im"));
        expect((await audits(spam.id)).map((a) => a.event)).toEqual(["lead-marked-not-spam"]);

        // Marked spam again and not spam again: never e-mailed twice.
        await act(people.ana.cookie, spam.id, { intent: "spam", expected_status: "new" }, { notify: true });
        await act(people.ana.cookie, spam.id, { intent: "not-spam", expected_status: "spam" }, { notify: true });
        expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });
        // Insights counted the genuine request only.
        expect(counted).toHaveLength(1);
      });

      it("a lead marked spam while its e-mail waits is not sent while it is spam", async () => {
        const id = (await insertLead(db, lead({ company: "Waiting Co" }), { notify: true })).id;
        await changeLead(db, id, { kind: "status", from: "new", to: "spam" }, { by: by("boss", true), notify: true });
        smtp.received.length = 0;
        expect(await outbox.drain()).toEqual({ sent: 0, failed: 0 });
        await changeLead(db, id, { kind: "status", from: "spam", to: "new" }, { by: by("boss", true), notify: true });
        expect(await outbox.drain()).toEqual({ sent: 1, failed: 0 });
      });

      it("the time trap: too fast is spam; a person's pace, an old page, a form without the stamp (no JavaScript or not) are not", async () => {
        const warn = vi.spyOn(appLog, "warn").mockImplementation(() => {});
        const shown = Date.now() - 60_000;
        const token = issueFormTime(key, shown);
        await submit({ company: "Fast Co", form_time: token }, new Date(shown + 900));
        await submit({ company: "Person Co", form_time: token }, new Date(shown + 25_000));
        await submit({ company: "Old Tab Co", form_time: token }, new Date(shown + 9 * 86_400_000));
        await submit({ company: "No Stamp Co" });
        await submit({ company: "Forged Co", form_time: `${shown}.${"A".repeat(43)}` }, new Date(shown + 500));
        warn.mockRestore();
        expect(await stored("Fast Co")).toMatchObject({ status: "spam", spamReasons: [expect.objectContaining({ code: "too-fast" })] });
        expect((await stored("Fast Co")).spamReasons![0]!.text).toBe("Sent 0.9 s after the form was shown; a person takes at least 3 s.");
        for (const company of ["Person Co", "Old Tab Co", "No Stamp Co", "Forged Co"])
          expect((await stored(company)).status, company).toBe("new");
      });

      it("the score: an SEO pitch with a missing stamp, links in every field, a Russian message alone is not", async () => {
        const warn = vi.spyOn(appLog, "warn").mockImplementation(() => {});
        await submit({ company: "Pitch Co", message: "We do backlinks and guest posting for IT companies. Reply for prices." });
        await submit({ company: "https://links.example", full_name: "www.name.example", message: "See https://deal.example now, thanks" });
        const token = issueFormTime(key, Date.now() - 30_000);
        await submit({ company: "Russian Co", message: "Здравствуйте, нам нужна помощь с компьютерами.", form_time: token });
        warn.mockRestore();
        expect((await stored("Pitch Co")).spamReasons?.map((r) => r.code)).toEqual(["no-form-time", "pitch"]);
        expect((await stored("https://links.example")).status).toBe("spam");
        expect((await stored("Russian Co")).status).toBe("new");
      });
    });

    it("hostile input: NUL, a 1 MB note, an unknown status, a lead that is not there, an owner who cannot work leads", async () => {
      const id = await newLead({ company: "Hostile" });
      const boss = people.boss.cookie;
      expect(await act(boss, id, { intent: "note", note: "bad\u0000note" })).toMatchObject({
        status: 400,
        data: { fieldErrors: { note: "Use letters, numbers and punctuation only." }, values: { note: "bad\u0000note" } },
      });
      expect(await act(boss, id, { intent: "note", note: "   " })).toMatchObject({
        status: 400,
        data: { fieldErrors: { note: "Write the note first." } },
      });
      expect(await act(boss, id, { intent: "note", note: "x".repeat(4001) })).toMatchObject({
        status: 400,
        data: { fieldErrors: { note: "Keep a note under 4,000 characters." } },
      });
      expect(
        await act(boss, id, {}, { body: new URLSearchParams({ intent: "note", note: "x".repeat(1024 * 1024) }).toString() }),
      ).toMatchObject({
        status: 413,
        data: { code: "too_large", fieldErrors: { note: "Keep a note under 4,000 characters." } },
      });
      expect(await act(boss, id, { intent: "status", status: "archived", expected_status: "new" })).toMatchObject({
        status: 400,
        data: { fieldErrors: { status: "Choose a status from the list." } },
      });
      expect(await act(boss, id, { intent: "status", status: "spam", expected_status: "new" })).toMatchObject({ status: 400 });
      expect(await act(boss, id, { intent: "status", status: "won", expected_status: "\u0000" })).toMatchObject({
        status: 400,
        data: { message: "This form is incomplete: open the lead again." },
      });
      expect(await act(boss, id, { intent: "delete" })).toMatchObject({ status: 400, data: { message: "Unknown action." } });
      expect(await act(boss, MISSING, { intent: "note", note: "Hello" })).toMatchObject({ status: 404 });
      expect(await act(boss, "not-a-uuid", { intent: "note", note: "Hello" })).toMatchObject({ status: 404 });
      expect((await load(leadLoader, `/admin/leads/${MISSING}`, boss, { id: MISSING })).status).toBe(404);
      // Owners that are not staff who work leads: another lead's id, an editor, a banned account, garbage.
      const other = await newLead({ company: "Other" });
      for (const owner of [other, people.editor.id, people.banned.id, MISSING]) {
        expect(await act(boss, id, { intent: "owner", owner, expected_owner: "" }), owner).toMatchObject({
          status: 400,
          data: { fieldErrors: { owner: "Choose someone from the list: staff who can sign in and work leads." } },
        });
      }
      expect(await act(boss, id, { intent: "owner", owner: "'; drop table leads; --", expected_owner: "" })).toMatchObject({
        status: 400,
        data: { fieldErrors: { owner: "Choose someone from the list." } },
      });
      expect(await getLead(db, id)).toMatchObject({ status: "new", ownerId: null });
      expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
    });

    it("Insights' leads by campaign agree with the stored leads (spam left out)", async () => {
      await db.delete(leads);
      const ids = [
        await newLead({ utm_campaign: "spring", utm_source: "google" }),
        await newLead({ utm_campaign: "spring", utm_source: "google" }),
        await newLead({ utm_campaign: "spring", utm_source: "bing" }),
        await newLead({ utm_campaign: "fall" }),
        await newLead({}),
      ];
      await insertLead(db, lead({ utm_campaign: "spring" }), { notify: false, spam: [{ code: "honeypot", text: "x" }] });
      const admin = by("boss", true);
      await changeLead(db, ids[0]!, { kind: "status", from: "new", to: "qualified" }, { by: admin, notify: false });
      await changeLead(db, ids[1]!, { kind: "status", from: "new", to: "won" }, { by: admin, notify: false });
      await changeLead(db, ids[3]!, { kind: "status", from: "new", to: "lost" }, { by: admin, notify: false });
      const dashboard = (search: string) => loadDashboard(db, new URL(`${TEST_ORIGIN}/admin/insights${search}`), { retentionDays: 30 });
      expect((await dashboard("?period=today")).campaignLeads).toEqual([
        { campaign: "spring", leads: 3, new: 1, contacted: 0, qualified: 1, won: 1, lost: 0 },
        { campaign: "fall", leads: 1, new: 0, contacted: 0, qualified: 0, won: 0, lost: 1 },
        { campaign: null, leads: 1, new: 1, contacted: 0, qualified: 0, won: 0, lost: 0 },
      ]);
      expect((await dashboard("?period=today&source=google")).campaignLeads).toEqual([
        { campaign: "spring", leads: 2, new: 0, contacted: 0, qualified: 1, won: 1, lost: 0 },
      ]);
      expect((await dashboard("?period=today&campaign=(none)")).campaignLeads).toEqual([
        expect.objectContaining({ campaign: null, leads: 1 }),
      ]);
      // A period before them: none.
      expect((await dashboard("?from=2026-01-01&to=2026-01-02")).campaignLeads).toEqual([]);
    });

    it("the migration keeps a lead marked handled before the pipeline as a note in its history, by whoever marked it", async () => {
      const id = await newLead({ company: "Handled before" });
      await db
        .update(leads)
        .set({ handledAt: new Date("2026-11-01T15:00:00Z"), handledBy: people.ops.id })
        .where(eq(leads.id, id));
      const migration = readFileSync(path.resolve(import.meta.dirname, "../../drizzle/0020_lead_pipeline.sql"), "utf8");
      const insert = migration.slice(migration.indexOf('INSERT INTO "lead_events"'));
      await db.execute(
        sql.raw(insert.replace(/WHERE l."handled_at" IS NOT NULL;/, `WHERE l."handled_at" IS NOT NULL AND l."id" = '${id}';`)),
      );
      const [event] = await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "note")));
      expect(event).toMatchObject({ actorId: people.ops.id, actorName: "ops", note: "Marked handled (before the lead pipeline)." });
      expect(event!.at.toISOString()).toBe("2026-11-01T15:00:00.000Z");
      expect((await getLead(db, id))!.status).toBe("new");
    });
  });
}
