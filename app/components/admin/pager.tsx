import { ButtonLink } from "~/components/ui/button-link";

/** Previous / "Page N of M" / Next under an admin list; nothing when there is one page. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <ButtonLink to={href(page - 1)} prefetch="none" variant="secondary" size="sm" rel="prev">
          Previous
        </ButtonLink>
      ) : null}
      <span className="text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <ButtonLink to={href(page + 1)} prefetch="none" variant="secondary" size="sm" rel="next">
          Next
        </ButtonLink>
      ) : null}
    </nav>
  );
}
