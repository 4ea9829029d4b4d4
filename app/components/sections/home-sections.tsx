import { Link } from "react-router";

import { useFacts } from "~/components/layout/facts";
import { Icon } from "~/components/ui/icon";
import { officesByState } from "~/config/site";
import type { Feature } from "~/content/types";
import { listOf } from "~/lib/list-of";

/** The four trust statistics (docs/requirements/public-site.md#content), exactly as configured. */
export function StatsBand() {
  const { trustStats } = useFacts();
  return (
    <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
      {trustStats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse rounded-xl border border-white/15 bg-white/5 p-6 text-center">
          <dt className="mt-2 text-sm font-medium tracking-wider text-slate-300 uppercase">{stat.label}</dt>
          <dd className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Assessment, Strategy, Implementation, Optimization. */
export function ApproachSteps({ steps }: { steps: readonly Feature[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, i) => (
        <li key={step.title} className="relative rounded-xl border border-slate-200 bg-white p-6">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-navy-900 font-bold text-white"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Compliance frameworks as typographic badges. */
export function ComplianceBadges() {
  const { compliance } = useFacts();
  return (
    <ul className="flex flex-wrap gap-3">
      {compliance.map((name) => (
        <li
          key={name}
          className="inline-flex items-center gap-2 rounded-full border-2 border-navy-900/15 bg-white px-5 py-2.5 font-semibold text-navy-900"
        >
          <Icon name="shield-check" className="size-5 text-emerald-700" />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** Offices by state, each linking to its city page, with the states also served. */
export function OfficeList({ showAddress = false }: { showAddress?: boolean }) {
  const facts = useFacts();
  return (
    <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
      {officesByState(facts).map(({ state, stateName, offices }) => (
        <div key={state}>
          <h3 className="text-lg font-semibold">{stateName}</h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {offices.map((office) => (
              <li key={office.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <Link to={office.href} className="font-semibold text-accent underline-offset-4 hover:underline">
                  {office.city} IT support
                </Link>
                {showAddress && (
                  <p className="mt-1 text-sm text-slate-700">
                    {office.street}, {office.city}, {office.state} {office.postalCode}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="text-slate-700 md:col-span-2">We also support businesses in {listOf(facts.statesAlsoServed, { serialComma: true })}.</p>
    </div>
  );
}
