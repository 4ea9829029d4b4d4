import { Link } from "react-router";

import { site } from "~/config/site";

/** The wordmark: a simple crossroads mark and the brand name. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link
      to="/"
      className={`inline-flex min-h-11 items-center gap-2 rounded-md font-bold tracking-tight ${inverse ? "text-white" : "text-navy-900"}`}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" className="fill-navy-900" />
        <path d="M16 5v22M5 16h22" className="stroke-white" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="16" cy="16" r="4.5" className="fill-accent-bright" />
      </svg>
      <span className="text-lg whitespace-nowrap">{site.brand}</span>
    </Link>
  );
}
