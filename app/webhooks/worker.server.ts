/**
 * The webhook worker (ADR 031), one in every server process, with the lead outbox's habits (ADR 005):
 *
 * - **Claims** due messages with one statement, a CTE `SELECT ... FOR UPDATE SKIP LOCKED` that
 *   counts the attempt and sets the message's lease (`locked_until`, 60 s, longer than any attempt:
 *   the 15 s limit ends every one). Two processes never hold one message; one a process held when it
 *   died is due again when its lease ends. An outcome is recorded only while the lease it was
 *   claimed with is still the message's, so a late process cannot overwrite a newer attempt's.
 * - **Attempts** up to `concurrency` messages at once (about `perEndpoint` to one endpoint), each
 *   signed with the endpoint's secrets, opened just for it. A 2xx is delivered; a 410 disables the
 *   endpoint (its waiting messages fail with it); any other answer, a network error, a refused
 *   address or no answer in time is retried after the backoff (5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 *   6.5 h, each ±20 %, a receiver's Retry-After respected up to an hour): the 8th attempt, about 24
 *   hours after the first, is the last, then the message is failed.
 * - **An endpoint that is down** (no connection, no answer, 5xx, 429, refused address) is left
 *   alone by this process for as long as that failure's wait (at most `coolCapMs`, a minute): its
 *   other messages are not each tried against it meanwhile, and other endpoints' messages go on.
 * - **Wakes** on a NOTIFY (a message was queued, in any process: queue.server.ts), when an attempt
 *   ends, at the next message's due time, and at least every `pollMs`.
 * - **A database outage** mid-attempt: the outcome is kept in memory and recorded as soon as the
 *   database answers, before anything new is claimed (a delivered message is not sent again
 *   because its "delivered" was lost); until then nothing is claimed.
 * - **Stopping** (shutdown): nothing new is claimed, attempts under way get `stopGraceMs` (5 s) to
 *   end, then are cut off and recorded as failed attempts (retried after the backoff, elsewhere or
 *   after the restart).
 *
 * Delivered and failed messages are deleted after RETENTION_DAYS (30) by the hourly pruning.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";

import { recordAudit } from "~/auth/audit.server";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { webhookEndpoints, webhookMessages } from "~/db/schema.server";
import { log as appLog } from "~/lib/log.server";

import type { Resolver } from "./address-guard.server";
import { attemptDelivery, DELIVERY_TIMEOUT_MS, type AttemptResult } from "./deliver.server";
import { endpointOrigin } from "./events";
import { WEBHOOK_CHANNEL } from "./queue.server";
import { signatureHeader, type SecretBox } from "./secrets.server";

/** Waits after the 1st, 2nd, ... failed attempt (before jitter): Standard Webhooks' schedule, cut to about a day. */
export const DEFAULT_BACKOFF_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 23_400_000] as const;
/** The last attempt: the 8th, about 24 h after the first. */
export const DEFAULT_MAX_ATTEMPTS = 8;
/** Each wait is this fraction longer or shorter, at random (so retries of many messages spread). */
export const DEFAULT_JITTER = 0.2;
/** A receiver's Retry-After is followed up to this long. */
export const RETRY_AFTER_CAP_MS = 3_600_000;
export const DEFAULT_LEASE_MS = 60_000;
export const RETENTION_DAYS = 30;
/** The error of a message whose endpoint was disabled before it was delivered. */
export const DISABLED_ERROR = "The endpoint was disabled";
/** The disabled reason of an endpoint whose receiver answered 410. */
export const GONE_REASON = "The receiver answered 410 Gone";

export interface WebhookWorkerOptions {
  db: Database;
  /** The database's NOTIFY listener (DatabaseHandle.listen): woken when a message is queued. */
  listen?: DatabaseHandle["listen"];
  box: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
  allowPrivate: boolean;
  /** Name resolution (tests inject theirs). */
  resolve?: Resolver;
  timeoutMs?: number;
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  perEndpoint?: number;
  backoffMs?: readonly number[];
  maxAttempts?: number;
  jitter?: number;
  /** How long an endpoint that is down is left alone at most. */
  coolCapMs?: number;
  stopGraceMs?: number;
  log?: Pick<Console, "log" | "error">;
}

interface Claimed {
  id: string;
  endpointId: string;
  messageId: string;
  payload: string;
  attempts: number;
  /** The lease this claim set (locked_until as text), which the outcome's record must still find. */
  lease: string;
}

interface Outcome {
  message: Claimed;
  result: AttemptResult;
  /** After a failure: the wait before the next attempt, and whether this was the last one. */
  waitMs: number;
  last: boolean;
}

type Required2<T> = { [K in keyof T]-?: T[K] };

export class WebhookWorker {
  private readonly options: Required2<Omit<WebhookWorkerOptions, "listen" | "resolve">> & Pick<WebhookWorkerOptions, "listen" | "resolve">;
  private stopped = true;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | null = null;
  private again = false;
  private failing = false;
  private stopListening: (() => Promise<void>) | undefined;
  /** Attempts under way: message row id → its endpoint, its abort and its promise. */
  private readonly inFlight = new Map<string, { endpointId: string; abort: AbortController; done: Promise<void> }>();
  /** Outcomes the database has not recorded yet. */
  private readonly unrecorded = new Map<string, Outcome>();
  /** Endpoints that are down: left alone until then (ms since 1970). */
  private readonly cooling = new Map<string, number>();
  /** What this worker did since it was made (for the bench and the tests). */
  readonly stats = { attempts: 0, delivered: 0, failed: 0 };

  constructor(options: WebhookWorkerOptions) {
    this.options = {
      timeoutMs: DELIVERY_TIMEOUT_MS,
      leaseMs: DEFAULT_LEASE_MS,
      pollMs: 10_000,
      concurrency: 8,
      perEndpoint: 4,
      backoffMs: DEFAULT_BACKOFF_MS,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      jitter: DEFAULT_JITTER,
      coolCapMs: 60_000,
      stopGraceMs: 5_000,
      log: appLog,
      ...options,
    };
    if (this.options.leaseMs < this.options.timeoutMs * 2)
      throw new Error("The webhook lease must be at least twice the attempt's time limit (an attempt must end well within its lease).");
  }

  /** The wait after failed attempt number `attempt` (1-based), before jitter. */
  delayAfter(attempt: number): number {
    const { backoffMs } = this.options;
    return backoffMs[Math.min(attempt, backoffMs.length) - 1] ?? backoffMs[backoffMs.length - 1] ?? 0;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    if (this.options.listen) {
      try {
        this.stopListening = await this.options.listen(
          WEBHOOK_CHANNEL,
          () => this.kick(),
          () => this.kick(),
        );
      } catch (error) {
        this.options.log.error(
          `Webhooks: cannot listen for new messages (${error instanceof Error ? error.message : String(error)}); polling every ${Math.round(this.options.pollMs / 1000)} s`,
        );
      }
    }
    this.pruneTimer = setInterval(() => void this.prune().catch(() => {}), 3_600_000);
    this.pruneTimer.unref();
    this.kick();
  }

  /** Look for due messages now. */
  kick(): void {
    if (this.stopped || this.stopping) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** How many attempts are under way in this process. */
  get busy(): number {
    return this.inFlight.size;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped || this.stopping) return;
    this.timer = setTimeout(() => void this.pump(), Math.max(0, ms));
    this.timer.unref();
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      let wake = this.options.pollMs;
      do {
        this.again = false;
        try {
          wake = await this.fill();
          if (this.failing) this.options.log.log("Webhooks: the worker reaches the database again.");
          this.failing = false;
        } catch (error) {
          if (!this.failing)
            this.options.log.error("Webhooks: the worker cannot reach the database:", error instanceof Error ? error.message : error);
          this.failing = true;
          wake = Math.min(this.options.pollMs, 5_000);
          // Kicks meanwhile wait for that retry: no loop against a database that is away.
          this.again = false;
          break;
        }
      } while (this.again && !this.stopping);
      this.schedule(wake);
    })();
    await this.pumping;
    this.pumping = null;
    // A kick that came as the loop ended (an attempt finished, a NOTIFY) is not lost to the timer.
    if (this.again && !this.stopping) {
      this.again = false;
      this.schedule(0);
    }
  }

  /** Endpoints not to claim for now: cooling, or at their share of this process's attempts. */
  private excluded(now: number): string[] {
    const out = new Set<string>();
    for (const [id, until] of this.cooling) {
      if (until > now) out.add(id);
      else this.cooling.delete(id);
    }
    const counts = new Map<string, number>();
    for (const { endpointId } of this.inFlight.values()) counts.set(endpointId, (counts.get(endpointId) ?? 0) + 1);
    for (const [id, n] of counts) if (n >= this.options.perEndpoint) out.add(id);
    return [...out];
  }

  private notIn(excluded: string[]): SQL {
    return excluded.length
      ? sql`and m.endpoint_id not in (${sql.join(
          excluded.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  }

  /** Claims and starts what is due, as slots allow; returns how long to wait before looking again. */
  private async fill(): Promise<number> {
    await this.settle();
    const { concurrency, perEndpoint, pollMs } = this.options;
    while (!this.stopping && this.inFlight.size < concurrency) {
      const claimed = await this.claim(Math.min(concurrency - this.inFlight.size, perEndpoint), this.excluded(Date.now()));
      if (claimed.length === 0) break;
      await this.startAttempts(claimed);
    }
    if (this.stopping || this.inFlight.size >= concurrency) return pollMs;
    // The next due message (of an endpoint not left alone), or the end of a cooling, whichever first.
    const now = Date.now();
    const excluded = this.excluded(now);
    const result = await this.options.db.execute<{ ms: string | number | null }>(sql`
      select (extract(epoch from (min(m.next_attempt_at) - now())) * 1000)::float8 as ms
      from webhook_messages m
      join webhook_endpoints e on e.id = m.endpoint_id and e.enabled
      where m.status = 'pending' and (m.locked_until is null or m.locked_until <= now()) ${this.notIn(excluded)}`);
    const dueIn = result.rows[0]?.ms;
    let wake = pollMs;
    // Due already but not claimed: another process is taking it right now (its claim's rows are locked).
    if (dueIn !== null && dueIn !== undefined) wake = Math.min(wake, Math.max(Number(dueIn), 250));
    for (const until of this.cooling.values()) wake = Math.min(wake, Math.max(until - now, 0));
    return wake;
  }

  private async claim(limit: number, excluded: string[]): Promise<Claimed[]> {
    if (limit <= 0) return [];
    const { db, leaseMs } = this.options;
    const result = await db.execute<{
      id: string;
      endpoint_id: string;
      message_id: string;
      payload: string;
      attempts: number;
      lease: string;
    }>(sql`
      with due as (
        select m.id from webhook_messages m
        join webhook_endpoints e on e.id = m.endpoint_id and e.enabled
        where m.status = 'pending' and m.next_attempt_at <= now()
          and (m.locked_until is null or m.locked_until <= now()) ${this.notIn(excluded)}
        order by m.next_attempt_at
        limit ${limit}
        for update of m skip locked
      )
      update webhook_messages m
      set attempts = m.attempts + 1,
          locked_until = now() + ${leaseMs}::integer * interval '1 millisecond',
          last_attempt_at = now()
      from due
      where m.id = due.id
      returning m.id, m.endpoint_id, m.message_id, m.payload, m.attempts, m.locked_until::text as lease`);
    return result.rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      messageId: r.message_id,
      payload: r.payload,
      attempts: Number(r.attempts),
      lease: r.lease,
    }));
  }

  /** Starts the attempts of `claimed` (not awaited: each records its outcome and frees its slot). */
  private async startAttempts(claimed: Claimed[]): Promise<void> {
    const { db } = this.options;
    const ids = [...new Set(claimed.map((c) => c.endpointId))];
    const endpoints = await db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        enabled: webhookEndpoints.enabled,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        previousValid: sql<boolean>`coalesce(${webhookEndpoints.previousSecretExpiresAt} > now(), false)`,
      })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, ids));
    for (const message of claimed) {
      const endpoint = endpoints.find((e) => e.id === message.endpointId);
      const abort = new AbortController();
      const done = (async () => {
        let outcome: Outcome;
        if (!endpoint || !endpoint.enabled) {
          // Disabled since it was queued (its waiting messages failed then; this one was being claimed).
          const result = { outcome: "failed", statusCode: null, error: DISABLED_ERROR, response: null, durationMs: 0 } as const;
          outcome = { message, result, waitMs: 0, last: true };
        } else {
          const result = await this.attempt(message, endpoint, abort.signal);
          outcome = result.outcome === "delivered" ? { message, result, waitMs: 0, last: true } : this.failure(message, result);
        }
        this.unrecorded.set(message.id, outcome);
        this.stats.attempts++;
        if (outcome.result.outcome === "delivered") this.stats.delivered++;
        else this.stats.failed++;
        try {
          await this.record(message.id);
        } catch (error) {
          // Kept: recorded before anything new is claimed, once the database answers.
          if (!this.failing)
            this.options.log.error("Webhooks: an outcome could not be recorded yet:", error instanceof Error ? error.message : error);
          this.failing = true;
        }
      })().finally(() => {
        this.inFlight.delete(message.id);
        this.kick();
      });
      this.inFlight.set(message.id, { endpointId: message.endpointId, abort, done });
    }
  }

  private async attempt(
    message: Claimed,
    endpoint: { id: string; url: string; secret: string; previousSecret: string | null; previousValid: boolean },
    signal: AbortSignal,
  ): Promise<AttemptResult> {
    let secrets: string[];
    try {
      secrets = [this.options.box.open(endpoint.secret, endpoint.id)];
      if (endpoint.previousSecret && endpoint.previousValid) secrets.push(this.options.box.open(endpoint.previousSecret, endpoint.id));
    } catch (error) {
      return {
        outcome: "failed",
        statusCode: null,
        error: error instanceof Error ? error.message : String(error),
        response: null,
        durationMs: 0,
        endpointDown: true,
      };
    }
    const timestamp = Math.floor(Date.now() / 1000);
    return attemptDelivery({
      url: endpoint.url,
      body: message.payload,
      headers: {
        "webhook-id": message.messageId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(secrets, message.messageId, timestamp, message.payload),
      },
      allowPrivate: this.options.allowPrivate,
      resolve: this.options.resolve,
      timeoutMs: this.options.timeoutMs,
      signal,
    });
  }

  /** The wait before the next attempt after this failure: the backoff with jitter, or longer for a Retry-After. */
  private waitAfter(attempts: number, result: AttemptResult): number {
    const { jitter } = this.options;
    const base = this.delayAfter(attempts);
    const jittered = Math.round(base * (1 + jitter * (2 * Math.random() - 1)));
    return Math.max(jittered, Math.min(result.retryAfterMs ?? 0, RETRY_AFTER_CAP_MS));
  }

  /** A failed attempt: logged, its wait worked out, and its endpoint left alone a while when the endpoint is down. */
  private failure(message: Claimed, result: AttemptResult): Outcome {
    const { log, maxAttempts, coolCapMs } = this.options;
    const last = message.attempts >= maxAttempts || result.outcome === "gone";
    const waitMs = this.waitAfter(message.attempts, result);
    log.error(
      `Webhook ${message.messageId} to endpoint ${message.endpointId}: attempt ${message.attempts} failed (${result.error}); ${last ? "giving up" : `next in ${Math.round(waitMs / 1000)} s`}`,
    );
    if (result.endpointDown) this.cooling.set(message.endpointId, Date.now() + Math.min(waitMs, coolCapMs));
    return { message, result, waitMs, last };
  }

  /** Writes one outcome, if this process's lease is still the message's; forgets it once written. */
  private async record(id: string): Promise<void> {
    const entry = this.unrecorded.get(id);
    if (!entry) return;
    const { db } = this.options;
    const { message, result, waitMs, last } = entry;
    const held = and(eq(webhookMessages.id, id), sql`${webhookMessages.lockedUntil} = ${message.lease}::timestamptz`);
    const answer = {
      lockedUntil: null,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      lastResponse: result.response,
      lastDurationMs: result.durationMs,
    };
    if (result.outcome === "delivered") {
      await db
        .update(webhookMessages)
        .set({ ...answer, status: "delivered", deliveredAt: sql`now()` })
        .where(held);
    } else if (result.outcome === "gone") {
      await this.recordGone(message, answer);
    } else {
      await db
        .update(webhookMessages)
        .set({
          ...answer,
          // Its endpoint disabled during the attempt: failed with the others that were waiting.
          status: last
            ? "failed"
            : sql`case when (select e.enabled from webhook_endpoints e where e.id = ${message.endpointId}::uuid) then 'pending' else 'failed' end`,
          nextAttemptAt: sql`now() + ${waitMs}::integer * interval '1 millisecond'`,
        })
        .where(held);
    }
    this.unrecorded.delete(id);
  }

  /** 410 Gone: the message fails, the endpoint is disabled, and its waiting messages fail with it. */
  private async recordGone(message: Claimed, answer: Partial<typeof webhookMessages.$inferInsert>): Promise<void> {
    const { db } = this.options;
    const disabled = await db.transaction(async (tx) => {
      await tx
        .update(webhookMessages)
        .set({ ...answer, status: "failed" })
        .where(and(eq(webhookMessages.id, message.id), sql`${webhookMessages.lockedUntil} = ${message.lease}::timestamptz`));
      const rows = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: GONE_REASON, disabledAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(webhookEndpoints.id, message.endpointId), eq(webhookEndpoints.enabled, true)))
        .returning({ url: webhookEndpoints.url });
      await failWaiting(tx as unknown as Database, message.endpointId);
      return rows[0];
    });
    if (disabled) {
      this.options.log.error(
        `Webhooks: endpoint ${message.endpointId} (${endpointOrigin(disabled.url)}) answered 410 Gone and was disabled`,
      );
      await recordAudit(db, {
        event: "webhook-endpoint-disabled",
        outcome: "success",
        detail: `${GONE_REASON}: ${endpointOrigin(disabled.url)}`,
      });
    }
  }

  /** Records what is still unrecorded (after a database failure); throws while the database is still away. */
  private async settle(): Promise<void> {
    // An attempt still under way records its own outcome.
    for (const id of [...this.unrecorded.keys()]) if (!this.inFlight.has(id)) await this.record(id);
  }

  /** Deletes delivered and failed messages older than RETENTION_DAYS. */
  async prune(): Promise<number> {
    const rows = await this.options.db
      .delete(webhookMessages)
      .where(
        sql`${webhookMessages.status} in ('delivered', 'failed') and ${webhookMessages.createdAt} < now() - ${RETENTION_DAYS}::integer * interval '1 day'`,
      )
      .returning({ id: webhookMessages.id });
    return rows.length;
  }

  /**
   * Stops claiming, gives the attempts under way `stopGraceMs` to end, cuts off the rest (recorded
   * as failed attempts), and records what it can.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.pruneTimer);
    await this.stopListening?.().catch(() => {});
    await this.pumping;
    const running = () => Promise.allSettled([...this.inFlight.values()].map((a) => a.done));
    if (this.inFlight.size) {
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), this.options.stopGraceMs);
      });
      if ((await Promise.race([running(), graceOver])) === "late") {
        for (const attempt of this.inFlight.values()) attempt.abort.abort();
        await running();
      }
      clearTimeout(timer);
    }
    this.stopped = true;
    try {
      await this.settle();
    } catch {
      if (this.unrecorded.size)
        this.options.log.error(
          `Webhooks: stopping while the database is unreachable; the outcome of ${this.unrecorded.size} attempt(s) is not recorded (each is due again after its lease).`,
        );
    }
  }
}

/** Fails the endpoint's messages still waiting (not those an attempt holds: their attempt records itself). */
export async function failWaiting(db: Database, endpointId: string): Promise<void> {
  await db
    .update(webhookMessages)
    .set({ status: "failed", lastError: DISABLED_ERROR, lockedUntil: null })
    .where(
      and(
        eq(webhookMessages.endpointId, endpointId),
        eq(webhookMessages.status, "pending"),
        sql`(${webhookMessages.lockedUntil} is null or ${webhookMessages.lockedUntil} <= now())`,
      ),
    );
}

export interface WebhookWorkerHandle {
  worker: WebhookWorker;
  stop(): Promise<void>;
}

/** Starts the process's webhook worker (app/services.server.ts); its `stop` on shutdown. */
export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorkerHandle> {
  const worker = new WebhookWorker(options);
  await worker.start();
  return { worker, stop: () => worker.stop() };
}
