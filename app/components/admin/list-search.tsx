import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

/**
 * The search box of an admin list: a GET form (it works without JavaScript and its address can be
 * shared), the search kept in the box, and "Clear search" while one is active. `children`: hidden
 * fields that the search keeps (a status filter).
 */
export function ListSearch({
  label,
  q,
  clearHref,
  className,
  children,
}: {
  label: string;
  q: string;
  clearHref: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className={cn("flex flex-wrap items-end gap-2", className)}>
      {children}
      <label className="flex w-full flex-col text-sm font-medium text-navy-900 sm:w-auto">
        {label}
        <Input name="q" type="search" defaultValue={q} key={q} maxLength={200} className="mt-1 w-full sm:w-72" />
      </label>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {q && (
        <Link to={clearHref} className="min-h-10 content-center px-2 text-sm font-medium text-navy-900 underline">
          Clear search
        </Link>
      )}
    </Form>
  );
}
