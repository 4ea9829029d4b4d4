import { barChart, labelEvery } from "~/insights/chart";

export interface ChartPoint {
  bucket: string;
  visitors: number;
  visits: number;
  pageviews: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03-10" → "Mar 10"; "2026-03-10T09" → "9 AM". */
export function bucketLabel(bucket: string): string {
  if (bucket.includes("T")) {
    const hour = Number(bucket.slice(11, 13));
    return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;
  }
  return `${MONTHS[Number(bucket.slice(5, 7)) - 1]} ${Number(bucket.slice(8, 10))}`;
}

const fmt = (n: number) => n.toLocaleString("en-US");

/**
 * Visits over the period as server-rendered SVG bars (docs/requirements/insights.md#insights-dashboard),
 * and the same figures in a table behind "Show as table" for screen readers and for reading.
 */
export function InsightsChart({ points, hourly }: { points: ChartPoint[]; hourly: boolean }) {
  const chart = barChart(points.map((p) => p.visits));
  const every = labelEvery(points.length, hourly ? 6 : 7);
  const total = points.reduce((sum, p) => sum + p.visits, 0);
  const busiest = points.reduce<ChartPoint | null>((best, p) => (p.visits > (best?.visits ?? 0) ? p : best), null);
  const unit = hourly ? "hour" : "day";
  const summary = `Visits per ${unit}: ${fmt(total)} in all${busiest ? `, most on ${bucketLabel(busiest.bucket)} (${fmt(busiest.visits)})` : ""}.`;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-semibold text-navy-900">Visits per {unit}</figcaption>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="mt-2 h-auto w-full" role="img" aria-label={summary}>
        {chart.ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} className="stroke-slate-200" strokeWidth={1} />
            <text x={chart.plot.left - 6} y={tick.y + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
              {fmt(tick.value)}
            </text>
          </g>
        ))}
        {chart.bars.map((bar, i) => (
          <rect key={points[i].bucket} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="fill-navy-700">
            <title>{`${bucketLabel(points[i].bucket)}: ${fmt(bar.value)} visits`}</title>
          </rect>
        ))}
        {chart.bars.map((bar, i) =>
          i % every === 0 ? (
            <text
              key={`l-${points[i].bucket}`}
              x={bar.x + bar.width / 2}
              y={chart.height - 4}
              textAnchor="middle"
              className="fill-slate-600 text-[11px]"
            >
              {bucketLabel(points[i].bucket)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-navy-900 underline-offset-4 hover:underline">Show as table</summary>
        <div className="mt-2">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Visitors, visits and page views per {unit}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wider text-slate-600 uppercase">
                <th scope="col" className="p-2">
                  {hourly ? "Hour" : "Day"}
                </th>
                <th scope="col" className="p-2 text-right">
                  Visitors
                </th>
                <th scope="col" className="p-2 text-right">
                  Visits
                </th>
                <th scope="col" className="p-2 text-right">
                  Page views
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.bucket} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="p-2 font-normal">
                    {hourly ? bucketLabel(p.bucket) : `${bucketLabel(p.bucket)}, ${p.bucket.slice(0, 4)}`}
                  </th>
                  <td className="p-2 text-right tabular-nums">{fmt(p.visitors)}</td>
                  <td className="p-2 text-right tabular-nums">{fmt(p.visits)}</td>
                  <td className="p-2 text-right tabular-nums">{fmt(p.pageviews)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
