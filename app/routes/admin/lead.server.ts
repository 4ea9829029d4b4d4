/**
 * The server side of /admin/leads/:id (the route module beside it): one lead with its sales
 * e-mail's state, and its status and notes changed (docs/requirements/leads.md#leads).
 */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";

import { requireAdmin } from "~/auth/session.server";
import { user } from "~/db/schema.server";
import { env } from "~/env.server";
import { COMPANY_SIZES, REFERRAL_SOURCES, serviceLabel } from "~/leads/contact-fields";
import { getLead, requeueNotification, setHandled } from "~/leads/store.server";
import { notificationsEnabled } from "~/leads/worker.server";
import { actionError, actionOk, parseForm } from "~/lib/form.server";
import { formatDateTime } from "~/lib/format-date";
import { log } from "~/lib/log.server";

import type { Route } from "./+types/lead";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : "";

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const lead = UUID.test(params.id) ? await getLead(context.services.db, params.id) : undefined;
  if (!lead) return data({ lead: null }, { status: 404 });
  let handledBy = "";
  if (lead.handledBy) {
    const [who] = await context.services.db.select({ email: user.email }).from(user).where(eq(user.id, lead.handledBy));
    handledBy = who?.email ?? "";
  }
  const when = formatDateTime;
  return {
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
      handled: lead.handledAt !== null,
      handledAt: when(lead.handledAt),
      handledBy,
      notifyStatus: lead.notifyStatus,
      notifyAttempts: lead.notifyAttempts,
      notifyLastError: lead.notifyLastError ?? "",
      notifyNextAttempt: lead.notifyStatus === "pending" ? when(lead.notifyNextAttemptAt) : "",
      notifiedAt: when(lead.notifiedAt),
    },
    notificationsOn: notificationsEnabled(env()),
  };
}

const leadSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("handle") }),
  z.object({ intent: z.literal("reopen") }),
  z.object({ intent: z.literal("retry") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireAdmin(context.services, request);
  if (!UUID.test(params.id)) return actionError(404, { intent: "", message: "No such lead." });
  const parsed = await parseForm(request, leadSchema);
  if (!parsed.ok) return parsed.response;
  const { intent } = parsed.data;
  const noSuchLead = () => actionError(404, { intent, message: "No such lead." });
  try {
    switch (intent) {
      case "handle":
        if (!(await setHandled(context.services.db, params.id, me.user.id))) return noSuchLead();
        return actionOk(intent, "Marked handled.");
      case "reopen":
        if (!(await setHandled(context.services.db, params.id, null))) return noSuchLead();
        return actionOk(intent, "Reopened.");
      case "retry":
        if (!notificationsEnabled(env()))
          return actionError(409, { intent, message: "E-mail notifications are off (SMTP_URL and SALES_EMAIL)." });
        if (!(await requeueNotification(context.services.db, params.id)))
          return actionError(409, { intent, message: "This lead's e-mail is not waiting for a retry." });
        context.services.kickOutbox();
        return actionOk(intent, "The e-mail to sales is being sent again.");
    }
  } catch (error) {
    log.error("Lead change failed:", error instanceof Error ? error.message : error);
    return actionError(503, { intent, message: "That change could not be saved. Try again." });
  }
}
