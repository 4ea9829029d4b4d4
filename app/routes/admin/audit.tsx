/**
 * /admin/audit (docs/requirements/accounts.md#audit-log): the super-administrator reads the account events,
 * newest first, 50 a page, filtered by person, event and dates in the address (works without
 * JavaScript). Read only: the route has no action, so nothing here edits or deletes an entry.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";

import { AdminTable, TimeCell, type AdminColumn } from "~/components/admin/admin-table";
import { Button, buttonClass } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/audit";

export { loader } from "./audit.server";

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

const COLUMNS: AdminColumn[] = [
  { label: "When" },
  { label: "Event" },
  { label: "Outcome" },
  { label: "Who acted" },
  { label: "On whom" },
  { label: "Address" },
  { label: "Browser" },
];

const OUTCOME_CLASS: Record<string, string> = {
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failure: "bg-red-50 text-red-800 ring-red-200",
  refused: "bg-amber-50 text-amber-900 ring-amber-200",
};

const small = buttonClass("secondary", undefined, "sm");

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { error, values, events, retentionDays, rows, total, more, first, pages, page, exportHref, prevHref, nextHref } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/audit";
  const filter = { person: values.person ?? "", event: values.event ?? "", from: values.from ?? "", to: values.to ?? "" };
  const filtered = Boolean(filter.person || filter.event || filter.from || filter.to);
  // A filter that is not valid: its message takes focus, so it is heard and seen at once.
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
          <p className="mt-1 text-sm text-slate-700">
            Sign-ins and account changes, newest first. Entries are never edited and are deleted after {retentionDays} days.
          </p>
        </div>
        {exportHref && (
          <a href={exportHref} download className={small}>
            Export CSV<span className="sr-only"> of the entries shown by this filter</span>
          </a>
        )}
      </div>

      <Form method="get" role="search" aria-label="Filter the audit log" className="mt-5 flex flex-wrap items-end gap-3">
        <label className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
          Person (e-mail, or its beginning)
          <Input
            name="person"
            type="search"
            defaultValue={filter.person}
            key={`p-${filter.person}`}
            maxLength={254}
            className="mt-1 w-full sm:w-64"
          />
        </label>
        <label className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
          Event
          <Select name="event" defaultValue={filter.event} key={`e-${filter.event}`} className="mt-1 w-full sm:w-64">
            <option value="">All events</option>
            {events.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col text-sm font-medium text-navy-900">
          From
          <Input name="from" type="date" defaultValue={filter.from} key={`f-${filter.from}`} className="mt-1" />
        </label>
        <label className="flex flex-col text-sm font-medium text-navy-900">
          To
          <Input name="to" type="date" defaultValue={filter.to} key={`t-${filter.to}`} className="mt-1" />
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {(filtered || error) && (
          <Link to="/admin/audit" className="min-h-10 content-center px-2 text-sm font-medium text-navy-900 underline">
            Clear filters
          </Link>
        )}
      </Form>

      {error ? (
        <p role="alert" ref={errorRef} tabIndex={-1} className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error} Nothing is listed until the filter is corrected.
        </p>
      ) : (
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {loading
            ? "Loading…"
            : total === 0
              ? ""
              : more
                ? `Showing ${first}–${first + rows.length - 1} of the newest ${total.toLocaleString("en-US")}; narrow the dates for older entries, or download them all.`
                : `Showing ${first}–${first + rows.length - 1} of ${total.toLocaleString("en-US")}.`}
        </p>
      )}

      {!error && rows.length === 0 && (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          <p>{filtered ? "No entries match this filter." : "No entries yet."}</p>
        </div>
      )}

      {rows.length > 0 && (
        <AdminTable className="mt-2" regionLabel="Audit entries" caption="Audit log entries, newest first" columns={COLUMNS}>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100 align-top last:border-0">
              <TimeCell iso={row.atIso} text={row.at} />
              <th scope="row" className="p-3 font-medium text-navy-900">
                {row.event}
                {row.detail && <div className="font-normal text-slate-600">{row.detail}</div>}
              </th>
              <td className="p-3">
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${OUTCOME_CLASS[row.outcome] ?? "bg-slate-50 text-slate-800 ring-slate-200"}`}
                >
                  {row.outcomeLabel}
                </span>
              </td>
              <td className="p-3 whitespace-nowrap">{row.actor || <span className="text-slate-600">Not signed in</span>}</td>
              <td className="p-3 whitespace-nowrap">{row.target}</td>
              <td className="p-3 font-mono text-xs whitespace-nowrap">{row.address}</td>
              <td className="p-3 whitespace-nowrap" title={row.userAgent || undefined}>
                {row.browser}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
          {prevHref ? (
            <Link to={prevHref} className={small} rel="prev">
              Previous
            </Link>
          ) : null}
          <span className="text-slate-700">
            Page {page} of {pages}
          </span>
          {nextHref ? (
            <Link to={nextHref} className={small} rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      )}
    </>
  );
}
