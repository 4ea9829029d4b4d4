import { Form, Link, useNavigation } from "react-router";

import { NotifyBadge, StatusBadge } from "~/components/admin/lead-badges";
import { ActionMessage } from "~/components/feedback/action-message";
import { Field } from "~/components/forms/field";
import { Button, buttonClass } from "~/components/ui/button";
import { NOTE_MAX, PIPELINE_STATUSES, STATUS_LABELS } from "~/leads/pipeline";
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

type Outcome = ActionResult & {
  fieldErrors?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>> | { note: string };
};
type Loaded = Exclude<Route.ComponentProps["loaderData"], { lead: null }>;

/** One of the pipeline's forms: its intent, what it expects the lead to be, and its fields. */
function PipelineForm({
  intent,
  expected,
  children,
  className,
  label,
}: {
  intent: string;
  expected: Record<string, string>;
  children: React.ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <Form method="post" className={className} aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(expected).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** Why this person cannot do something here, in place of its form. */
const Why = ({ children }: { children: React.ReactNode }) => <p className="mt-1 text-sm text-slate-700">{children}</p>;

function WorkSection({ data, outcome, busy }: { data: Loaded; outcome?: Outcome; busy: boolean }) {
  const { lead, may, staff, me } = data;
  const errorOf = (field: string) => (outcome?.ok === false ? outcome.fieldErrors?.[field] : undefined);
  const kept = (field: string) =>
    outcome?.ok === false ? (outcome.values as Partial<Record<string, string>> | undefined)?.[field] : undefined;
  const spam = lead.status === "spam";
  const expectedOwner = { expected_owner: lead.ownerId ?? "" };
  return (
    <section aria-labelledby="work-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="work-heading" className="text-lg font-semibold">
        Work this lead
      </h2>
      {spam && (
        <div className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950">
          <p className="font-semibold">
            {lead.spamReasons.length ? "The contact form's checks took this request for spam:" : "Marked spam by staff."}
          </p>
          {lead.spamReasons.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {lead.spamReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          <p className="mt-1">It is not in the list or the pipeline{lead.notifyStatus === "held" ? ", and sales was not e-mailed" : ""}.</p>
        </div>
      )}
      <div className="mt-4 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <div>
          <h3 className="font-medium text-navy-900">Status</h3>
          {spam ? (
            may.spam.ok ? (
              <PipelineForm intent="not-spam" expected={{ expected_status: lead.status }} className="mt-2">
                <p className="text-sm text-slate-700">
                  A real request? It goes into the pipeline as New{data.notificationsOn ? " and is e-mailed to sales" : ""}.
                </p>
                <Button type="submit" disabled={busy} className="mt-2">
                  Not spam
                </Button>
              </PipelineForm>
            ) : (
              <Why>{may.spam.message}</Why>
            )
          ) : may.status.ok ? (
            <PipelineForm
              intent="status"
              expected={{ expected_status: lead.status }}
              className="mt-1 space-y-3"
              key={`status-${lead.status}`}
            >
              <Field id="status" label="Move it to" error={errorOf("status")}>
                {(p) => (
                  <select {...p} name="status" defaultValue={kept("status") ?? lead.status}>
                    {PIPELINE_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {STATUS_LABELS[s]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                Change status
              </Button>
            </PipelineForm>
          ) : (
            <Why>{may.status.message}</Why>
          )}
          {!spam && may.spam.ok && (
            <PipelineForm intent="spam" expected={{ expected_status: lead.status }} className="mt-3">
              <Button type="submit" variant="danger-outline" size="sm" disabled={busy}>
                Mark as spam
              </Button>
            </PipelineForm>
          )}
        </div>

        <div>
          <h3 className="font-medium text-navy-900">Owner</h3>
          <p className="mt-1 text-sm text-slate-700">
            {lead.ownerId === me.id ? "You own this lead." : lead.owner ? `${lead.owner} owns this lead.` : "Nobody owns this lead yet."}
          </p>
          {me.isAdmin && (
            <PipelineForm intent="owner" expected={expectedOwner} className="mt-2 space-y-3" key={`owner-${lead.ownerId ?? ""}`}>
              <Field id="owner" label="Assign to" error={errorOf("owner")}>
                {(p) => (
                  <select {...p} name="owner" defaultValue={kept("owner") ?? lead.ownerId ?? ""}>
                    <option value="">Nobody</option>
                    {staff.map((person) => (
                      <option key={person.id} value={person.id}>
                        {person.name}
                      </option>
                    ))}
                    {lead.ownerId && !staff.some((s) => s.id === lead.ownerId) && <option value={lead.ownerId}>{lead.owner}</option>}
                  </select>
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                Assign
              </Button>
            </PipelineForm>
          )}
          {lead.ownerId === me.id ? (
            !me.isAdmin && (
              <PipelineForm intent="owner" expected={expectedOwner} className="mt-3">
                <input type="hidden" name="owner" value="" />
                <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                  Unassign (give it back)
                </Button>
              </PipelineForm>
            )
          ) : me.isAdmin || may.claim.ok ? (
            // An administrator takes any lead; staff take one nobody owns.
            <PipelineForm intent={me.isAdmin ? "owner" : "claim"} expected={expectedOwner} className="mt-3">
              {me.isAdmin && <input type="hidden" name="owner" value={me.id} />}
              <Button type="submit" variant={me.isAdmin ? "secondary" : "primary"} size={me.isAdmin ? "sm" : "md"} disabled={busy}>
                Assign to me
              </Button>
            </PipelineForm>
          ) : (
            <Why>{may.claim.message}</Why>
          )}
        </div>

        <div className="md:col-span-2 xl:col-span-1">
          <h3 className="font-medium text-navy-900">Note</h3>
          <PipelineForm intent="note" expected={{}} className="mt-1 space-y-3" key={`note-${data.notes.length}`}>
            <Field
              id="note"
              label="Add a note"
              hint={`Only staff see notes. Up to ${NOTE_MAX.toLocaleString("en-US")} characters.`}
              error={errorOf("note")}
            >
              {(p) => <textarea {...p} name="note" rows={4} maxLength={NOTE_MAX} defaultValue={kept("note") ?? ""} />}
            </Field>
            <Button type="submit" variant="secondary" disabled={busy}>
              Add note
            </Button>
          </PipelineForm>
        </div>
      </div>
    </section>
  );
}

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const outcome: Outcome | undefined = actionData;

  const back = (
    <Link to="/admin/leads" className="text-sm font-medium text-navy-900 underline underline-offset-2">
      ← All leads
    </Link>
  );
  if (!loaderData.lead) {
    return (
      <>
        {back}
        <h1 className="mt-3 text-2xl font-bold tracking-tight">Lead not found</h1>
        <p className="mt-2 text-slate-700">There is no lead at this address. It may have been typed wrong; open it from the list.</p>
      </>
    );
  }
  const data = loaderData as Loaded;
  const { lead, notes, history, notificationsOn } = data;
  return (
    <>
      {back}
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words">
            {lead.fullName}, {lead.company}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
            <StatusBadge status={lead.status} />
            <span>{lead.owner ? `Owner: ${lead.owner}` : "Nobody owns it yet"}</span>
            <span aria-hidden="true">·</span>
            <span>
              Received <time dateTime={lead.receivedIso}>{lead.received}</time>
            </span>
          </p>
        </div>
        <a href={`mailto:${lead.email}`} className={buttonClass("secondary", undefined, "md")}>
          Reply by e-mail
        </a>
      </div>

      {outcome && <ActionMessage result={outcome} />}

      <WorkSection data={data} outcome={outcome} busy={busy} />

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
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

          <section aria-labelledby="notes-heading" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="notes-heading" className="text-lg font-semibold">
              Notes
            </h2>
            {notes.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">No notes yet.</p>
            ) : (
              <ol className="mt-2 divide-y divide-slate-100">
                {notes.map((note) => (
                  <li key={note.id} className="py-3">
                    <p className="break-words whitespace-pre-wrap text-navy-900">{note.text}</p>
                    <p className="mt-1 text-xs text-slate-600">
                      {note.by} · <time dateTime={note.atIso}>{note.at}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section aria-labelledby="history-heading" className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="history-heading" className="text-lg font-semibold">
              History
            </h2>
            <ol className="mt-2 space-y-2 text-sm">
              {history.map((entry) => (
                <li key={entry.id} className="grid gap-x-3 sm:grid-cols-[11rem_1fr]">
                  <time dateTime={entry.atIso} className="text-slate-600">
                    {entry.at}
                  </time>
                  <span className="break-words text-navy-900">
                    <span className="font-medium">{entry.by}</span>: {entry.text}
                  </span>
                </li>
              ))}
              <li className="grid gap-x-3 sm:grid-cols-[11rem_1fr]">
                <time dateTime={lead.receivedIso} className="text-slate-600">
                  {lead.received}
                </time>
                <span className="text-navy-900">Received from the contact form{lead.spamReasons.length ? ", caught as spam" : ""}.</span>
              </li>
            </ol>
          </section>
        </div>

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
              {lead.notifyStatus !== "off" && lead.notifyStatus !== "held" && (
                <Detail label="Attempts">{String(lead.notifyAttempts)}</Detail>
              )}
              {lead.notifyNextAttempt && <Detail label="Next attempt">{lead.notifyNextAttempt}</Detail>}
              {lead.notifyLastError && <Detail label="Last error">{lead.notifyLastError}</Detail>}
            </dl>
            {lead.notifyStatus === "off" && (
              <p className="mt-2 text-sm text-slate-700">E-mail notifications were off when this lead was handed to sales.</p>
            )}
            {lead.notifyStatus === "held" && (
              <p className="mt-2 text-sm text-slate-700">Held back as spam: Not spam e-mails it to sales.</p>
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
