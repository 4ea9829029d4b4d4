import { Icon } from "~/components/ui/icon";
import type { Feature } from "~/content/types";
import { cn } from "~/lib/cn";

export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 }) {
  return (
    <ul className={cn("grid gap-x-8 gap-y-8 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3")}>
      {items.map((item) => (
        <li key={item.title} className="border-l-4 border-navy-100 pl-5">
          <h3 className="text-lg font-semibold">{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-3", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Icon name="check" className="mt-1 size-5 shrink-0 text-emerald-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
