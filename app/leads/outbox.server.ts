/**
 * The outbox of sales notifications. A genuine lead is handed to sales with notify_status "pending"
 * (handToSales, app/leads/pipeline.server.ts; a lead caught as spam is "held" until "Not spam", and
 * one marked spam by staff waits while it is spam: ADR 030); this loop
 * claims due leads atomically (a CTE with FOR UPDATE SKIP LOCKED that also pushes their next
 * attempt out by a lease), e-mails each, and records "sent", or the error and the next attempt
 * with backoff, or "failed" after the last one. So an SMTP outage never loses or blocks a lead,
 * two server processes never claim the same lead at once, and a restart resumes pending sends
 * (a lead claimed by a process that died is due again once its lease ends).
 *
 * A database outage in the middle of a batch: an outcome (sent, or the SMTP error) that could not
 * be recorded is kept in memory and recorded as soon as the database answers again, before
 * anything new is claimed, so a sent e-mail is never sent again because its "sent" was lost.
 * Leads this process claimed but did not get to send are released then (due at once, their
 * attempt not counted) instead of waiting out their lease. Only a process that dies between a
 * send and its record sends that lead again, after the lease.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";

import type { Database } from "~/db/client.server";
import { leads } from "~/db/schema.server";
import { log as appLog } from "~/lib/log.server";
import { oneLine } from "~/lib/one-line";

import { buildLeadMessage } from "./mail.server";

/** Waits after the 1st, 2nd, ... failed attempt; later ones wait `BACKOFF_CAP_MS`. */
export const DEFAULT_BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 900_000, 1_800_000] as const;
export const BACKOFF_CAP_MS = 3_600_000;
/** 6 quick retries, then hourly: about a day in all before a lead's e-mail is marked failed. */
export const DEFAULT_MAX_ATTEMPTS = 24;

export interface OutboxOptions {
  db: Database;
  /** Sends one message (nodemailer's transporter.sendMail in production). */
  send: (message: SendMailOptions) => Promise<unknown>;
  from: SendMailOptions["from"];
  to: string;
  siteUrl: string;
  backoffMs?: readonly number[];
  backoffCapMs?: number;
  maxAttempts?: number;
  /** How long a claimed lead is reserved for the process sending it. Longer than any send. */
  leaseMs?: number;
  /** How often to look for due leads when nothing kicks the outbox. */
  pollMs?: number;
  batchSize?: number;
  log?: Pick<Console, "log" | "error">;
}

export interface DrainResult {
  sent: number;
  failed: number;
}

/** What happened to one claimed lead, kept until the database has it. */
type Outcome = { sent: true } | { sent: false; message: string; attempts: number };

export class LeadOutbox {
  private readonly options: Required<Omit<OutboxOptions, "log">> & { log: Pick<Console, "log" | "error"> };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** stop() was called: a drain in progress ends after the send under way. */
  private stopping = false;
  private failing = false;
  /** Outcomes of sends that the database has not recorded yet (it failed right after the send). */
  private readonly unrecorded = new Map<string, Outcome>();
  /** Leads this process claimed and has not sent: lead id → its lease (the timestamp, as text). */
  private readonly held = new Map<string, string>();

  constructor(options: OutboxOptions) {
    this.options = {
      backoffMs: DEFAULT_BACKOFF_MS,
      backoffCapMs: BACKOFF_CAP_MS,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      leaseMs: 5 * 60_000,
      pollMs: 15_000,
      batchSize: 10,
      log: appLog,
      ...options,
    };
  }

  /** The wait after failed attempt number `attempt` (1-based). */
  delayAfter(attempt: number): number {
    return this.options.backoffMs[attempt - 1] ?? this.options.backoffCapMs;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /**
   * Stops the loop and waits for a send in progress to finish; records what is still unrecorded
   * and hands back the leads claimed but not sent (due at once, for another process).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
    if (this.unrecorded.size === 0 && this.held.size === 0) return;
    try {
      await this.settle();
    } catch {
      if (this.unrecorded.size) {
        const ids = [...this.unrecorded.keys()].join(", ");
        this.options.log.error(
          `Lead notifications: stopping while the database is unreachable; the outcome of leads ${ids} is not recorded (a sent one goes out again after its lease).`,
        );
      }
    }
  }

  /** Look for due leads now (called right after a lead is stored). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    const run = (async () => {
      do {
        this.again = false;
        try {
          await this.drain();
          if (this.failing) this.options.log.log("Lead notifications: the outbox reaches the database again.");
          this.failing = false;
        } catch (error) {
          // The database is unreachable: say so once per outage, try again at the next poll.
          if (!this.failing)
            this.options.log.error(
              "Lead notifications: the outbox cannot read the database:",
              error instanceof Error ? error.message : error,
            );
          this.failing = true;
          break;
        }
      } while (this.again && !this.stopped);
    })();
    this.running = run;
    await run;
    this.running = null;
    if (!this.stopped) this.schedule(this.options.pollMs);
  }

  /** Claims up to one batch of due leads for this process (held until sent or released). */
  private async claim(): Promise<{ id: string; attempts: number }[]> {
    const { db, batchSize, leaseMs } = this.options;
    const result = await db.execute<{ id: string; notify_attempts: number; lease: string }>(sql`
      with due as (
        select id from leads
        where notify_status = 'pending' and notify_next_attempt_at <= now() and status <> 'spam'
        order by notify_next_attempt_at
        limit ${batchSize}
        for update skip locked
      )
      update leads
      set notify_attempts = leads.notify_attempts + 1,
          notify_next_attempt_at = now() + ${leaseMs}::integer * interval '1 millisecond'
      from due
      where leads.id = due.id
      returning leads.id, leads.notify_attempts, leads.notify_next_attempt_at::text as lease`);
    for (const r of result.rows) this.held.set(r.id, r.lease);
    return result.rows.map((r) => ({ id: r.id, attempts: Number(r.notify_attempts) }));
  }

  /** Writes one outcome to the lead's row; forgets it once the database has it. */
  private async record(id: string, outcome: Outcome): Promise<void> {
    const { db, maxAttempts } = this.options;
    if (outcome.sent) {
      await db
        .update(leads)
        .set({ notifyStatus: "sent", notifiedAt: sql`now()`, notifyLastError: null, updatedAt: sql`now()` })
        .where(eq(leads.id, id));
    } else {
      const delay = this.delayAfter(outcome.attempts);
      await db
        .update(leads)
        .set({
          notifyStatus: outcome.attempts >= maxAttempts ? "failed" : "pending",
          notifyNextAttemptAt: sql`now() + ${delay}::integer * interval '1 millisecond'`,
          notifyLastError: outcome.message,
          updatedAt: sql`now()`,
        })
        .where(and(eq(leads.id, id), eq(leads.notifyStatus, "pending")));
    }
    this.unrecorded.delete(id);
  }

  /**
   * After a database failure: records the outcomes that could not be recorded, then releases the
   * leads still held (due now, the claim's attempt given back), unless their lease has since
   * passed to another process. Throws while the database is still unreachable.
   */
  private async settle(): Promise<void> {
    for (const [id, outcome] of [...this.unrecorded]) await this.record(id, outcome);
    for (const [id, lease] of [...this.held]) {
      await this.options.db
        .update(leads)
        .set({ notifyAttempts: sql`greatest(${leads.notifyAttempts} - 1, 0)`, notifyNextAttemptAt: sql`now()` })
        .where(and(eq(leads.id, id), eq(leads.notifyStatus, "pending"), sql`${leads.notifyNextAttemptAt} = ${lease}::timestamptz`));
      this.held.delete(id);
    }
  }

  /** Sends every due notification; stops at the first SMTP failure (the rest wait with it). */
  async drain(): Promise<DrainResult> {
    const { db, send, from, to, siteUrl, maxAttempts, log } = this.options;
    const done: DrainResult = { sent: 0, failed: 0 };
    await this.settle();
    for (;;) {
      if (this.stopping) return done;
      const claimed = await this.claim();
      if (claimed.length === 0) return done;
      const rows = await db
        .select()
        .from(leads)
        .where(
          inArray(
            leads.id,
            claimed.map((c) => c.id),
          ),
        );
      for (let i = 0; i < claimed.length; i++) {
        // Shutting down: what is still held goes back (stop() releases it) for another process.
        if (this.stopping) return done;
        const { id, attempts } = claimed[i];
        const lead = rows.find((r) => r.id === id);
        if (!lead) {
          this.held.delete(id);
          continue;
        }
        let outcome: Outcome;
        try {
          await send(buildLeadMessage(lead, { from: from as string, to, siteUrl }));
          outcome = { sent: true };
        } catch (error) {
          outcome = { sent: false, message: oneLine(error instanceof Error ? error.message : String(error)), attempts };
        }
        // From here the outcome is this process's to record, even if the database fails now.
        this.held.delete(id);
        this.unrecorded.set(id, outcome);
        const delay = this.delayAfter(attempts);
        if (!outcome.sent)
          log.error(
            `Lead notification ${id}: attempt ${attempts} failed (${outcome.message}); ${attempts >= maxAttempts ? "giving up" : `next in ${Math.round(delay / 1000)} s`}`,
          );
        await this.record(id, outcome);
        if (outcome.sent) {
          done.sent++;
          continue;
        }
        done.failed++;
        // SMTP is probably down: the rest of this batch waits as long, without counting an attempt.
        const rest = claimed.slice(i + 1).map((c) => c.id);
        if (rest.length) {
          await db
            .update(leads)
            .set({
              notifyAttempts: sql`${leads.notifyAttempts} - 1`,
              notifyNextAttemptAt: sql`now() + ${delay}::integer * interval '1 millisecond'`,
            })
            .where(and(inArray(leads.id, rest), eq(leads.notifyStatus, "pending")));
          for (const restId of rest) this.held.delete(restId);
        }
        return done;
      }
    }
  }
}
