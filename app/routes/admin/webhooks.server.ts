/**
 * The server side of /admin/webhooks (the route module beside it): the endpoints with their
 * delivery counts, and an endpoint added, whose signing secret the answer carries once
 * (docs/requirements/webhooks.md#webhooks).
 */
import { z } from "zod";

import { recordAudit } from "~/auth/audit.server";
import { requireAdmin } from "~/auth/session.server";
import { env } from "~/env.server";
import type { ActionFailure, ActionSuccess, FormRefusal } from "~/lib/action-result";
import { actionError, actionOk, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import { checkEndpointInput, chosenEvents, ENDPOINT_ECHO, endpointFields, NO_EVENT } from "~/webhooks/endpoint-form.server";
import { endpointOrigin } from "~/webhooks/events";
import { secretBox } from "~/webhooks/secrets.server";
import { createEndpoint, listEndpoints } from "~/webhooks/store.server";

import type { Route } from "./+types/webhooks";

type Failure = ActionFailure<"create", "url" | "description" | "events">;
export type Outcome = (ActionSuccess<"create"> & { secret: string; endpoint: { id: string; url: string } }) | Failure | FormRefusal;

const intents = z.discriminatedUnion("intent", [z.object({ intent: z.literal("create"), ...endpointFields })]);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const endpoints = await listEndpoints(context.services.db);
  return {
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      description: e.description,
      events: e.events,
      enabled: e.enabled,
      disabledReason: e.disabledReason,
      waiting: e.waiting,
      failedThisWeek: e.failedThisWeek,
      lastDeliveredAt: e.lastDeliveredAt?.toISOString() ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  };
}

/** intent create: the address checked where it leads, at least one event; the secret answered once. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  const form = await parseForm(request, intents, { echo: ENDPOINT_ECHO });
  if (!form.ok) {
    const result = form.result;
    if (form.intent === "create" && result.fieldErrors && chosenEvents(form.fields).length === 0) result.fieldErrors.events = NO_EVENT;
    return actionError(form.status, {
      ...result,
      message: result.fieldErrors ? "The endpoint was not added: correct the fields marked below." : result.message,
    });
  }
  const data = form.data;
  const values = Object.fromEntries(ENDPOINT_ECHO.map((name) => [name, form.fields[name] ?? ""]));
  const checked = await checkEndpointInput(data, { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  if (!checked.ok)
    return actionError<Failure>(400, {
      intent: "create",
      message: "The endpoint was not added: correct the fields marked below.",
      fieldErrors: checked.fieldErrors,
      values,
    });
  const db = context.services.db;
  try {
    const made = await createEndpoint(db, secretBox(env()), checked.input, me.user.id);
    await recordAudit(db, {
      event: "webhook-endpoint-created",
      outcome: "success",
      actor: me.user,
      request,
      detail: `${endpointOrigin(checked.input.url)} (${checked.input.events.join(", ")})`,
    });
    return actionOk("create", "Endpoint added. Copy its signing secret now: it is not shown again.", {
      secret: made.secret,
      endpoint: { id: made.id, url: checked.input.url },
    });
  } catch (error) {
    log.error("Webhook endpoint not added:", error instanceof Error ? error.message : error);
    return actionError<Failure>(503, { intent: "create", message: "The endpoint could not be saved. Try again.", values });
  }
}
