import { useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "react-router";

import adminStylesheet from "~/admin.css?url";
import { requireEditor, requireLeads } from "~/auth/session.server";
import { AccessDenied } from "~/components/admin/access-denied";
import { useAuth } from "~/components/auth/auth-context";
import { useLeaveWhenSignedOut } from "~/components/auth/use-leave-when-signed-out";
import { AccessCheck } from "~/components/feedback/access-check";
import { ActionMessage } from "~/components/feedback/action-message";
import { ErrorContent } from "~/components/sections/error-content";
import { Button } from "~/components/ui/button";
import { adminMenu, navigation, type NavLink as MenuLink } from "~/config/navigation";
import { prefixPattern } from "~/config/private-paths";
import { site } from "~/config/site";
import { SKELETON_DELAY_MS } from "~/config/ui";
import type { ActionSuccess } from "~/lib/action-result";
import { takeNotice } from "~/lib/flash-notice.server";
import { routeMeta } from "~/lib/meta";
import { useDelayedFlag } from "~/lib/use-delayed-flag";

import type { Route } from "./+types/layout";

/** The admin screens' own classes, after the site's stylesheet (ADR 024). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

/** The leads' pages and their CSV: staff who work leads open them (docs/requirements/leads.md#who-may-do-what). */
const LEADS_PATH = prefixPattern(["/admin/leads"], true);

/**
 * Every admin page is behind this guard on the server: no session → sign-in, no part of the admin
 * area → 403. The leads' pages let in whoever works leads (requireLeads: staff and administrators,
 * not editors); every other page editors and administrators (requireEditor), so staff meet Access
 * Denied there as before. Every page's own loader and action then checks its role (requireAdmin,
 * requireEditor for the content studio and the blog, requireLeads for the leads:
 * docs/requirements/accounts.md#roles). It also takes the notice an action left for this page
 * (app/lib/flash-notice.server.ts), and gives the menu of this person's roles.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const guard = LEADS_PATH.test(new URL(request.url).pathname) ? requireLeads : requireEditor;
  const me = await guard(context.services, request);
  const { notice, headers } = takeNotice(request);
  return data({ email: me.user.email, menu: adminMenu(me), notice }, { headers });
}

const toNotice = (message: string | null): ActionSuccess | undefined => (message ? { ok: true, intent: "notice", message } : undefined);

/**
 * The layout's data (the e-mail, the role, a notice) is not reloaded after an action that answers on its
 * page (a live preview, a rename, a save): only by going somewhere, a redirect included. So the
 * request of such an action can never take the notice meant for the page another one redirects to.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === undefined && defaultShouldRevalidate;

/**
 * The notice of the loader's answer, shown on the page it came with until the user moves on; an
 * answer without one (the layout's data reloaded on the same page) keeps it. The layout's loader
 * does not run on every admin navigation, so the notice is dropped when the location changes, and
 * stays dropped (back to that page too). One object per notice, so a re-render never moves the focus.
 */
function useNotice(answer: { notice: string | null }): ActionSuccess | undefined {
  const { key } = useLocation();
  const [shown, setShown] = useState(() => ({ answer, key, notice: toNotice(answer.notice) }));
  let next = shown;
  if (answer !== shown.answer) next = answer.notice ? { answer, key, notice: toNotice(answer.notice) } : { ...shown, answer };
  if (next.notice && next.key !== key) next = { ...next, notice: undefined };
  if (next !== shown) setShown(next);
  return next.key === key ? next.notice : undefined;
}

export const meta: Route.MetaFunction = ({ matches, location, error }) =>
  routeMeta(matches, {
    title: error ? "Access Denied" : "Administration",
    description: "Staff administration.",
    path: location.pathname,
    noindex: true,
  });

function Shell({ email, menu, notice, children }: { email: string; menu: MenuLink[]; notice?: ActionSuccess; children: React.ReactNode }) {
  const { signOut } = useAuth();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="flex h-14 items-center justify-between gap-3 px-4">
          <Link to="/" className="shrink-0 font-bold text-navy-900">
            {site.brand} <span className="font-normal text-slate-600">admin</span>
          </Link>
          {email && (
            <div className="flex min-w-0 items-center gap-3">
              <p className="hidden truncate text-sm text-slate-700 sm:block">{email}</p>
              <Link
                to={navigation.account.href}
                className="rounded px-2 py-1.5 text-sm font-semibold text-navy-900 underline-offset-4 hover:underline"
              >
                {navigation.account.name}
              </Link>
              <Button type="button" variant="secondary" size="sm" onClick={() => void signOut()}>
                {navigation.logout.name}
              </Button>
            </div>
          )}
        </div>
      </header>
      {/* Phones: the admin links in a row under the header; wider screens: a sidebar. */}
      <div className="md:flex md:min-h-[calc(100dvh-3.5rem)]">
        <nav
          aria-label="Admin"
          className="border-b border-slate-200 bg-white px-2 py-1 md:w-48 md:shrink-0 md:border-r md:border-b-0 md:p-3"
        >
          <ul className="flex gap-1 overflow-x-auto md:block md:space-y-1">
            {menu.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100"}`
                  }
                >
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {notice && <ActionMessage result={notice} margin="mb-4" />}
          {children}
        </main>
      </div>
    </div>
  );
}

export default function AdminLayout() {
  const answer = useLoaderData<typeof loader>();
  const notice = useNotice(answer);
  const { pathname } = useLocation();
  useLeaveWhenSignedOut();
  // Moving between admin pages re-runs the server's check: show it rather than the old page.
  const navigation = useNavigation();
  const checking = useDelayedFlag(navigation.state === "loading" && navigation.location.pathname !== pathname, SKELETON_DELAY_MS);
  return (
    <Shell email={answer.email} menu={answer.menu} notice={notice}>
      {checking ? <AccessCheck /> : <Outlet />}
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main id="main">
        <AccessDenied />
      </main>
    );
  }
  return (
    <main id="main">
      <ErrorContent error={error} />
    </main>
  );
}
