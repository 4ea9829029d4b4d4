import { Link, NavLink, Outlet, isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/auth/session.server";
import { site } from "~/config/site";
import { routeMeta } from "~/lib/meta";
import { AccessDenied } from "~/components/admin/access-denied";
import { ServerErrorContent } from "~/components/sections/error-content";

export const adminNavigation = [
  { name: "Docs", href: "/admin/docs" },
  { name: "Graphics", href: "/admin/graphics" },
] as const;

/** Every admin page is behind this guard on the server: no session → sign-in, no role → 403. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  return { email: user.email };
}

export const meta: Route.MetaFunction = ({ matches, location, error }) =>
  routeMeta(matches, {
    title: error ? "Access Denied" : "Administration",
    description: "Staff administration.",
    path: location.pathname,
    noindex: true,
  });

function Shell({ email, children }: { email?: string; children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="flex h-14 items-center justify-between px-4">
          <Link to="/" className="font-bold text-navy-900">
            {site.brand} <span className="font-normal text-slate-600">admin</span>
          </Link>
          {email && <p className="text-sm text-slate-700">{email}</p>}
        </div>
      </header>
      <div className="flex">
        <nav aria-label="Admin" className="w-48 shrink-0 border-r border-slate-200 bg-white p-3">
          <ul className="space-y-1">
            {adminNavigation.map((item) => (
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
        <main id="main" className="min-w-0 flex-1 p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <Shell email={email}>
      <Outlet />
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
      <ServerErrorContent />
    </main>
  );
}
