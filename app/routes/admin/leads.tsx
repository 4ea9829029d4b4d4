import { Link, useNavigation } from "react-router";

import { AdminTable, TimeCell, type AdminColumn } from "~/components/admin/admin-table";
import { HandledBadge, NotifyBadge } from "~/components/admin/lead-badges";
import { ListSearch } from "~/components/admin/list-search";
import { Pager } from "~/components/admin/pager";
import { buttonClass } from "~/components/ui/button";
import { LEAD_FILTERS, leadListHref, PAGE_SIZE, type LeadFilter } from "~/leads/query";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/leads";

export { loader } from "./leads.server";

export const meta: Route.MetaFunction = () => adminMeta("Leads");

const FILTER_LABELS: Record<LeadFilter, string> = { open: "Open", handled: "Handled", all: "All" };

const LEAD_COLUMNS: AdminColumn[] = [
  { label: "Received" },
  { label: "Name" },
  { label: "Company" },
  { label: "Service" },
  { label: "Status" },
  { label: "E-mail to sales" },
];

export default function AdminLeads({ loaderData: { query, total, pages, open, rows, notificationsOn } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const first = (query.page - 1) * PAGE_SIZE + 1;
  const exportQuery = { q: query.q, status: query.status };
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Leads</h1>
          <p className="mt-1 text-sm text-slate-700">
            Requests from the contact form, newest first. {open === 1 ? "1 is open." : `${open} are open.`}
          </p>
        </div>
        <a href={leadListHref(exportQuery, "/admin/leads.csv")} download className={buttonClass("secondary", undefined, "sm")}>
          Export CSV<span className="sr-only"> of the leads shown by this filter</span>
        </a>
      </div>

      {!notificationsOn && (
        <p className="mt-4 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-700">
          E-mail notifications are off: new leads are only listed here. Set <code>SMTP_URL</code> and <code>SALES_EMAIL</code> to e-mail
          sales each one.
        </p>
      )}

      <div className="mt-5 flex flex-wrap items-end gap-x-6 gap-y-3">
        <ListSearch label="Search name, e-mail, company or message" q={query.q} clearHref={leadListHref({ q: "", status: query.status })}>
          <input type="hidden" name="status" value={query.status} />
        </ListSearch>
        <nav aria-label="Filter by status">
          <ul className="flex rounded-md border border-slate-300 bg-white p-0.5">
            {LEAD_FILTERS.map((status) => (
              <li key={status}>
                <Link
                  to={leadListHref({ q: query.q, status })}
                  aria-current={status === query.status ? "page" : undefined}
                  className={`inline-flex min-h-9 items-center rounded px-3 text-sm font-medium whitespace-nowrap ${status === query.status ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100"}`}
                >
                  {FILTER_LABELS[status]}
                  {status === "open" ? ` (${open})` : ""}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        {loading
          ? "Loading…"
          : total === 0
            ? ""
            : `Showing ${first}–${first + rows.length - 1} of ${total}${query.q ? ` matching “${query.q}”` : ""}.`}
      </p>

      {rows.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {query.q ? (
            <p>
              No {query.status === "all" ? "" : `${FILTER_LABELS[query.status].toLowerCase()} `}leads match “{query.q}”.{" "}
              <Link to={leadListHref({ q: "", status: query.status })} className="font-semibold text-accent underline">
                Clear the search
              </Link>
            </p>
          ) : query.status === "open" ? (
            <p>No open leads. New requests from the contact form appear here as soon as they are sent.</p>
          ) : (
            <p>No leads here yet.</p>
          )}
        </div>
      ) : (
        <AdminTable className="mt-2" caption="Leads, newest first" columns={LEAD_COLUMNS}>
          {rows.map((lead) => (
            <tr key={lead.id} className="border-b border-slate-100 align-top last:border-0">
              <TimeCell iso={lead.receivedIso} text={lead.received} />
              <th scope="row" className="p-3 font-medium">
                <Link to={`/admin/leads/${lead.id}`} className="text-navy-900 underline underline-offset-2 hover:text-accent">
                  {lead.fullName}
                </Link>
                <div className="font-normal text-slate-600">{lead.email}</div>
              </th>
              <td className="p-3">{lead.company}</td>
              <td className="p-3">{lead.service}</td>
              <td className="p-3">
                <HandledBadge handled={lead.handled} />
              </td>
              <td className="p-3">
                <NotifyBadge status={lead.notifyStatus} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <Pager page={query.page} pages={pages} href={(page) => leadListHref({ ...query, page })} />
    </>
  );
}
