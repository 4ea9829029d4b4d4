import type { ReactNode } from "react";

import { ButtonLink } from "~/components/ui/button-link";

/**
 * The top of an admin list whose items are written here (documents, posts): its heading, the link
 * to a new item, and `children`, the intro under them.
 */
export function ListHeader({ title, newTo, newLabel, children }: { title: string; newTo: string; newLabel: string; children: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <ButtonLink to={newTo} prefetch="none" size="md">
          {newLabel}
        </ButtonLink>
      </div>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{children}</p>
    </>
  );
}

/** What such a list shows in place of its table when nothing is listed: why, and `children`, what to do next (none: no line). */
export function EmptyList({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold text-navy-900">{title}</p>
      {children && <p className="mt-1 text-sm text-slate-700">{children}</p>}
    </div>
  );
}
