import { Link } from "react-router";

import { Icon } from "~/components/ui/icon";
import type { CatalogEntry } from "~/content/types";

/** Cards for services, industries or cities: icon, name, one-line promise, link. */
export function CardGrid({ entries, headingLevel = 3 }: { entries: readonly CatalogEntry[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map((entry) => (
        <li key={entry.href}>
          <Link
            to={entry.href}
            prefetch="intent"
            className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow duration-150 hover:border-navy-700/30 hover:shadow-md motion-reduce:transition-none"
          >
            <span className="inline-flex size-11 items-center justify-center rounded-lg bg-navy-100 text-navy-800">
              <Icon name={entry.icon} className="size-6" />
            </span>
            <Heading className="mt-4 text-lg font-semibold">{entry.name}</Heading>
            <p className="mt-2 flex-1 text-slate-700">{entry.summary}</p>
            <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-accent">
              Learn more<span className="sr-only"> about {entry.name}</span>
              <Icon
                name="arrow-right"
                className="size-4 transition-transform duration-150 group-hover:translate-x-0.5 motion-reduce:transition-none"
              />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
