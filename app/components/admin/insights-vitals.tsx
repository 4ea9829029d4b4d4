import { AdminTable } from "~/components/admin/admin-table";
import { buttonClass } from "~/components/ui/button";
import { vitalRating, vitalValue, type VitalMetric, type VitalRow } from "~/insights/vitals";

import { fmt } from "./insights-sections";

const NAMES: Record<VitalMetric, [string, string]> = {
  LCP: ["Largest Contentful Paint", "how long until the main content shows"],
  INP: ["Interaction to Next Paint", "how quickly the page answers a tap or click"],
  CLS: ["Cumulative Layout Shift", "how much the page jumps while it loads"],
  FCP: ["First Contentful Paint", "how long until anything shows"],
  TTFB: ["Time to First Byte", "how long the server takes to start answering"],
};

const RATING_CLASS = {
  Good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  "Needs improvement": "bg-amber-50 text-amber-900 ring-amber-200",
  Poor: "bg-red-50 text-red-800 ring-red-200",
};

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** The share bar: three segments, each also written out in words beneath (not colour alone). */
function ShareBar({ row }: { row: VitalRow }) {
  const parts = [
    { label: "Good", n: row.good, className: "fill-emerald-600" },
    { label: "Needs improvement", n: row.needsImprovement, className: "fill-amber-400" },
    { label: "Poor", n: row.poor, className: "fill-red-600" },
  ];
  return (
    <div>
      {/* SVG, not inline styles (the Content-Security-Policy allows none): widths in % of the samples. */}
      <svg viewBox="0 0 100 4" preserveAspectRatio="none" className="h-2.5 w-full rounded-full bg-slate-100" aria-hidden="true">
        {parts.map((p, i) => {
          const x = parts.slice(0, i).reduce((sum, q) => sum + (q.n / (row.samples || 1)) * 100, 0);
          return p.n > 0 ? <rect key={p.label} x={x} y={0} width={(p.n / row.samples) * 100} height={4} className={p.className} /> : null;
        })}
      </svg>
      <p className="mt-1 text-xs text-slate-700">{parts.map((p) => `${p.label} ${share(p.n, row.samples)}%`).join(" · ")}</p>
    </div>
  );
}

export function VitalCards({ rows }: { rows: VitalRow[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
      {rows.map((row) => {
        const rating = vitalRating(row.metric, row.p75);
        const [name, meaning] = NAMES[row.metric];
        return (
          <li key={row.metric} className="rounded-lg border border-slate-200 bg-white p-3">
            <p className="text-sm font-semibold text-navy-900">
              {name} ({row.metric})
            </p>
            <p className="text-xs text-slate-700">{meaning}</p>
            <p className="mt-2 flex items-baseline gap-2">
              <span className="text-2xl font-bold text-navy-900 tabular-nums">{vitalValue(row.metric, row.p75)}</span>
              <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${RATING_CLASS[rating]}`}>
                {rating}
              </span>
            </p>
            <p className="text-xs text-slate-700">
              for 3 in 4 visits · {fmt(row.samples)} {row.samples === 1 ? "sample" : "samples"}
            </p>
            <div className="mt-2">
              <ShareBar row={row} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function VitalTable({
  title,
  heading,
  rows,
  csvHref,
  label,
}: {
  title: string;
  heading: string;
  rows: VitalRow[];
  csvHref: string;
  label?: (group: string) => string;
}) {
  if (rows.length === 0) return null;
  return (
    // Not a labelled section: the table's own scrolling region carries the title (one landmark per name).
    <div className="min-w-0">
      <div className="flex items-end justify-between gap-2">
        <h3 className="text-base font-semibold text-navy-900">{title}</h3>
        <a href={csvHref} download className={buttonClass("secondary", undefined, "sm")}>
          CSV<span className="sr-only"> of {title.toLowerCase()}</span>
        </a>
      </div>
      <AdminTable
        className="mt-2"
        caption={title}
        regionLabel={title}
        columns={[
          { label: heading },
          { label: "Measure" },
          { label: "3 in 4 visits" },
          { label: "Rating" },
          { label: "Samples", className: "text-right" },
          { label: "Good / needs improvement / poor" },
        ]}
      >
        {rows.slice(0, 30).map((row) => (
          <tr key={`${row.group}-${row.metric}`} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="max-w-56 truncate p-3 font-medium">
              {label ? label(row.group) : row.group}
            </th>
            <td className="p-3">{row.metric}</td>
            <td className="p-3 tabular-nums">{vitalValue(row.metric, row.p75)}</td>
            <td className="p-3">{vitalRating(row.metric, row.p75)}</td>
            <td className="p-3 text-right tabular-nums">{fmt(row.samples)}</td>
            <td className="min-w-48 p-3">
              <ShareBar row={row} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
