import { Icon } from "~/components/ui/icon";
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { Link } from "react-router";
import { navigation, type NavLink } from "~/config/navigation";
import { site } from "~/config/site";
import { PhoneLink } from "~/components/ui/contact-links";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import type { Viewer } from "~/lib/viewer";

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
 * The slide-in menu for small screens: a modal <dialog>, so focus stays inside while it is open
 * and Escape closes it. It closes on navigation (the layout closes it when the path changes,
 * and any link click inside closes it too, for links to the current page).
 */
export default function SideMenu({
  id,
  open,
  onClose,
  viewer,
  onSignOut,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  viewer: Viewer;
  onSignOut: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A modal dialog makes the page inert, but Tab can still leave for the browser's own UI:
  // wrap focus from the last control to the first and back, so it stays in the menu.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>("a[href], button, summary")].filter((el) =>
      el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    const target = event.target as HTMLElement;
    // A click on the backdrop lands on the dialog element itself.
    if (target === ref.current || target.closest("a")) onClose();
  };

  return (
    // Escape is handled by <dialog> itself; the click handler only adds backdrop and link clicks.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id={id}
      aria-label="Menu"
      onClose={onClose}
      onClick={onClick}
      onKeyDown={onKeyDown}
      data-click-location="side_menu"
      className="side-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-white p-0 shadow-2xl backdrop:bg-navy-950/60"
    >
      <div className="flex h-full flex-col overflow-y-auto px-5 pb-8 pt-3">
        <div className="flex items-center justify-between">
          <p className="text-lg font-bold text-navy-900">{site.brand}</p>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100"
          >
            <Icon name="x" className="size-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-4">
          <LinkGroup label="Services" links={navigation.services} allLink={navigation.allServices} />
          <LinkGroup label="Industries" links={navigation.industries} allLink={navigation.allIndustriesPage} />
          {viewer.isAdmin && <LinkGroup label="Admin" links={navigation.admin} />}
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
            <Button
              type="button"
              onClick={() => {
                onSignOut();
                onClose();
              }}
              variant="secondary"
              size="lg"
              className="mt-3 w-full"
            >
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
            Sales: <PhoneLink phone={site.phones.sales} className="font-semibold text-navy-900 underline" />
          </p>
          <p>
            Client support: <PhoneLink phone={site.phones.support} className="font-semibold text-navy-900 underline" />
          </p>
          <p>{site.hours.business}</p>
          <p className="flex gap-4 pt-2">
            <a href={site.portals.payment.href} className="font-medium text-navy-900 underline">
              {site.portals.payment.name}
            </a>
            <a href={site.portals.client.href} className="font-medium text-navy-900 underline">
              {site.portals.client.name}
            </a>
          </p>
        </div>
      </div>
    </dialog>
  );
}
