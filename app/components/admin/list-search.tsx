import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
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

/**
 * The filter card of a list searched with other filters beside (documents, posts): a GET form in a
 * white card, the search box first, then `children` (the other filters), the submit button, and
 * while the list is narrowed, `clear`: the link back to all of it.
 */
export function ListFilters({
  label,
  searchLabel,
  q,
  submitLabel,
  clear,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  searchLabel: string;
  q: string;
  submitLabel: string;
  clear?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mt-5 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <label className="flex min-w-0 flex-1 basis-56 flex-col text-sm font-medium text-navy-900">
        {searchLabel}
        <Input type="search" name="q" defaultValue={q} maxLength={200} className="mt-1 block w-full" />
      </label>
      {children}
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
      {clear && (
        <Link
          to={clear.to}
          className="inline-flex min-h-10 items-center text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          {clear.label}
        </Link>
      )}
    </Form>
  );
}

/** A choice among a list's filters (ListFilters' children): `options` maps each value to its label, in order. */
export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: Record<string, string>;
}) {
  return (
    <label className="flex flex-col text-sm font-medium text-navy-900">
      {label}
      <Select name={name} defaultValue={value} className="mt-1 block">
        {Object.entries(options).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </Select>
    </label>
  );
}
