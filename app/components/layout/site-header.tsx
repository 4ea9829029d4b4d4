import { lazy, Suspense, useEffect, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { NavLink as RouterNavLink, useLocation } from "react-router";

import { useAuth } from "~/components/auth/auth-context";
import { StaticContent } from "~/components/sections/static-content";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Icon } from "~/components/ui/icon";
import { adminMenu, hasAdminMenu, navigation } from "~/config/navigation";
import { hasPopovers } from "~/lib/popover";
import type { Viewer } from "~/lib/viewer";

import { useFacts, useFactsKey } from "./facts";
import { Logo } from "./logo";
import { NavDropdown } from "./nav-dropdown";
import { SearchField } from "./search-field";

const SIDE_MENU_ID = "side-menu";

// The phone menu is in every page the server sends, so its button opens it before any script
// has run; hydration keeps that markup (StaticContent) and the browser never needs the menu's
// code, unless the menu changes (someone signs in or out) and React renders it afresh.
// The server has it at once (a top-level await the client build drops, with its import).
const ServerSideMenu = import.meta.env.SSR ? (await import("./side-menu")).default : null;
const SideMenuContent = ServerSideMenu ?? lazy(() => import("./side-menu"));

/**
 * The main header bar (inside the fixed <header> with the top bar): logo, Services and Industries
 * dropdowns, About, Questions, Get Started. Its shadow past 50 px of scroll (`data-shadow` on
 * <html>, app/first-paint/scroll-marks.ts) comes at once: a transition repainted the bar in every frame of
 * its 200 ms, 13 ms of the frame of a tap that came with the scroll on a phone (ADR 025).
 */
export function SiteHeader({ viewer }: { viewer: Viewer }) {
  const { signOut } = useAuth();
  const { sales } = useFacts().phones;

  return (
    <div
      data-testid="site-header"
      data-click-location="header"
      className="header-blur h-16 border-b border-slate-200 bg-white/95 shadow-none in-data-shadow:border-transparent in-data-shadow:shadow-[0_4px_16px_rgba(11,31,58,0.12)]"
    >
      <div className="mx-auto grid h-full max-w-7xl grid-cols-[1fr_auto] items-center gap-4 px-4 sm:px-6 lg:grid-cols-[auto_1fr_auto] lg:gap-8">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavDropdown label="Services" links={navigation.services} allLink={navigation.allServices} />
            </li>
            <li>
              <NavDropdown label="Industries" links={navigation.industries} allLink={navigation.allIndustriesPage} />
            </li>
            {navigation.pages.map((link) => (
              <li key={link.href}>
                <RouterNavLink
                  to={link.href}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-md px-3 text-[0.9375rem] font-medium text-navy-900 hover:bg-slate-100 ${isActive ? "underline decoration-accent decoration-2 underline-offset-8" : ""}`
                  }
                >
                  {link.name}
                </RouterNavLink>
              </li>
            ))}
            {/* Last, in a left-aligned row: appearing once the session is known moves nothing. */}
            {hasAdminMenu(viewer) && (
              <li>
                <NavDropdown label="Admin" links={adminMenu(viewer)} />
              </li>
            )}
          </ul>
        </nav>
        <div className="flex items-center justify-end gap-2">
          {/* The site search field from 1024 px (signed in, with Account and Logout, from 1280 px);
              on smaller screens it is in the side menu. */}
          <SearchField id="site-search" place="header" className={viewer.signedIn ? "hidden xl:block" : "hidden w-40 lg:block xl:w-auto"} />
          {/* The search field and, signed in, Account and Logout need the room: the number itself
              shows below 1024 px and from 1280 px signed out, from 1536 px signed in. */}
          <a
            href={`tel:${sales.e164}`}
            className={`hidden min-h-11 items-center gap-2 rounded-md px-3 font-semibold whitespace-nowrap text-navy-900 hover:bg-slate-100 ${viewer.signedIn ? "2xl:inline-flex" : "md:inline-flex lg:hidden xl:inline-flex"}`}
          >
            <Icon name="phone" className="size-4" />
            {sales.display}
          </a>
          <a
            href={`tel:${sales.e164}`}
            className={`inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100 ${viewer.signedIn ? "2xl:hidden" : "md:hidden lg:inline-flex xl:hidden"}`}
          >
            <Icon name="phone" className="size-5" />
            <span className="sr-only">Call sales at {sales.display}</span>
          </a>
          {/* Get Started and Logout share one slot, so knowing the session shifts nothing. */}
          <span className="hidden sm:flex sm:items-center sm:gap-2">
            {viewer.signedIn ? (
              <>
                <RouterNavLink
                  to={navigation.account.href}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-navy-900 hover:bg-slate-100 ${isActive ? "underline decoration-accent decoration-2 underline-offset-8" : ""}`
                  }
                >
                  {navigation.account.name}
                </RouterNavLink>
                <Button type="button" variant="secondary" size="lg" onClick={() => void signOut()} className="w-[8.5rem]">
                  {navigation.logout.name}
                </Button>
              </>
            ) : (
              <ButtonLink to={navigation.getStarted.href} className="w-[8.5rem]">
                {navigation.getStarted.name}
              </ButtonLink>
            )}
          </span>
          <PhoneMenu viewer={viewer} onSignOut={() => void signOut()} />
        </div>
      </div>
    </div>
  );
}

/**
 * The menu button of small screens and the side menu it opens: a `<dialog popover>`, which the
 * browser opens and closes itself from the buttons' `popovertarget` (giving the button its
 * expanded state), before hydration too; Escape and a click outside close it. React adds what the
 * browser lacks: focus kept inside on Tab, a link or Logout closes it, any navigation closes it,
 * and a plain dialog where a browser has no popovers (docs/decisions/020-kept-content-loaded-on-change.md).
 */
function PhoneMenu({ viewer, onSignOut }: { viewer: Viewer; onSignOut: () => void }) {
  const { pathname } = useLocation();
  const factsKey = useFactsKey();
  const ref = useRef<HTMLDialogElement>(null);
  // Any navigation closes it (not hydration: a menu opened before it stays open).
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (ref.current) closeMenu(ref.current);
  }, [pathname]);

  // Tab wraps from the last control to the first and back, so focus stays in the open menu.
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
    if (target.closest("[data-sign-out]")) onSignOut();
    if (ref.current && target.closest(`a, [data-sign-out]${hasPopovers() ? "" : ", [data-close-menu]"}`)) closeMenu(ref.current);
  };

  return (
    <>
      <button
        type="button"
        popoverTarget={SIDE_MENU_ID}
        aria-haspopup="dialog"
        onClick={() => {
          const menu = ref.current;
          if (menu && !hasPopovers()) menu.show();
        }}
        className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100 lg:hidden"
      >
        <Icon name="menu" className="size-6" />
        <span className="sr-only">Open menu</span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={ref}
        id={SIDE_MENU_ID}
        popover="auto"
        aria-label="Menu"
        onClick={onClick}
        onKeyDown={onKeyDown}
        data-click-location="side_menu"
        className="side-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none border-0 bg-white p-0 shadow-2xl backdrop:bg-navy-950/60"
      >
        <StaticContent
          keptWhile={`${viewer.signedIn} ${viewer.isEditor} ${viewer.isAdmin} ${viewer.canWorkLeads} ${factsKey}`}
          className="h-full"
        >
          <Suspense fallback={null}>
            <SideMenuContent dialogId={SIDE_MENU_ID} viewer={viewer} />
          </Suspense>
        </StaticContent>
      </dialog>
    </>
  );
}

function closeMenu(menu: HTMLDialogElement): void {
  if (menu.open)
    menu.close(); // the plain dialog of a browser without popovers
  else if (hasPopovers() && menu.matches(":popover-open")) menu.hidePopover();
}
