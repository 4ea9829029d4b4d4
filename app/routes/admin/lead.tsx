import { Form, Link, useNavigation } from "react-router";

import { HandledBadge, NotifyBadge } from "~/components/admin/lead-badges";
import { ActionMessage } from "~/components/feedback/action-message";
import { Button, buttonClass } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/lead";

export { action, loader } from "./lead.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.lead ? `${loaderData.lead.fullName}, ${loaderData.lead.company}` : "Lead not found");

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-navy-900">{children || <span className="text-slate-500">not given</span>}</dd>
    </div>
  );
}

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const outcome: ActionResult | undefined = actionData;

  const back = (
    <Link to="/admin/leads" className="text-sm font-medium text-navy-900 underline underline-offset-2">
      ← All leads
    </Link>
  );
  const { lead, notificationsOn } = loaderData as { lead: null; notificationsOn?: boolean } | Exclude<typeof loaderData, { lead: null }>;
  if (!lead) {
    return (
      <>
        {back}
        <h1 className="mt-3 text-2xl font-bold tracking-tight">Lead not found</h1>
        <p className="mt-2 text-slate-700">There is no lead at this address. It may have been typed wrong; open it from the list.</p>
      </>
    );
  }
  return (
    <>
      {back}
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">
            {lead.fullName}, {lead.company}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <HandledBadge handled={lead.handled} />
            <span>
              Received <time dateTime={lead.receivedIso}>{lead.received}</time>
              {lead.handled && ` · handled ${lead.handledAt}${lead.handledBy ? ` by ${lead.handledBy}` : ""}`}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={`mailto:${lead.email}`} className={buttonClass("secondary", undefined, "md")}>
            Reply by e-mail
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value={lead.handled ? "reopen" : "handle"} />
            <Button type="submit" disabled={busy} variant={lead.handled ? "secondary" : "primary"}>
              {lead.handled ? "Reopen" : "Mark handled"}
            </Button>
          </Form>
        </div>
      </div>

      {outcome && <ActionMessage result={outcome} />}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="request-heading" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="request-heading" className="text-lg font-semibold">
            Request
          </h2>
          <dl className="mt-2 divide-y divide-slate-100">
            <Detail label="E-mail">
              <a href={`mailto:${lead.email}`} className="text-accent underline underline-offset-2">
                {lead.email}
              </a>
            </Detail>
            <Detail label="Phone">
              {lead.phone && (
                <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className="text-accent underline underline-offset-2">
                  {lead.phone}
                </a>
              )}
            </Detail>
            <Detail label="Company">{lead.company}</Detail>
            <Detail label="Company size">{lead.companySize}</Detail>
            <Detail label="Service">{lead.service}</Detail>
            <Detail label="Heard about us">{lead.referralSource}</Detail>
          </dl>
          <h3 className="mt-4 text-sm font-medium text-slate-600">Message</h3>
          <p className="mt-1 rounded-md bg-slate-50 p-4 break-words whitespace-pre-wrap text-navy-900">{lead.message}</p>
        </section>

        <div className="space-y-6">
          <section aria-labelledby="notify-heading" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="notify-heading" className="text-lg font-semibold">
              E-mail to sales
            </h2>
            <p className="mt-2">
              <NotifyBadge status={lead.notifyStatus} />
            </p>
            <dl className="mt-2 text-sm">
              {lead.notifyStatus === "sent" && <Detail label="Sent">{lead.notifiedAt}</Detail>}
              {lead.notifyStatus !== "off" && <Detail label="Attempts">{String(lead.notifyAttempts)}</Detail>}
              {lead.notifyNextAttempt && <Detail label="Next attempt">{lead.notifyNextAttempt}</Detail>}
              {lead.notifyLastError && <Detail label="Last error">{lead.notifyLastError}</Detail>}
            </dl>
            {lead.notifyStatus === "off" && (
              <p className="mt-2 text-sm text-slate-700">E-mail notifications were off when this lead arrived.</p>
            )}
            {notificationsOn && (lead.notifyStatus === "failed" || lead.notifyStatus === "off") && (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="retry" />
                <Button type="submit" disabled={busy} variant="secondary">
                  {lead.notifyStatus === "failed" ? "Retry notification now" : "E-mail it to sales now"}
                </Button>
              </Form>
            )}
          </section>

          <section aria-labelledby="source-heading" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="source-heading" className="text-lg font-semibold">
              Where it came from
            </h2>
            <dl className="mt-2 divide-y divide-slate-100 text-sm">
              <Detail label="Landing page">{lead.landingPage}</Detail>
              <Detail label="Referring site">{lead.referrerHost}</Detail>
              <Detail label="utm_source">{lead.utmSource}</Detail>
              <Detail label="utm_medium">{lead.utmMedium}</Detail>
              <Detail label="utm_campaign">{lead.utmCampaign}</Detail>
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}
