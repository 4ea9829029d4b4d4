import type { Route } from "./+types/leads";
import { requireAdmin } from "~/auth/session.server";

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** /admin/leads: the leads list arrives with its own issue (#4); this is its place in the admin area. */
export default function AdminLeads() {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Leads</h1>
      <p className="mt-2 max-w-prose text-slate-700">
        Contact-form leads will be listed and worked here.
      </p>
    </>
  );
}
