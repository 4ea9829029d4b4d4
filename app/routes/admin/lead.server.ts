/**
 * The server side of /admin/leads/:id (the route module beside it): one lead with its owner, notes,
 * history and sales e-mail's state, what the signed-in person may do to it, and its forms: status,
 * spam and not spam, owner, note, and the e-mail's retry (docs/requirements/leads.md#pipeline).
 * Every change goes through changeLead (app/leads/pipeline.server.ts), which checks again, on the
 * lead as it is then, that it is still what the form showed and that this person may make it.
 */
import { data } from "react-router";
import { z } from "zod";

import { requireLeads, type SignedIn } from "~/auth/session.server";
import { env } from "~/env.server";
import { COMPANY_SIZES, REFERRAL_SOURCES, serviceLabel } from "~/leads/contact-fields";
import { LEAD_STATUSES, NOTE_MAX, permission, PIPELINE_STATUSES, STATUS_LABELS, type LeadStatus } from "~/leads/pipeline";
import { assignableStaff, changeLead, noteProblem, noteText, requeueNotification, type LeadChange } from "~/leads/pipeline.server";
import { getLead, leadHistory, type LeadEvent } from "~/leads/store.server";
import { notificationsEnabled } from "~/leads/worker.server";
import { actionError, actionOk, parseForm } from "~/lib/form.server";
import { formatDateTime } from "~/lib/format-date";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/lead";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : "";

/** What one history entry says, in words. */
function historyText(event: LeadEvent): string {
  if (event.kind === "note") return "Added a note.";
  if (event.kind === "status") {
    const from = STATUS_LABELS[event.fromValue as LeadStatus] ?? event.fromValue;
    const to = STATUS_LABELS[event.toValue as LeadStatus] ?? event.toValue;
    if (event.toValue === "spam") return `Marked it spam (was ${from}).`;
    if (event.fromValue === "spam") return `Marked it not spam: ${to}.`;
    return `Changed the status from ${from} to ${to}.`;
  }
  if (event.toValue && event.toValue === event.actorId)
    return event.fromName ? `Took it over from ${event.fromName}.` : "Assigned it to themselves.";
  if (!event.toValue) return `Unassigned it${event.fromName ? ` (was ${event.fromName})` : ""}.`;
  return `Assigned it to ${event.toName ?? "someone no longer on staff"}${event.fromName ? ` (was ${event.fromName})` : ""}.`;
}

const actorOf = (me: SignedIn) => ({ id: me.user.id, isAdmin: me.isAdmin });

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireLeads(context.services, request);
  const db = context.services.db;
  const lead = UUID.test(params.id) ? await getLead(db, params.id) : undefined;
  if (!lead) return data({ lead: null }, { status: 404 });
  const [history, staff] = await Promise.all([leadHistory(db, lead.id), me.isAdmin ? assignableStaff(db) : Promise.resolve([])]);
  const state = { status: lead.status, ownerId: lead.ownerId, ownerName: lead.ownerName };
  const may = (action: Parameters<typeof permission>[2]) => permission(actorOf(me), state, action);
  const when = formatDateTime;
  return {
    me: { id: me.user.id, isAdmin: me.isAdmin },
    lead: {
      id: lead.id,
      fullName: lead.fullName,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      companySize: labelOf(COMPANY_SIZES, lead.companySize),
      service: lead.service ? serviceLabel(lead.service) : "",
      referralSource: labelOf(REFERRAL_SOURCES, lead.referralSource),
      message: lead.message,
      utmSource: lead.utmSource ?? "",
      utmMedium: lead.utmMedium ?? "",
      utmCampaign: lead.utmCampaign ?? "",
      landingPage: lead.landingPage ?? "",
      referrerHost: lead.referrerHost ?? "",
      received: when(lead.createdAt),
      receivedIso: lead.createdAt.toISOString(),
      status: lead.status,
      ownerId: lead.ownerId,
      owner: lead.ownerName ?? "",
      spamReasons: (lead.spamReasons ?? []).map((r) => r.text),
      notifyStatus: lead.notifyStatus,
      notifyAttempts: lead.notifyAttempts,
      notifyLastError: lead.notifyLastError ?? "",
      notifyNextAttempt: lead.notifyStatus === "pending" ? when(lead.notifyNextAttemptAt) : "",
      notifiedAt: when(lead.notifiedAt),
    },
    notes: history
      .filter((e) => e.kind === "note")
      .map((e) => ({ id: e.id, text: e.note ?? "", by: e.actorName ?? "Someone", at: when(e.at), atIso: e.at.toISOString() })),
    history: history.map((e) => ({
      id: e.id,
      text: historyText(e),
      by: e.actorName ?? "Someone",
      at: when(e.at),
      atIso: e.at.toISOString(),
    })),
    /** What this person may do to it now, or why not (the server checks again on every change). */
    may: { status: may("status"), spam: may("spam"), claim: may("claim"), release: may("release"), assign: may("assign") },
    staff: staff.map((s) => ({ id: s.id, name: s.id === me.user.id ? `${s.name} (you)` : s.name })),
    notificationsOn: notificationsEnabled(env()),
  };
}

const INCOMPLETE = "This form is incomplete: open the lead again.";
const expectedStatus = z.enum(LEAD_STATUSES, { error: INCOMPLETE });
const UUID_OR_NOBODY = (value: string) => value === "" || UUID.test(value);
const expectedOwner = z
  .string({ error: INCOMPLETE })
  .refine(UUID_OR_NOBODY, INCOMPLETE)
  .transform((v) => v.toLowerCase());
const leadSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    status: z.enum(PIPELINE_STATUSES, { error: "Choose a status from the list." }),
    expected_status: expectedStatus,
  }),
  z.object({ intent: z.literal("spam"), expected_status: expectedStatus }),
  z.object({ intent: z.literal("not-spam"), expected_status: expectedStatus }),
  z.object({ intent: z.literal("claim"), expected_owner: expectedOwner }),
  z.object({
    intent: z.literal("owner"),
    owner: z
      .string({ error: "Choose someone from the list." })
      .refine(UUID_OR_NOBODY, "Choose someone from the list.")
      .transform((v) => v.toLowerCase()),
    expected_owner: expectedOwner,
  }),
  z.object({
    intent: z.literal("note"),
    note: z
      .string({ error: "Write the note first." })
      .transform(noteText)
      .superRefine((text, ctx) => {
        const problem = noteProblem(text);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  }),
  z.object({ intent: z.literal("retry") }),
]);
type Intent = z.infer<typeof leadSchema>["intent"];

/** What was typed or chosen, kept on a refusal (a note cut at its limit and a little more). */
const ECHO = ["note", "status", "owner"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireLeads(context.services, request);
  if (!UUID.test(params.id)) return actionError(404, { intent: "", code: "not_found", message: "There is no such lead." });
  const parsed = await parseForm(request, leadSchema, {
    echo: ECHO,
    refused: (status) => ({
      ok: false,
      intent: "note",
      code: status === 413 ? "too_large" : "invalid",
      message:
        status === 413
          ? `Nothing was saved: that is far longer than a note may be (${NOTE_MAX.toLocaleString("en-US")} characters).`
          : "Nothing was saved: the form did not arrive as expected. Open the lead again and try again.",
      ...(status === 413 ? { fieldErrors: { note: `Keep a note under ${NOTE_MAX.toLocaleString("en-US")} characters.` } } : {}),
    }),
  });
  if (!parsed.ok) {
    const values = parsed.result.values
      ? { ...parsed.result.values, note: (parsed.result.values.note ?? "").slice(0, NOTE_MAX + 100) }
      : undefined;
    return actionError(parsed.status, { ...parsed.result, ...(values ? { values } : {}) });
  }
  const form = parsed.data;
  const intent: Intent = form.intent;
  const services = context.services;
  const db = services.db;

  if (form.intent === "retry") {
    try {
      if (!notificationsEnabled(env()))
        return actionError(409, { intent, message: "E-mail notifications are off (SMTP_URL and SALES_EMAIL)." });
      if (!(await requeueNotification(db, params.id)))
        return actionError(409, { intent, message: "This lead's e-mail is not waiting for a retry." });
      services.kickOutbox();
      return actionOk(intent, "The e-mail to sales is being sent again.");
    } catch (error) {
      log.error("Lead change failed:", error instanceof Error ? error.message : error);
      return actionError(503, { intent, message: "That change could not be saved. Try again." });
    }
  }

  let change: LeadChange;
  switch (form.intent) {
    case "status":
      change = { kind: "status", from: form.expected_status, to: form.status };
      break;
    case "spam":
      change = { kind: "status", from: form.expected_status, to: "spam" };
      break;
    case "not-spam":
      change = { kind: "status", from: form.expected_status, to: "new" };
      break;
    case "claim":
      change = { kind: "owner", from: form.expected_owner || null, to: me.user.id };
      break;
    case "owner":
      change = { kind: "owner", from: form.expected_owner || null, to: form.owner || null };
      break;
    case "note":
      change = { kind: "note", text: form.note };
      break;
  }

  const values = Object.fromEntries(ECHO.map((name) => [name, (parsed.fields[name] ?? "").slice(0, NOTE_MAX + 100)]));
  try {
    const by = { id: me.user.id, email: me.user.email, name: me.user.name, isAdmin: me.isAdmin };
    const result = await changeLead(db, params.id, change, { by, notify: services.notifyLeads, request });
    if (!result.ok) {
      if (result.code === "not-found") return actionError(404, { intent, code: "not_found", message: "There is no such lead." });
      if (result.code === "forbidden") return actionError(403, { intent, code: "forbidden", message: result.message, values });
      if (result.code === "conflict") return actionError(409, { intent, code: "conflict", message: result.message, values });
      return actionError(400, {
        intent,
        code: "validation_failed",
        message: result.message,
        fieldErrors: { [result.field]: result.message },
        values,
      });
    }
    if (result.handedOver) services.kickOutbox();
    return actionOk(intent, successMessage(result.after, change, result.handedOver, services.notifyLeads, me.user.id));
  } catch (error) {
    log.error("Lead change failed:", error instanceof Error ? error.message : error);
    return actionError(503, { intent, message: "That change could not be saved. Try again.", values });
  }
}

function successMessage(
  after: { status: LeadStatus; ownerId: string | null },
  change: LeadChange,
  handedOver: boolean,
  notify: boolean,
  me: string,
): string {
  if (change.kind === "note") return "Note added.";
  if (change.kind === "owner")
    return after.ownerId === null ? "Nobody owns it now." : after.ownerId === me ? "It is yours now." : "Assigned.";
  if (change.to === "spam") return "Marked spam: it is out of the list and of the pipeline until someone marks it not spam.";
  if (change.from === "spam")
    return handedOver
      ? notify
        ? "Not spam: it is New, and its e-mail to sales is on its way."
        : "Not spam: it is New (e-mail notifications are off, so nobody was e-mailed)."
      : "Not spam: it is New again.";
  return `Status changed to ${STATUS_LABELS[after.status]}.`;
}
