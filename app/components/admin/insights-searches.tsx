import { AdminTable } from "~/components/admin/admin-table";
import type { SearchFigures, SearchQueryFigures } from "~/insights/search-figures";

import { fmt } from "./insights-sections";

function QueryTable({
  title,
  description,
  rows,
  columns,
}: {
  title: string;
  description: string;
  rows: readonly SearchQueryFigures[];
  columns: { label: string; cell: (row: SearchQueryFigures) => string }[];
}) {
  return (
    <section className="min-w-0" aria-label={title}>
      <h3 className="text-base font-semibold text-navy-900">{title}</h3>
      <p className="text-sm text-slate-700">{description}</p>
      {rows.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">Nothing yet.</p>
      ) : (
        <AdminTable
          className="mt-2"
          caption={title}
          regionLabel={`${title}, table`}
          columns={[{ label: "Search" }, ...columns.map((c) => ({ label: c.label, className: "text-right" }))]}
        >
          {rows.map((row) => (
            <tr key={row.query} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="max-w-64 truncate p-3 font-medium">
                “{row.query}”
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
    </section>
  );
}

/**
 * What visitors looked for with the site's search (docs/requirements/insights.md#searches): the
 * most searched queries, with those that found nothing and led to a contact request, and the
 * queries that found nothing. Queries are visitors' own words: shown in quotes, as text.
 */
export function SearchesSection({ searches, retentionDays }: { searches: SearchFigures; retentionDays: number }) {
  const { total } = searches;
  return (
    <section aria-labelledby="searches-heading" className="mt-8">
      <h2 id="searches-heading" className="text-xl font-semibold text-navy-900">
        Searches
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        What visitors typed into the site's search, as they typed it (in lower case; anything that looks like an e-mail address or a phone
        number is not kept), over the last {retentionDays} days of this period at most: {fmt(total.searches)}{" "}
        {total.searches === 1 ? "search" : "searches"}, {fmt(total.zero)} of them found nothing.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <QueryTable
          title="Top searches"
          description="The most searched words, and the visitors who sent a contact request in the same visit."
          rows={searches.top}
          columns={[
            { label: "Searches", cell: (r) => fmt(r.searches) },
            { label: "Visitors", cell: (r) => fmt(r.visitors) },
            { label: "Found nothing", cell: (r) => fmt(r.zero) },
            { label: "Then got in touch", cell: (r) => fmt(r.contacted) },
          ]}
        />
        <QueryTable
          title="Searches that found nothing"
          description="Words the site has no page for: a page or a post to write, or a word to add to one."
          rows={searches.zero}
          columns={[
            { label: "Searches", cell: (r) => fmt(r.zero) },
            { label: "Visitors", cell: (r) => fmt(r.visitors) },
          ]}
        />
      </div>
    </section>
  );
}
