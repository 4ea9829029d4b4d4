/**
 * Events into the webhook queue (ADR 031). `enqueueLeadEvent` is the one way in: in the caller's
 * transaction it stores one message per enabled endpoint subscribed to the event, and a NOTIFY on
 * WEBHOOK_CHANNEL, which PostgreSQL (and PGlite) deliver only when that transaction commits: every
 * server process's worker (this one's too) looks for due messages at once, and a rolled-back lead
 * sends nothing. No listener (it is reconnecting): the workers' poll finds the messages.
 */
import { sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { webhookEndpoints, webhookMessages } from "~/db/schema.server";
import { env } from "~/env.server";

import type { WebhookEventType } from "./events";
import { eventBody, leadEventData, newMessageId, type LeadEventSource } from "./payload.server";

/** The NOTIFY channel that wakes the webhook workers. */
export const WEBHOOK_CHANNEL = "webhook_messages";

/** A database, or a transaction on it (drizzle's `tx`). */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface Enqueued {
  /** The webhook-id of the event (the same for every endpoint); null when no endpoint wants it. */
  messageId: string | null;
  /** How many endpoints it was queued for. */
  endpoints: number;
}

/**
 * Queues `type` about `lead` for every enabled endpoint subscribed to it, in `tx` (call it inside
 * the transaction that writes the lead, so the event exists exactly when the change does). The
 * body is made now, from the row as passed: the lead's fields at the time of the event.
 */
export async function enqueueLeadEvent(
  tx: Executor,
  type: Extract<WebhookEventType, "lead.created" | "lead.updated">,
  lead: LeadEventSource,
  options: { siteUrl?: string; now?: Date } = {},
): Promise<Enqueued> {
  // A lead marked spam sends no webhook (docs/requirements/webhooks.md#webhook-events).
  if (lead.status === "spam") return { messageId: null, endpoints: 0 };
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${webhookEndpoints.enabled} and ${type} = any(${webhookEndpoints.events})`);
  if (endpoints.length === 0) return { messageId: null, endpoints: 0 };
  const messageId = newMessageId();
  const payload = eventBody(type, options.now ?? new Date(), leadEventData(lead, options.siteUrl ?? env().SITE_URL));
  await tx
    .insert(webhookMessages)
    .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, messageId, eventType: type, subjectId: lead.id, payload })));
  await notifyWorkers(tx);
  return { messageId, endpoints: endpoints.length };
}

/** Wakes every process's webhook worker (when `tx` commits). */
export async function notifyWorkers(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}
