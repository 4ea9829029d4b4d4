/**
 * The webhooks' event types and the endpoint form's limits (docs/requirements/webhooks.md#webhooks):
 * shared by the admin pages and the server (no server code here).
 */
export const WEBHOOK_EVENT_TYPES = ["lead.created", "lead.updated"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, as the endpoint form lists it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "lead.created": "A lead is received from the contact form",
  "lead.updated": "A lead is changed (its status, owner or notes)",
};

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** The form field of an event's checkbox (one field a checkbox: the form pipeline reads the first value of a name). */
export const eventField = (type: WebhookEventType) => `event_${type.replace(/\./g, "_")}`;

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Deliveries shown a page on an endpoint's page. */
export const DELIVERIES_PAGE_SIZE = 50;

/** A message's state, as the deliveries list shows it. */
export type DeliveryState = "delivered" | "sending" | "retrying" | "waiting" | "failed";

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  delivered: "Delivered",
  sending: "Sending",
  retrying: "Retrying",
  waiting: "Waiting",
  failed: "Failed",
};

/**
 * An endpoint's address as the audit log and the log lines keep it: its origin only. The path and
 * query of a hook address (Zapier's, Make's) are often its only secret, and the audit log keeps no
 * link (docs/requirements/accounts.md#audit-log).
 */
export function endpointOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(not a URL)";
  }
}
