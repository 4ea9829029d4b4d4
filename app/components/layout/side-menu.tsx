import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { PhoneLink } from "~/components/ui/contact-links";
import { Icon } from "~/components/ui/icon";
import { adminMenu, hasAdminMenu, navigation, type NavLink } from "~/config/navigation";
import { site } from "~/config/site";
import type { Viewer } from "~/lib/viewer";

import { useFacts } from "./facts";
import { SearchField } from "./search-field";

function LinkGroup({ label, links, allLink }: { label: string; links: readonly NavLink[]; allLink?: NavLink }) {
  return (
    <details className="group border-b border-slate-200">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-1 text-base font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
        {label}
        <Icon
          name="chevron-down"
          className="size-5 transition-transform duration-150 group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <ul className="pb-3">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="block rounded-md px-3 py-2.5 text-navy-900 hover:bg-slate-100">
              {link.name}
            </Link>
          </li>
        ))}
        {allLink && (
          <li>
            <Link to={allLink.href} className="block rounded-md px-3 py-2.5 font-semibold text-accent hover:bg-slate-100">
              {allLink.name}
            </Link>
          </li>
        )}
      </ul>
    </details>
  );
}

/**
 * What the phone menu shows (the `<dialog>` around it is the header's: site-header.tsx). Markup
 * only, with no handler of its own: the server sends it in every page so that the menu button
 * opens it before any script has run, hydration keeps that markup as it is, and the dialog's
 * delegated handlers serve the close button, Logout and the links, whether this was rendered by
 * React or kept from the server (docs/decisions/020-kept-content-loaded-on-change.md).
 */
export default function SideMenuContent({ dialogId, viewer }: { dialogId: string; viewer: Viewer }) {
  const facts = useFacts();
  return (
    <div className="flex h-full flex-col overflow-y-auto px-5 pt-3 pb-8">
      <div className="flex items-center justify-between">
        <p className="text-lg font-bold text-navy-900">{site.brand}</p>
        <button
          type="button"
          popoverTarget={dialogId}
          popoverTargetAction="hide"
          data-close-menu=""
          className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100"
        >
          <Icon name="x" className="size-6" />
          <span className="sr-only">Close menu</span>
        </button>
      </div>
      <SearchField id="side-menu-search" place="menu" kept={false} className="mt-3" />
      <nav aria-label="Mobile" className="mt-4">
        <LinkGroup label="Services" links={navigation.services} allLink={navigation.allServices} />
        <LinkGroup label="Industries" links={navigation.industries} allLink={navigation.allIndustriesPage} />
        {hasAdminMenu(viewer) && <LinkGroup label="Admin" links={adminMenu(viewer)} />}
        <ul>
          {navigation.pages.map((link) => (
            <li key={link.href} className="border-b border-slate-200">
              <Link to={link.href} className="flex min-h-12 items-center px-1 text-base font-semibold text-navy-900">
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
        {viewer.signedIn && (
          <ButtonLink to={navigation.account.href} prefetch="none" variant="secondary" className="mt-6 w-full">
            {navigation.account.name}
          </ButtonLink>
        )}
        {viewer.signedIn ? (
          <Button type="button" data-sign-out="" variant="secondary" size="lg" className="mt-3 w-full">
            {navigation.logout.name}
          </Button>
        ) : (
          <ButtonLink to={navigation.getStarted.href} prefetch="none" className="mt-6 w-full">
            {navigation.getStarted.name}
          </ButtonLink>
        )}
      </nav>
      <div className="mt-8 space-y-2 text-sm text-slate-700">
        <p>
          Sales: <PhoneLink phone={facts.phones.sales} className="font-semibold text-navy-900 underline" />
        </p>
        <p>
          Client support: <PhoneLink phone={facts.phones.support} className="font-semibold text-navy-900 underline" />
        </p>
        <p>{facts.hours.business}</p>
        <p className="flex gap-4 pt-2">
          <a href={facts.portals.payment.href} className="font-medium text-navy-900 underline">
            {facts.portals.payment.name}
          </a>
          <a href={facts.portals.client.href} className="font-medium text-navy-900 underline">
            {facts.portals.client.name}
          </a>
        </p>
      </div>
    </div>
  );
}
