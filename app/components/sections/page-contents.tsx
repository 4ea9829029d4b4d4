import { cn } from "~/lib/cn";

/**
 * A long page's contents beside its sections (the legal documents, the FAQ's topics): a link to
 * each section's anchor, kept in view on a wide screen. `ordered` for numbered sections.
 */
export function PageContents({
  headingId,
  title,
  links,
  ordered = false,
  listClassName,
}: {
  headingId: string;
  title: string;
  links: readonly { id: string; label: string }[];
  ordered?: boolean;
  listClassName?: string;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <nav aria-labelledby={headingId} className="lg:sticky lg:top-24 lg:self-start">
      <h2 id={headingId} className="text-sm font-semibold tracking-wider uppercase">
        {title}
      </h2>
      <List className={cn("mt-3 space-y-1", listClassName)}>
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} className="inline-block py-1 text-slate-700 hover:text-navy-900 hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </List>
    </nav>
  );
}
