import { PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";

import { useFacts } from "./facts";

/**
 * Client support phone and the two portals (docs/requirements/public-site.md#layout). Shown only at scroll
 * position 0: hidden (from sight and from screen readers) while the page is marked `data-away`
 * (app/first-paint/scroll-marks.ts).
 */
export function TopBar() {
  const facts = useFacts();
  const portals = [
    { portal: facts.portals.payment, icon: "credit-card" },
    { portal: facts.portals.client, icon: "monitor-smartphone" },
  ] as const;
  const portalClass =
    "inline-flex min-h-6 items-center gap-1.5 rounded-sm text-white/90 underline-offset-4 hover:text-white hover:underline";
  return (
    <div
      data-testid="top-bar"
      data-click-location="top_bar"
      className="visible h-10 bg-navy-950 text-sm text-white transition-[visibility] duration-200 in-data-away:invisible motion-reduce:transition-none"
    >
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <p className="flex items-center gap-1.5">
          <Icon name="headset" className="hidden size-4 sm:block" />
          <span className="hidden sm:inline">Client support:</span>
          <PhoneLink phone={facts.phones.support} className="font-semibold text-white underline-offset-4 hover:underline" />
        </p>
        <ul className="flex items-center gap-4">
          {portals.map(({ portal, icon }) => (
            <li key={portal.href}>
              <a href={portal.href} className={portalClass} rel="noopener" target="_blank">
                <Icon name={icon} className="hidden size-4 sm:block" />
                {portal.name}
                <Icon name="external-link" className="size-3" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
