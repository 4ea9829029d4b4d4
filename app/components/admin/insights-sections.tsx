import { Link } from "react-router";

import { AdminTable } from "~/components/admin/admin-table";
import { buttonClass } from "~/components/ui/button";
import type { FilterKey } from "~/insights/dashboard-params";
import { MIN_REPORTING_VISITORS, OTHER_PAGE } from "~/insights/fields";
import type { CampaignLeads } from "~/insights/lead-fields";

/** A row of a top list, as the loader sends it (app/insights/dashboard.server.ts ListRow). */
export interface InsightsListRow {
  value: string | null;
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  converted: number;
}

export const fmt = (n: number) => n.toLocaleString("en-US");
export const pct = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(part === whole || part === 0 ? 0 : 1)}%` : "–";

/** "+12%", "−5%", "no change", "new" (nothing before), or "" (nothing either time). */
export function changeText(now: number, before: number): string {
  if (before === 0) return now > 0 ? "new" : "";
  const change = Math.round(((now - before) / before) * 100);
  return change === 0 ? "no change" : `${change > 0 ? "+" : "−"}${Math.abs(change)}%`;
}

export function Totals({
  items,
  previousLabel,
}: {
  items: { label: string; value: string; change: string; hint: string }[];
  previousLabel: string;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700" title={item.hint}>
            {item.label}
          </dt>
          <dd className="mt-1 text-2xl font-bold text-navy-900 tabular-nums">{item.value}</dd>
          <dd className="text-xs text-slate-700">
            {item.change === "new" ? (
              <>Up from none in {previousLabel}</>
            ) : item.change ? (
              <>
                {item.change} <span className="sr-only">compared with </span>
                <span aria-hidden="true">vs. </span>
                {previousLabel}
              </>
            ) : (
              <>None in {previousLabel} either</>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface ListColumn {
  label: string;
  cell: (row: InsightsListRow) => string;
}

const VISITS: ListColumn = { label: "Visits", cell: (r) => fmt(r.visits) };
const VISITORS: ListColumn = { label: "Visitors", cell: (r) => fmt(r.visitors) };
const PAGE_VIEWS: ListColumn = { label: "Page views", cell: (r) => fmt(r.pageviews) };
const BOUNCE_RATE: ListColumn = { label: "Bounce rate", cell: (r) => pct(r.bounces, r.visits) };
const CONVERTED: ListColumn = { label: "Visits that sent a contact request", cell: (r) => fmt(r.converted) };
const CONVERSION_RATE: ListColumn = { label: "Conversion rate", cell: (r) => pct(r.converted, r.visits) };

interface TopListProps {
  title: string;
  description?: string;
  heading: string;
  rows: InsightsListRow[];
  columns: ListColumn[];
  /** The filtered dashboard's address for a row; without it, the values are plain text. */
  hrefFor?: (value: string | null) => string;
  csvHref: string;
  noneLabel: string;
  limit?: number;
  /**
   * The values are what visitors' browsers report (a referring site, a campaign's names): anyone's
   * text. They are shown in quotes, and a value fewer than MIN_REPORTING_VISITORS visitors brought
   * is marked, so that a stranger's words read as what they are.
   */
  reported?: boolean;
  /** Names for special values (the page list's "other"). */
  labels?: Readonly<Record<string, string>>;
}

/**
 * One top list: its value links filter the whole dashboard by it; the CSV link downloads every
 * row of it for the same period and filters.
 */
export function TopList({
  title,
  description,
  heading,
  rows,
  columns,
  hrefFor,
  csvHref,
  noneLabel,
  limit = 10,
  reported = false,
  labels = {},
}: TopListProps) {
  const shown = rows.slice(0, limit);
  const name = (value: string | null) => (value === null ? noneLabel : (labels[value] ?? (reported ? `“${value}”` : value)));
  return (
    <section className="min-w-0" aria-label={title}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-navy-900">{title}</h3>
          {(description || reported) && (
            <p className="text-sm text-slate-700">
              {description}
              {description && reported && " "}
              {reported && `As visitors' browsers report it: names in quotes are anyone's words.`}
            </p>
          )}
        </div>
        {rows.length > 0 && (
          <a href={csvHref} download className={buttonClass("secondary", undefined, "sm")}>
            CSV<span className="sr-only"> of {title.toLowerCase()}</span>
          </a>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">Nothing yet.</p>
      ) : (
        <AdminTable
          className="mt-2"
          caption={title}
          // Without links nothing in a table that scrolls sideways takes focus: the table itself does.
          regionLabel={hrefFor ? undefined : `${title}, table`}
          columns={[{ label: heading }, ...columns.map((c) => ({ label: c.label, className: "text-right" }))]}
        >
          {shown.map((row) => (
            <tr key={row.value ?? "(none)"} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="max-w-64 truncate p-3 font-medium">
                {hrefFor ? (
                  <Link to={hrefFor(row.value)} className="text-navy-900 underline underline-offset-4 hover:text-accent">
                    {name(row.value)}
                  </Link>
                ) : (
                  name(row.value)
                )}
                {reported && row.value !== null && row.visitors < MIN_REPORTING_VISITORS && (
                  <span className="ml-2 text-xs font-normal text-slate-700">
                    ({row.visitors === 1 ? "1 visitor" : `${row.visitors} visitors`} only)
                  </span>
                )}
              </th>
              {columns.map((c) => (
                <td key={c.label} className="p-3 text-right tabular-nums">
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      )}
      {rows.length > limit && (
        <p className="mt-1 text-xs text-slate-700">
          Top {limit} of {fmt(rows.length)}; the CSV has them all.
        </p>
      )}
    </section>
  );
}

/** How a top list that filters the dashboard by its rows is shown: everything but its rows and links. */
export type FilterListView = Pick<TopListProps, "title" | "description" | "heading" | "columns" | "noneLabel" | "reported" | "labels">;

/** Addresses a browser sent that are no page of the site are counted together (app/insights/site-pages.server.ts). */
const PAGE_LABELS = { [OTHER_PAGE]: "Addresses that are no page of the site" };

/** Visits, and how many of them bounced and got in touch. */
const RATES = [VISITS, BOUNCE_RATE, CONVERSION_RATE];

/** One top list per filter of the address (dashboard-params FILTERS), grouped on what that filter narrows. */
export const FILTER_LISTS: Record<FilterKey, FilterListView> = {
  page: { title: "Top pages", heading: "Page", columns: [VISITORS, PAGE_VIEWS], noneLabel: "–", labels: PAGE_LABELS },
  entry: {
    title: "Entry pages",
    description: "The first page of each visit.",
    heading: "Page",
    columns: RATES,
    noneLabel: "No page view",
    labels: PAGE_LABELS,
  },
  referrer: { title: "Referring sites", heading: "Site", columns: RATES, noneLabel: "Direct or unknown", reported: true },
  source: { title: "Campaign sources", heading: "Source", columns: [VISITS, CONVERSION_RATE], noneLabel: "None", reported: true },
  medium: { title: "Campaign mediums", heading: "Medium", columns: [VISITS, CONVERSION_RATE], noneLabel: "None", reported: true },
  campaign: {
    title: "Campaigns that bring contact",
    description: "From the utm_campaign of the link the visit came from.",
    heading: "Campaign",
    columns: [VISITS, CONVERTED, CONVERSION_RATE],
    noneLabel: "No campaign",
    reported: true,
  },
  device: { title: "Devices", heading: "Device", columns: RATES, noneLabel: "Unknown" },
  browser: { title: "Browsers", heading: "Browser", columns: [VISITS, BOUNCE_RATE], noneLabel: "Unknown" },
};

/**
 * Leads by campaign and status (docs/requirements/insights.md#insights-dashboard): from the stored
 * leads, so it agrees with the leads list (spam left out), not with what browsers report. Each
 * campaign links to the dashboard filtered by it. `otherFilters`: the active filters a lead cannot
 * answer (a page, a device...), which this table does not follow.
 */
export function CampaignLeadsTable({
  rows,
  hrefFor,
  otherFilters,
}: {
  rows: CampaignLeads[];
  hrefFor: (campaign: string | null) => string;
  otherFilters: string[];
}) {
  const title = "Leads by campaign, as far as they have come";
  const statuses = [
    ["New", "new"],
    ["Contacted", "contacted"],
    ["Qualified", "qualified"],
    ["Won", "won"],
    ["Lost", "lost"],
  ] as const;
  return (
    <section className="mt-6 min-w-0" aria-label={title}>
      <h3 className="text-base font-semibold text-navy-900">{title}</h3>
      <p className="max-w-3xl text-sm text-slate-700">
        The leads stored in this period, by the campaign of the visit that sent them and where each is in the pipeline now (spam left out).
        {otherFilters.length > 0 && ` Filtered by campaign, source and medium only, not by ${otherFilters.join(", ").toLowerCase()}.`}
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          No leads in this period.
        </p>
      ) : (
        <AdminTable
          className="mt-2"
          caption={title}
          columns={[
            { label: "Campaign" },
            { label: "Leads", className: "text-right" },
            ...statuses.map(([label]) => ({ label, className: "text-right" })),
          ]}
        >
          {rows.map((row) => (
            <tr key={row.campaign ?? "(none)"} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="max-w-64 truncate p-3 font-medium">
                <Link to={hrefFor(row.campaign)} className="text-navy-900 underline underline-offset-4 hover:text-accent">
                  {row.campaign === null ? "No campaign" : `“${row.campaign}”`}
                </Link>
              </th>
              <td className="p-3 text-right tabular-nums">{fmt(row.leads)}</td>
              {statuses.map(([label, key]) => (
                <td key={label} className="p-3 text-right tabular-nums">
                  {fmt(row[key])}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
