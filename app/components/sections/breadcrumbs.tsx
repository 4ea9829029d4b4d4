import { Link } from "react-router";

import { Icon } from "~/components/ui/icon";
import type { Crumb } from "~/lib/seo";

/** Visible breadcrumbs; the same list feeds the BreadcrumbList JSON-LD. The last item is the page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const all = [{ name: "Home", path: "/" }, ...items];
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-300">
        {all.map((crumb, i) => (
          <li key={crumb.path} className="flex items-center gap-1">
            {i > 0 && <Icon name="chevron-right" className="size-4 text-slate-400" />}
            {i === all.length - 1 ? (
              <span aria-current="page" className="text-white">
                {crumb.name}
              </span>
            ) : (
              <Link to={crumb.path} className="underline-offset-4 hover:text-white hover:underline">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
