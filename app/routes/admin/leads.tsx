import { Link, useNavigation } from "react-router";

import { AdminTable, TimeCell, type AdminColumn } from "~/components/admin/admin-table";
import { NotifyBadge, StatusBadge } from "~/components/admin/lead-badges";
import { FilterSelect, ListFilters } from "~/components/admin/list-search";
import { Pager } from "~/components/admin/pager";
import { buttonClass } from "~/components/ui/button";
import { FILTER_LABELS, LEAD_FILTERS, leadListHref, PAGE_SIZE, type LeadFilter } from "~/leads/query";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/leads";

export { loader } from "./leads.server";

export const meta: Route.MetaFunction = () => adminMeta("Leads");

const COLUMNS: AdminColumn[] = [
  { label: "Received" },
  { label: "Name" },
  { label: "Company" },
  { label: "Service" },
  { label: "Status" },
  { label: "Owner" },
  { label: "E-mail to sales" },
];
const SPAM_COLUMNS: AdminColumn[] = [{ label: "Received" }, { label: "Name" }, { label: "Company" }, { label: "Why it is spam" }];

/**
 * /admin/leads (docs/requirements/leads.md#leads): every lead but spam, newest first, or those of
 * one status (the links with their counts, or the filter form: both work without JavaScript), of
 * an owner, or matching a search; the Spam view lists what the contact form's checks caught, with why.
 */
export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { query, total, pages, counts, staff, rows, notificationsOn } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const first = (query.page - 1) * PAGE_SIZE + 1;
  const spamView = query.status === "spam";
  const filtered = query.q !== "" || query.owner !== "" || query.status !== "all";
  const ownerOptions: Record<string, string> = { "": "Anyone", me: "Me", none: "Nobody yet" };
  for (const person of staff) ownerOptions[person.id] = person.name;
  // A filter on someone no longer listed (their account gone) still shows as chosen.
  if (query.owner && !(query.owner in ownerOptions)) ownerOptions[query.owner] = "Someone no longer on staff";
  const statusOptions = Object.fromEntries(LEAD_FILTERS.map((s) => [s, FILTER_LABELS[s]])) as Record<LeadFilter, string>;
  const countOf = (status: LeadFilter) => counts[status];

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Leads</h1>
          <p className="mt-1 text-sm text-slate-700">
            Requests from the contact form, newest first. {counts.new === 1 ? "1 is new." : `${counts.new} are new.`}
          </p>
        </div>
        <a href={leadListHref(query, "/admin/leads.csv")} download className={buttonClass("secondary", undefined, "sm")}>
          Export CSV<span className="sr-only"> of the leads shown by this filter</span>
        </a>
      </div>

      {!notificationsOn && (
        <p className="mt-4 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-700">
          E-mail notifications are off: new leads are only listed here. Set <code>SMTP_URL</code> and <code>SALES_EMAIL</code> to e-mail
          sales each one.
        </p>
      )}

      <nav aria-label="Leads by status" className="mt-5">
        <ul className="flex flex-wrap gap-1.5">
          {LEAD_FILTERS.map((status) => {
            const current = status === query.status;
            return (
              <li key={status} className={status === "spam" ? "sm:ml-3" : undefined}>
                <Link
                  to={leadListHref({ q: query.q, owner: query.owner, status })}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-medium whitespace-nowrap ${current ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-navy-900 hover:bg-slate-100"}`}
                >
                  {FILTER_LABELS[status]}
                  <span className={`tabular-nums ${current ? "text-white" : "text-slate-600"}`}>{countOf(status)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <ListFilters
        label="Filter leads"
        searchLabel="Search name, e-mail, company or message"
        q={query.q}
        submitLabel="Apply"
        clear={filtered ? { to: "/admin/leads", label: "Show every lead" } : undefined}
      >
        <FilterSelect label="Status" name="status" value={query.status} options={statusOptions} />
        <FilterSelect label="Owner" name="owner" value={query.owner} options={ownerOptions} />
      </ListFilters>

      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        {loading
          ? "Loading…"
          : total === 0
            ? ""
            : `Showing ${first}–${first + rows.length - 1} of ${total}${query.q ? ` matching “${query.q}”` : ""}.`}
      </p>

      {spamView && rows.length > 0 && (
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          What the contact form's checks took for spam: stored, never e-mailed to sales. Open one and choose <strong>Not spam</strong> to
          put it in the pipeline as New and e-mail it to sales.
        </p>
      )}

      {rows.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {filtered ? (
            <p>
              No leads match this filter.{" "}
              <Link to="/admin/leads" className="font-semibold text-accent underline">
                Show every lead
              </Link>
            </p>
          ) : (
            <p>No leads yet. New requests from the contact form appear here as soon as they are sent.</p>
          )}
        </div>
      ) : (
        <AdminTable
          className="mt-2"
          caption={spamView ? "Leads caught as spam, newest first" : "Leads, newest first"}
          columns={spamView ? SPAM_COLUMNS : COLUMNS}
        >
          {rows.map((lead) => (
            <tr key={lead.id} className="border-b border-slate-100 align-top last:border-0">
              <TimeCell iso={lead.receivedIso} text={lead.received} />
              <th scope="row" className="p-3 font-medium">
                <Link to={`/admin/leads/${lead.id}`} className="text-navy-900 underline underline-offset-2 hover:text-accent">
                  {lead.fullName}
                </Link>
                <div className="font-normal break-all text-slate-600">{lead.email}</div>
              </th>
              <td className="p-3">{lead.company}</td>
              {spamView ? (
                <td className="p-3">
                  {lead.spamReasons.length ? (
                    <ul className="list-disc space-y-0.5 pl-4">
                      {lead.spamReasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  ) : (
                    "Marked spam by staff."
                  )}
                </td>
              ) : (
                <>
                  <td className="p-3">{lead.service}</td>
                  <td className="p-3">
                    <StatusBadge status={lead.status} />
                  </td>
                  <td className="p-3">{lead.owner || <span className="text-slate-600">Nobody yet</span>}</td>
                  <td className="p-3">
                    <NotifyBadge status={lead.notifyStatus} />
                  </td>
                </>
              )}
            </tr>
          ))}
        </AdminTable>
      )}

      <Pager page={query.page} pages={pages} href={(page) => leadListHref({ ...query, page })} />
    </>
  );
}
