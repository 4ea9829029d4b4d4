import { Icon } from "~/components/ui/icon";
import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { NavLink as RouterNavLink, useLocation } from "react-router";
import { useAuth } from "~/auth/auth-context";
import { navigation } from "~/config/navigation";
import { site } from "~/config/site";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Logo } from "./logo";
import { NavDropdown } from "./nav-dropdown";
import type { Viewer } from "~/lib/viewer";

const SIDE_MENU_ID = "side-menu";

// The phone menu's code is not part of the page's first load: it is fetched once the page is idle
// after hydration (where the menu button shows), or when first wanted (the pointer going down on
// its button, a tap), whichever comes first.
const loadSideMenu = () => import("./side-menu");
const SideMenu = lazy(loadSideMenu);
/** Tailwind's `lg`: from here the header shows the full navigation and no menu button. */
const WIDE_SCREEN = "(min-width: 64rem)";

/** The main header bar (inside the fixed <header> with the top bar): logo, Services and Industries dropdowns, About, Questions, Get Started. */
export function SiteHeader({ scrolled, viewer }: { scrolled: boolean; viewer: Viewer }) {
  const { signOut } = useAuth();

  return (
    <div
      data-testid="site-header"
      data-click-location="header"
      className={`h-16 border-b bg-white/95 backdrop-blur transition-shadow duration-200 motion-reduce:transition-none ${
        scrolled ? "border-transparent shadow-[0_4px_16px_rgba(11,31,58,0.12)]" : "border-slate-200 shadow-none"
      }`}
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
            {viewer.isAdmin && (
              <li>
                <NavDropdown label="Admin" links={navigation.admin} />
              </li>
            )}
          </ul>
        </nav>
        <div className="flex items-center justify-end gap-2">
          {/* Signed in, Account and Logout need the room: the number itself shows from 1280 px. */}
          <a
            href={`tel:${site.phones.sales.e164}`}
            className={`hidden min-h-11 items-center gap-2 rounded-md px-3 font-semibold whitespace-nowrap text-navy-900 hover:bg-slate-100 ${viewer.signedIn ? "xl:inline-flex" : "md:inline-flex"}`}
          >
            <Icon name="phone" className="size-4" />
            {site.phones.sales.display}
          </a>
          <a
            href={`tel:${site.phones.sales.e164}`}
            className={`inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100 ${viewer.signedIn ? "xl:hidden" : "md:hidden"}`}
          >
            <Icon name="phone" className="size-5" />
            <span className="sr-only">Call sales at {site.phones.sales.display}</span>
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
 * The menu button of small screens and the side menu it opens. Its state lives here, so a tap
 * renders the button and the menu, not the whole header.
 */
function PhoneMenu({ viewer, onSignOut }: { viewer: Viewer; onSignOut: () => void }) {
  const { pathname } = useLocation();
  // The menu is open "at" a path, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const [menuWanted, setMenuWanted] = useState(false);

  // Ready before the first tap: the code fetched and the (closed) menu rendered while the page is
  // idle, so a tap opens it at once, with nothing to fetch or to load first.
  useEffect(() => {
    if (typeof window.matchMedia !== "function" || window.matchMedia(WIDE_SCREEN).matches) return;
    const prepare = () =>
      void loadSideMenu().then(
        () => startTransition(() => setMenuWanted(true)),
        () => {},
      );
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(prepare, 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(prepare, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        aria-controls={SIDE_MENU_ID}
        onPointerDown={() => void loadSideMenu()}
        onClick={() => {
          setMenuWanted(true);
          setMenuOpenAt(pathname);
        }}
        className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-slate-100 lg:hidden"
      >
        <Icon name="menu" className="size-6" />
        <span className="sr-only">Open menu</span>
      </button>
      {menuWanted && (
        <Suspense fallback={null}>
          <SideMenu id={SIDE_MENU_ID} open={menuOpen} onClose={() => setMenuOpenAt(null)} viewer={viewer} onSignOut={onSignOut} />
        </Suspense>
      )}
    </>
  );
}
