/**
 * The endpoint form's fields, as both admin pages read them (/admin/webhooks adds, /admin/webhooks/:id
 * changes): the address, a description, one checkbox per event; and the address's check, which
 * resolves its host (address-guard.server.ts), with its message beside the field.
 */
import { z } from "zod";

import type { FieldErrors } from "~/lib/action-result";
import { hasControlCharacter } from "~/lib/control-characters";

import { checkEndpointUrl, type Resolver } from "./address-guard.server";
import { eventField, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type WebhookEventType } from "./events";
import type { EndpointInput } from "./store.server";

const checkbox = z.literal("on").optional();

/** The endpoint form's fields (a zod object's shape, to extend with an intent). */
export const endpointFields = {
  url: z
    .string()
    .trim()
    .min(1, "Enter the receiver's address, starting with https://.")
    .max(WEBHOOK_URL_MAX, `Keep the address to ${WEBHOOK_URL_MAX} characters or fewer.`)
    .refine((s) => !/\s/.test(s), "An address has no spaces or line breaks."),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, `Keep the description to ${WEBHOOK_DESCRIPTION_MAX} characters or fewer.`)
    .refine((s) => !hasControlCharacter(s), "Use letters, numbers and punctuation only.")
    .optional()
    .transform((s) => s ?? ""),
  ...(Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [eventField(type), checkbox])) as Record<string, typeof checkbox>),
};

/** The fields a refused form gives back (never a secret). */
export const ENDPOINT_ECHO = ["url", "description", ...WEBHOOK_EVENT_TYPES.map(eventField)] as const;

export const NO_EVENT = "Choose at least one event.";

/** The events ticked in the form. */
export const chosenEvents = (data: Record<string, unknown>): WebhookEventType[] =>
  WEBHOOK_EVENT_TYPES.filter((type) => data[eventField(type)] === "on");

/**
 * The form's input once its address is checked where it leads (a public address, or with
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS an intranet one) and an event is chosen; else the errors by field.
 */
export async function checkEndpointInput(
  data: { url: string; description: string } & Record<string, unknown>,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<{ ok: true; input: EndpointInput } | { ok: false; fieldErrors: FieldErrors<"url" | "events"> }> {
  const fieldErrors: FieldErrors<"url" | "events"> = {};
  const events = chosenEvents(data);
  if (events.length === 0) fieldErrors.events = NO_EVENT;
  const checked = await checkEndpointUrl(data.url, options);
  if (!checked.ok) fieldErrors.url = checked.message;
  if (!checked.ok || events.length === 0) return { ok: false, fieldErrors };
  return { ok: true, input: { url: checked.url.toString(), description: data.description, events } };
}
