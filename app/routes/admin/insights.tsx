import { Form, Link } from "react-router";

import { requireAdmin } from "~/auth/session.server";
import { InsightsChart } from "~/components/admin/insights-chart";
import { SearchesSection } from "~/components/admin/insights-searches";
import { CampaignLeadsTable, changeText, FILTER_LISTS, fmt, pct, TopList, Totals } from "~/components/admin/insights-sections";
import { VitalCards, VitalTable } from "~/components/admin/insights-vitals";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { env } from "~/env.server";
import { loadDashboard } from "~/insights/dashboard-page.server";
import { dashboardHref, FILTER_KEYS, FILTERS, NONE, PERIODS, type FilterKey, type Filters } from "~/insights/dashboard-params";
import { LEAD_FILTER_KEYS } from "~/insights/lead-fields";
import { formatDateTime } from "~/lib/format-date";
import { listOf } from "~/lib/list-of";
import { adminMeta } from "~/lib/meta";

import type { Route } from "./+types/insights";

/**
 * /admin/insights (docs/requirements/insights.md#insights-dashboard): the site's own visit statistics for
 * administrators. The period and filters are in the address (links and a GET form: works without
 * JavaScript, can be shared); every list links to the same page filtered by its row.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const page = await loadDashboard(context.services.db, new URL(request.url), { retentionDays: env().INSIGHTS_RETENTION_DAYS });
  return page;
}

export const meta: Route.MetaFunction = () => adminMeta("Insights");

const FAMILY_LABELS: Record<string, string> = {
  service: "Service pages",
  industry: "Industry pages",
  city: "City pages",
  blog: "Blog posts",
  other: "Other pages",
};
const DEVICE_LABELS: Record<string, string> = { mobile: "Phones", tablet: "Tablets", desktop: "Computers" };
/** The Web Vitals tables under the overall figures, by what their rows are grouped on. */
const VITAL_TABLES = [
  { group: "families", title: "Speed by kind of page", heading: "Pages", label: (g: string) => FAMILY_LABELS[g] ?? g },
  { group: "devices", title: "Speed by device", heading: "Device", label: (g: string) => DEVICE_LABELS[g] ?? g },
  { group: "pages", title: "Speed by page", heading: "Page" },
] as const;
/** The lists of "Pages and sources", in their order; the campaigns are with the conversions. */
const SOURCE_LISTS: FilterKey[] = ["page", "entry", "referrer", "source", "medium", "device", "browser"];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayText = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { query, data, previous, visitorsNow, retentionDays, dropped, campaignLeads, searches } = loaderData;
  const { period, filters } = query;
  const t = data.totals;
  const href = (next: Filters) => dashboardHref(period, next);
  const filterBy = (key: FilterKey) => (value: string | null) => href({ ...filters, [key]: value ?? NONE });
  const csv = (table: string) => dashboardHref(period, filters, "/admin/insights.csv", { table });
  const activeFilters = FILTER_KEYS.filter((key) => filters[key] !== undefined);
  const days = Math.round((period.end - period.start) / 86_400_000);
  const previousLabel = days === 1 ? "the day before" : `the ${days} days before`;
  const periodText = period.from === period.to ? dayText(period.from) : `${dayText(period.from)} – ${dayText(period.to)}`;
  const empty = t.visits === 0 && activeFilters.length === 0 && data.vitals.all.length === 0;
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const filterList = (key: FilterKey) => (
    <TopList
      key={key}
      {...FILTER_LISTS[key]}
      rows={key === "page" ? data.pages : data.lists[key]}
      hrefFor={filterBy(key)}
      csvHref={csv(key === "page" ? "pages" : key)}
    />
  );

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            Who visits the website, where they come from, which pages bring calls and contact requests, and how fast the pages are on
            visitors' own devices. Counted by the site itself, without cookies; days follow the office's time zone.
          </p>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            Contact requests are the requests the website stored. Everything else (page views, taps, where visits came from, page speed) is
            what visitors' browsers report, which a script could imitate: read it as a trend. A visitor is one internet address on one day,
            so people who share one (an office) count once.
          </p>
        </div>
        <p className="rounded-full bg-navy-50 px-3 py-1 text-sm font-medium text-navy-900" aria-live="polite">
          <span className="tabular-nums">{fmt(visitorsNow)}</span> {visitorsNow === 1 ? "visitor" : "visitors"} on the site now
        </p>
      </div>

      <nav aria-label="Period" className="mt-5 flex flex-wrap items-center gap-2">
        {(Object.keys(PERIODS) as (keyof typeof PERIODS)[]).map((key) => {
          const current = period.key === key;
          return (
            <Link
              key={key}
              to={dashboardHref({ key, from: "", to: "" }, filters)}
              aria-current={current ? "page" : undefined}
              className={`min-h-9 content-center rounded-md px-3 text-sm font-medium ${current ? "bg-navy-900 text-white" : "border border-slate-300 bg-white text-navy-900 hover:bg-slate-50"}`}
            >
              {PERIODS[key]}
            </Link>
          );
        })}
      </nav>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Choose dates">
        {activeFilters.map((key) => (
          <input key={key} type="hidden" name={key} value={filters[key]} />
        ))}
        <label className="flex flex-col text-sm font-medium text-navy-900">
          From
          <Input name="from" type="date" defaultValue={period.from} key={`f-${period.from}`} className="mt-1" required />
        </label>
        <label className="flex flex-col text-sm font-medium text-navy-900">
          To
          <Input name="to" type="date" defaultValue={period.to} key={`t-${period.to}`} className="mt-1" required />
        </label>
        <Button type="submit" variant="secondary">
          Show these dates
        </Button>
      </Form>

      <p className="mt-4 text-sm text-slate-700">
        Showing <strong className="text-navy-900">{periodText}</strong>, compared with {previousLabel}.
      </p>
      {query.problems.length > 0 && (
        <div role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {query.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {activeFilters.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
          <span className="text-sm text-slate-700">Only visits with</span>
          {activeFilters.map((key) => {
            const rest = { ...filters };
            delete rest[key];
            return (
              <Link
                key={key}
                to={href(rest)}
                className="inline-flex min-h-8 items-center gap-1 rounded-full border border-navy-900/20 bg-navy-50 px-3 text-sm text-navy-900 hover:bg-navy-100"
              >
                {FILTERS[key]}: <strong className="max-w-60 truncate">{filters[key] === NONE ? "none" : filters[key]}</strong>
                <span aria-hidden="true"> ×</span>
                <span className="sr-only"> (remove this filter)</span>
              </Link>
            );
          })}
          {activeFilters.length > 1 && (
            <Link to={href({})} className="text-sm font-medium text-navy-900 underline">
              Remove all filters
            </Link>
          )}
        </div>
      )}
      {dropped.length > 0 && (
        <div role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            Not every event was kept on {listOf(dropped.map((d) => `${dayText(d.day)} (${fmt(d.dropped)})`))}: more came in than the website
            keeps in a minute or a day, which shields its storage from a flood. The figures of those days are too low.
          </p>
        </div>
      )}
      {data.todayThrough !== null && (
        <p className="mt-3 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-700">
          Today is counted up to {formatDateTime(new Date(data.todayThrough))}: on a day this busy, today&rsquo;s visits are brought up to
          date every minute.
        </p>
      )}
      {data.source === "daily" && (
        <p className="mt-3 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-700">
          Single visits are kept {retentionDays} days; older days come from daily totals.
          {data.ignoredFilters.length > 0 &&
            ` Daily totals can be narrowed by one filter at a time: ${data.ignoredFilters.map((key) => FILTERS[key].toLowerCase()).join(", ")} is not applied.`}
          {data.listsUnfiltered &&
            " The lists below cannot be narrowed by a filter over this period: choose the last 30 days or fewer to see them."}
          {" Web Vitals and the places of phone and e-mail clicks cover the last "}
          {retentionDays} days only.
        </p>
      )}

      {empty ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-slate-700">
          <h2 className="text-lg font-semibold text-navy-900">No visits counted yet</h2>
          <p className="mt-2 max-w-2xl">
            Visits appear here within a few seconds of someone browsing the website. Not counted: visitors whose browser asks not to be
            tracked, search engines and other robots, and the signed-in staff pages. Come back after a few visits, or open the website in
            another browser to see your own.
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="totals-heading" className="mt-6">
            <h2 id="totals-heading" className="sr-only">
              Totals
            </h2>
            <Totals
              previousLabel={previousLabel}
              items={[
                {
                  label: "Visitors",
                  value: fmt(t.visitors),
                  change: changeText(t.visitors, previous.visitors),
                  hint: "Internet addresses, counted once a day",
                },
                {
                  label: "Visits",
                  value: fmt(t.visits),
                  change: changeText(t.visits, previous.visits),
                  hint: "A visit ends after 30 minutes without activity",
                },
                { label: "Page views", value: fmt(t.pageviews), change: changeText(t.pageviews, previous.pageviews), hint: "Pages opened" },
                {
                  label: "Pages per visit",
                  value: t.visits > 0 ? (t.pageviews / t.visits).toFixed(1) : "–",
                  change: changeText(ratio(t.pageviews, t.visits), ratio(previous.pageviews, previous.visits)),
                  hint: "Page views divided by visits",
                },
                {
                  label: "Bounce rate",
                  value: pct(t.bounces, t.visits),
                  change: changeText(ratio(t.bounces, t.visits), ratio(previous.bounces, previous.visits)),
                  hint: "Visits that saw one page and did not get in touch",
                },
                {
                  label: "Conversion rate",
                  value: pct(t.converted, t.visits),
                  change: changeText(ratio(t.converted, t.visits), ratio(previous.converted, previous.visits)),
                  hint: "Visits that sent a contact request the website stored",
                },
              ]}
            />
          </section>

          <div className="mt-4">
            <InsightsChart points={data.series} hourly={period.hourly} />
            <p className="mt-1 text-right text-xs">
              <a href={csv("series")} download className="font-medium text-navy-900 underline">
                Download these figures (CSV)
              </a>
            </p>
          </div>

          <section aria-labelledby="conversions-heading" className="mt-8">
            <h2 id="conversions-heading" className="text-xl font-semibold text-navy-900">
              Calls, e-mails and contact requests
            </h2>
            <p className="max-w-3xl text-sm text-slate-700">
              Contact requests are counted from the requests the website stored. Taps are reported by visitors' browsers, and a visit counts
              once however many it reports.
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {[
                ["Contact requests", t.leads, previous.leads],
                ["Visits with a phone tap", t.calls, previous.calls],
                ["Visits with an e-mail tap", t.emails, previous.emails],
              ].map(([label, value, before]) => (
                <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
                  <dt className="text-sm text-slate-700">{label}</dt>
                  <dd className="mt-1 text-2xl font-bold text-navy-900 tabular-nums">{fmt(value as number)}</dd>
                  <dd className="text-xs text-slate-700">{changeText(value as number, before as number) || "–"}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-4 grid gap-6 lg:grid-cols-2">
              <TopList
                title="Where phone and e-mail taps happen"
                heading="Place on the page"
                rows={data.clicks.map((c) => ({
                  value: `${c.kind === "phone_call" ? "Phone" : "E-mail"}: ${c.location ?? "elsewhere"}`,
                  visitors: 0,
                  visits: c.count,
                  pageviews: 0,
                  bounces: 0,
                  converted: 0,
                }))}
                columns={[{ label: "Visitors", cell: (r) => fmt(r.visits) }]}
                csvHref={csv("clicks")}
                noneLabel="elsewhere"
              />
              {filterList("campaign")}
            </div>
            <CampaignLeadsTable
              rows={campaignLeads}
              hrefFor={filterBy("campaign")}
              otherFilters={activeFilters
                .filter((key) => !(LEAD_FILTER_KEYS as readonly string[]).includes(key))
                .map((key) => FILTERS[key])}
            />
          </section>

          <section aria-labelledby="lists-heading" className="mt-8">
            <h2 id="lists-heading" className="text-xl font-semibold text-navy-900">
              Pages and sources
            </h2>
            <p className="text-sm text-slate-700">Choose a name in a list to see only those visits in every figure on this page.</p>
            <div className="mt-4 grid gap-6 lg:grid-cols-2">{SOURCE_LISTS.map(filterList)}</div>
          </section>
        </>
      )}

      <SearchesSection searches={searches} retentionDays={retentionDays} />

      <section aria-labelledby="vitals-heading" className="mt-8">
        <h2 id="vitals-heading" className="text-xl font-semibold text-navy-900">
          Page speed for real visitors
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">
          Measured in visitors' own browsers (Core Web Vitals). Each figure is what 3 in 4 visits got or better, rated by Google's
          thresholds: Good, Needs improvement or Poor.
          {data.vitalsSample !== null &&
            ` With this filter, they are those of a fixed sample of about ${fmt(data.vitalsSample)} of its ${fmt(t.visits)} visits.`}
        </p>
        {data.vitals.all.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
            No measurements in this period yet. Browsers report them as visitors read and leave pages.
          </p>
        ) : (
          <div className="mt-3 space-y-6">
            <VitalCards rows={data.vitals.all} />
            {VITAL_TABLES.map(({ group, ...view }) => (
              <VitalTable key={group} {...view} rows={data.vitals[group]} csvHref={csv(`vitals-${group}`)} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
