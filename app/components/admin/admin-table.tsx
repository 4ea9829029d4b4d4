import type { ReactNode } from "react";
import { Link } from "react-router";

export interface AdminColumn {
  label: string;
  className?: string;
}

/**
 * The table of an admin list: a white card that scrolls sideways on a phone, a caption for screen
 * readers and the column headings. The rows are its children. `regionLabel` makes the card a
 * labelled, focusable region, for a table whose rows hold nothing else the keyboard can reach.
 */
export function AdminTable({
  caption,
  columns,
  className = "",
  tableClassName = "",
  regionLabel,
  children,
}: {
  caption: string;
  columns: readonly AdminColumn[];
  className?: string;
  tableClassName?: string;
  regionLabel?: string;
  children: ReactNode;
}) {
  const region = regionLabel ? { role: "region", "aria-label": regionLabel, tabIndex: 0 } : {};
  return (
    // relative: absolutely positioned content (the rows' visually hidden labels) scrolls and clips with the table, not the page.
    <div {...region} className={`relative overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}>
      <table className={`w-full border-collapse text-left text-sm ${tableClassName}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wider text-slate-600 uppercase">
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`p-3 ${column.className ?? ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The heading cell of a row that opens an editor (a document, a post): the title as the link, the slug under it. */
export function TitleCell({ to, title, slug }: { to: string; title: string; slug: string }) {
  return (
    <th scope="row" className="p-3 font-medium">
      <Link to={to} className="text-navy-900 underline decoration-slate-300 underline-offset-4 hover:decoration-accent">
        {title}
      </Link>
      <span className="mt-0.5 block font-mono text-xs font-normal break-all text-slate-600">{slug}</span>
    </th>
  );
}

/** The first cell of a list of things that happened (leads, audit entries): when, on one line, readable by machines too. */
export function TimeCell({ iso, text }: { iso: string; text: string }) {
  return (
    <td className="p-3 whitespace-nowrap text-slate-700">
      <time dateTime={iso}>{text}</time>
    </td>
  );
}
