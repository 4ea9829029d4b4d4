/**
 * Webhook endpoints and their deliveries, as the admin pages read and change them
 * (docs/requirements/webhooks.md#webhooks). A secret is returned in clear only by the two calls that
 * make one (`createEndpoint`, `rotateSecret`), for the page to show once; it is stored sealed.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { webhookEndpoints, webhookMessages } from "~/db/schema.server";

import { DELIVERIES_PAGE_SIZE, type DeliveryState, type WebhookEventType } from "./events";
import { notifyWorkers } from "./queue.server";
import { newSigningSecret, type SecretBox } from "./secrets.server";
import { failWaiting } from "./worker.server";

/** How long the secret before a rotation is still signed with. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface EndpointInput {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export type Endpoint = Omit<typeof webhookEndpoints.$inferSelect, "secret" | "previousSecret"> & {
  /** The previous secret is still signed with (until previousSecretExpiresAt). */
  previousSecretValid: boolean;
};

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  disabledAt: webhookEndpoints.disabledAt,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  secretRotatedAt: webhookEndpoints.secretRotatedAt,
  createdBy: webhookEndpoints.createdBy,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
  previousSecretValid: sql<boolean>`(${webhookEndpoints.previousSecret} is not null and coalesce(${webhookEndpoints.previousSecretExpiresAt} > now(), false))`,
};

/** Adds an endpoint, enabled, with a new secret (returned once, for the page to show). */
export async function createEndpoint(
  db: Database,
  box: SecretBox,
  input: EndpointInput,
  createdBy: string | null,
): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = newSigningSecret();
  await db.insert(webhookEndpoints).values({
    id,
    url: input.url,
    description: input.description,
    events: input.events,
    secret: box.seal(secret, id),
    createdBy,
  });
  return { id, secret };
}

export async function getEndpoint(db: Database, id: string): Promise<Endpoint | undefined> {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export interface EndpointSummary extends Endpoint {
  /** Messages still to deliver. */
  waiting: number;
  /** Messages that failed for good in the last 7 days. */
  failedThisWeek: number;
  lastDeliveredAt: Date | null;
}

/** Every endpoint, oldest first, with its delivery counts. */
export async function listEndpoints(db: Database): Promise<EndpointSummary[]> {
  const rows = await db
    .select({
      ...endpointColumns,
      waiting: sql<number>`(select count(*) from webhook_messages m where m.endpoint_id = ${webhookEndpoints.id} and m.status = 'pending')::int`,
      failedThisWeek: sql<number>`(select count(*) from webhook_messages m where m.endpoint_id = ${webhookEndpoints.id} and m.status = 'failed' and m.created_at > now() - interval '7 days')::int`,
      lastDeliveredAt: sql<
        string | null
      >`(select max(m.delivered_at) from webhook_messages m where m.endpoint_id = ${webhookEndpoints.id})`,
    })
    .from(webhookEndpoints)
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows.map((r) => ({ ...r, lastDeliveredAt: r.lastDeliveredAt ? new Date(r.lastDeliveredAt) : null }));
}

/** Changes the address, description and events. False when there is no such endpoint. */
export async function updateEndpoint(db: Database, id: string, input: EndpointInput): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ url: input.url, description: input.description, events: input.events, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * Enables or disables an endpoint; disabling fails its waiting messages (each can be sent again
 * once it is enabled). "unchanged" when it already was; "missing" when there is no such endpoint.
 */
export async function setEndpointEnabled(
  db: Database,
  id: string,
  enabled: boolean,
  reason: string | null = null,
): Promise<"changed" | "unchanged" | "missing"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for("update");
    if (!row) return "missing";
    if (row.enabled === enabled) return "unchanged";
    await tx
      .update(webhookEndpoints)
      .set(
        enabled
          ? { enabled: true, disabledReason: null, disabledAt: null, updatedAt: sql`now()` }
          : { enabled: false, disabledReason: reason, disabledAt: sql`now()`, updatedAt: sql`now()` },
      )
      .where(eq(webhookEndpoints.id, id));
    if (!enabled) await failWaiting(tx as unknown as Database, id);
    return "changed";
  });
}

/** Deletes an endpoint and its messages; its URL, or null when there was none. */
export async function deleteEndpoint(db: Database, id: string): Promise<string | null> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url });
  return rows[0]?.url ?? null;
}

/**
 * A new secret for the endpoint (returned once); the one it replaces is still signed with for
 * `overlapMs` (24 h), so the receiver can change its copy meanwhile. A second rotation within that
 * time drops the oldest. Null when there is no such endpoint.
 */
export async function rotateSecret(db: Database, box: SecretBox, id: string, overlapMs = ROTATION_OVERLAP_MS): Promise<string | null> {
  const secret = newSigningSecret();
  const rows = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: sql`now() + ${overlapMs}::integer * interval '1 millisecond'`,
      secret: box.seal(secret, id),
      secretRotatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length ? secret : null;
}

export interface Delivery {
  id: string;
  messageId: string;
  eventType: string;
  subjectId: string | null;
  state: DeliveryState;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastResponse: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

const stateOf = sql<DeliveryState>`case
  when ${webhookMessages.status} = 'delivered' then 'delivered'
  when ${webhookMessages.status} = 'failed' then 'failed'
  when ${webhookMessages.lockedUntil} > now() then 'sending'
  when ${webhookMessages.attempts} = 0 then 'waiting'
  else 'retrying' end`;

/** One page of an endpoint's deliveries, newest first, and how many there are. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  page = 1,
): Promise<{ rows: Delivery[]; total: number; page: number; pages: number }> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpointId));
  const pages = Math.max(1, Math.ceil(total / DELIVERIES_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const rows = await db
    .select({
      id: webhookMessages.id,
      messageId: webhookMessages.messageId,
      eventType: webhookMessages.eventType,
      subjectId: webhookMessages.subjectId,
      state: stateOf,
      attempts: webhookMessages.attempts,
      lastStatusCode: webhookMessages.lastStatusCode,
      lastError: webhookMessages.lastError,
      lastResponse: webhookMessages.lastResponse,
      lastAttemptAt: webhookMessages.lastAttemptAt,
      nextAttemptAt: sql<
        string | null
      >`case when ${webhookMessages.status} = 'pending' then greatest(${webhookMessages.nextAttemptAt}, coalesce(${webhookMessages.lockedUntil}, ${webhookMessages.nextAttemptAt})) end`,
      deliveredAt: webhookMessages.deliveredAt,
      createdAt: webhookMessages.createdAt,
    })
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, endpointId))
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(DELIVERIES_PAGE_SIZE)
    .offset((current - 1) * DELIVERIES_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({ ...r, nextAttemptAt: r.nextAttemptAt ? new Date(r.nextAttemptAt) : null })),
    total,
    page: current,
    pages,
  };
}

/**
 * Sends a message again: a new attempt now, with the same webhook-id (a delivered or failed one
 * too). "sending" while an attempt holds it (two at once are never made); "disabled" when its
 * endpoint is; "missing" when there is no such message on this endpoint.
 */
export async function resendMessage(db: Database, endpointId: string, id: string): Promise<"queued" | "sending" | "disabled" | "missing"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabled: webhookEndpoints.enabled, held: sql<boolean>`coalesce(${webhookMessages.lockedUntil} > now(), false)` })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .where(and(eq(webhookMessages.id, id), eq(webhookMessages.endpointId, endpointId)));
    if (!row) return "missing";
    if (!row.enabled) return "disabled";
    if (row.held) return "sending";
    const updated = await tx
      .update(webhookMessages)
      .set({ status: "pending", nextAttemptAt: sql`now()` })
      .where(and(eq(webhookMessages.id, id), sql`(${webhookMessages.lockedUntil} is null or ${webhookMessages.lockedUntil} <= now())`))
      .returning({ id: webhookMessages.id });
    if (updated.length === 0) return "sending";
    await notifyWorkers(tx);
    return "queued";
  });
}
