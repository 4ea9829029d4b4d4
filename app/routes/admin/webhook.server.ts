/**
 * The server side of /admin/webhooks/:id (the route module beside it): one endpoint, its recent
 * deliveries, and its changes: address, description and events; enable, disable; a new signing
 * secret (answered once); a delivery sent again; delete (docs/requirements/webhooks.md#webhooks).
 */
import { data } from "react-router";
import { z } from "zod";

import { recordAudit } from "~/auth/audit.server";
import { requireAdmin, type SignedIn } from "~/auth/session.server";
import { env } from "~/env.server";
import type { ActionConfirm, ActionFailure, ActionSuccess, FormRefusal } from "~/lib/action-result";
import { redirectWithNotice } from "~/lib/flash-notice.server";
import { actionConfirm, actionError, actionOk, parseForm } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import { checkEndpointInput, chosenEvents, ENDPOINT_ECHO, endpointFields, NO_EVENT } from "~/webhooks/endpoint-form.server";
import { endpointOrigin } from "~/webhooks/events";
import { secretBox } from "~/webhooks/secrets.server";
import {
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  resendMessage,
  rotateSecret,
  setEndpointEnabled,
  updateEndpoint,
} from "~/webhooks/store.server";

import type { Route } from "./+types/webhook";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Intent = "save" | "enable" | "disable" | "rotate" | "resend" | "delete";
type Failure = ActionFailure<Intent, "url" | "description" | "events">;
export type Outcome = (ActionSuccess<Intent> & { secret?: string }) | Failure | (ActionConfirm<"delete"> & { url: string }) | FormRefusal;

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), ...endpointFields }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("rotate") }),
  z.object({ intent: z.literal("resend"), message: z.uuid("That delivery is not valid.") }),
  z.object({ intent: z.literal("delete"), confirm: z.literal("yes").optional() }),
]);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const db = context.services.db;
  const endpoint = UUID.test(params.id) ? await getEndpoint(db, params.id) : undefined;
  if (!endpoint) return data({ endpoint: null }, { status: 404 });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const deliveries = await listDeliveries(db, endpoint.id, Number.isFinite(page) ? page : 1);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      enabled: endpoint.enabled,
      disabledReason: endpoint.disabledReason,
      disabledAt: iso(endpoint.disabledAt),
      createdAt: endpoint.createdAt.toISOString(),
      secretRotatedAt: iso(endpoint.secretRotatedAt),
      previousSecretValidUntil: endpoint.previousSecretValid ? iso(endpoint.previousSecretExpiresAt) : null,
    },
    deliveries: {
      rows: deliveries.rows.map((d) => ({
        id: d.id,
        messageId: d.messageId,
        eventType: d.eventType,
        subjectId: d.subjectId,
        state: d.state,
        attempts: d.attempts,
        lastStatusCode: d.lastStatusCode,
        lastError: d.lastError,
        lastResponse: d.lastResponse,
        lastAttemptAt: iso(d.lastAttemptAt),
        nextAttemptAt: iso(d.nextAttemptAt),
        createdAt: d.createdAt.toISOString(),
      })),
      total: deliveries.total,
      page: deliveries.page,
      pages: deliveries.pages,
    },
  };
}

const audit = (
  db: Parameters<typeof recordAudit>[0],
  me: SignedIn,
  request: Request,
  event: Parameters<typeof recordAudit>[1]["event"],
  /** The endpoint's address: only its origin is kept (endpointOrigin). */
  url: string,
  more = "",
) => recordAudit(db, { event, outcome: "success", actor: me.user, request, detail: `${endpointOrigin(url)}${more}` });

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  if (!UUID.test(params.id)) return actionError(404, { intent: "", message: "There is no such endpoint." });
  const form = await parseForm(request, intents, { echo: ENDPOINT_ECHO });
  if (!form.ok) {
    const result = form.result;
    if (form.intent === "save" && result.fieldErrors && chosenEvents(form.fields).length === 0) result.fieldErrors.events = NO_EVENT;
    return actionError(form.status, {
      ...result,
      message: result.fieldErrors ? "Not saved: correct the fields marked below." : result.message,
    });
  }
  const input = form.data;
  const { intent } = input;
  const db = context.services.db;
  const endpoint = await getEndpoint(db, params.id);
  if (!endpoint) return actionError<Failure>(404, { intent, message: "This endpoint no longer exists." });
  const gone = () => actionError<Failure>(404, { intent, message: "This endpoint no longer exists." });
  try {
    switch (input.intent) {
      case "save": {
        const values = Object.fromEntries(ENDPOINT_ECHO.map((name) => [name, form.fields[name] ?? ""]));
        const checked = await checkEndpointInput(input, { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS });
        if (!checked.ok)
          return actionError<Failure>(400, {
            intent,
            message: "Not saved: correct the fields marked below.",
            fieldErrors: checked.fieldErrors,
            values,
          });
        if (!(await updateEndpoint(db, endpoint.id, checked.input))) return gone();
        await audit(db, me, request, "webhook-endpoint-changed", checked.input.url, ` (${checked.input.events.join(", ")})`);
        return actionOk(intent, "Saved.");
      }
      case "enable":
      case "disable": {
        const enable = input.intent === "enable";
        const changed = await setEndpointEnabled(db, endpoint.id, enable, enable ? null : `Disabled by ${me.user.email}`);
        if (changed === "missing") return gone();
        if (changed === "changed")
          await audit(db, me, request, enable ? "webhook-endpoint-enabled" : "webhook-endpoint-disabled", endpoint.url);
        return actionOk(
          intent,
          enable
            ? "Enabled: new events are sent to it again (send a failed delivery again below to have it sent)."
            : "Disabled: no events are sent to it, and what was waiting is marked failed.",
        );
      }
      case "rotate": {
        const secret = await rotateSecret(db, secretBox(env()), endpoint.id);
        if (!secret) return gone();
        await audit(db, me, request, "webhook-secret-rotated", endpoint.url);
        return actionOk(intent, "New signing secret made. Copy it now: it is not shown again.", { secret });
      }
      case "resend": {
        const sent = await resendMessage(db, endpoint.id, input.message);
        if (sent === "missing") return actionError<Failure>(404, { intent, message: "That delivery no longer exists." });
        if (sent === "disabled") return actionError<Failure>(409, { intent, message: "Enable the endpoint first: it is disabled." });
        if (sent === "sending") return actionError<Failure>(409, { intent, message: "That delivery is being attempted right now." });
        return actionOk(intent, "Sent again: a new attempt with the same webhook-id is on its way.");
      }
      case "delete": {
        if (input.confirm !== "yes") return actionConfirm("delete", "Confirm the deletion.", { url: endpoint.url });
        const url = await deleteEndpoint(db, endpoint.id);
        if (url === null) return gone();
        await audit(db, me, request, "webhook-endpoint-deleted", url);
        return redirectWithNotice("/admin/webhooks", "webhook-deleted");
      }
    }
  } catch (error) {
    log.error("Webhook endpoint change failed:", error instanceof Error ? error.message : error);
    return actionError<Failure>(503, { intent, message: "That change could not be saved. Try again." });
  }
}
