import { StaticContent } from "~/components/sections/static-content";
import { Icon } from "~/components/ui/icon";
import { QUERY_MAX } from "~/search/query-limits";

/**
 * The site search field (docs/requirements/search.md): a plain GET form to /search, so it works
 * before the page's scripts run and without JavaScript. Once focused, the live results' code loads
 * (app/search/search-field-watch.ts) and makes the field an ARIA combobox with a listbox of results
 * as the visitor types. In the header it is kept as the server sent it (StaticContent): hydration
 * never touches it, and the live results' list added inside it is not React's. In the side menu it
 * is already inside the menu's kept content (`kept={false}`).
 */
export function SearchField({
  id,
  place,
  className,
  kept = true,
}: {
  id: string;
  place: "header" | "menu";
  className?: string;
  kept?: boolean;
}) {
  const form = (
    <form
      role="search"
      aria-label={place === "header" ? "Site" : "Site, in the menu"}
      action="/search"
      method="get"
      data-site-search={place}
      className="relative flex items-center"
    >
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <input
        id={id}
        type="search"
        name="q"
        maxLength={QUERY_MAX}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search"
        data-search-input=""
        className={`h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white pr-11 pl-3 text-base text-navy-900 placeholder:text-slate-500 ${place === "header" ? "xl:w-56" : ""}`}
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-md text-navy-900 hover:bg-slate-100"
      >
        <Icon name="search" className="size-5" />
        <span className="sr-only">Search</span>
      </button>
    </form>
  );
  if (!kept) return <div className={className}>{form}</div>;
  return (
    <StaticContent keptWhile="site-search" className={className}>
      {form}
    </StaticContent>
  );
}
