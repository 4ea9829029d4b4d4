import type { ReactNode } from "react";

import type { Crumb } from "~/lib/seo";

import { Breadcrumbs } from "./breadcrumbs";
import { StaticContent } from "./static-content";

/** The top of an inner page: breadcrumbs, eyebrow, H1, intro and actions on navy. */
export function PageHero({
  eyebrow,
  title,
  intro,
  breadcrumbs,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  breadcrumbs?: Crumb[];
  children?: ReactNode;
}) {
  return (
    <div className="on-dark bg-gradient-to-br from-navy-950 via-navy-900 to-navy-800 text-slate-200">
      <StaticContent className="mx-auto max-w-7xl px-4 pt-8 pb-14 sm:px-6 sm:pb-20">
        {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
        <div className="mt-8 max-w-3xl">
          {eyebrow && <p className="text-sm font-semibold tracking-wider text-accent-bright uppercase">{eyebrow}</p>}
          <h1 className="mt-2 text-[clamp(2rem,1.3rem+3vw,3.25rem)] leading-tight font-bold tracking-tight text-white">{title}</h1>
          {intro && <p className="mt-5 text-lg leading-relaxed text-slate-200 sm:text-xl">{intro}</p>}
          {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
        </div>
      </StaticContent>
    </div>
  );
}
