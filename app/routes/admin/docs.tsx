import type { Route } from "./+types/docs";
import { requireAdmin } from "~/auth/session.server";

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** /admin/docs: the docs manager arrives with its own issue (#5); this is its place in the admin area. */
export default function AdminDocs() {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Docs</h1>
      <p className="mt-2 max-w-prose text-slate-700">
        The document library (staff documentation and the MLOE and STE collections) will be managed here.
      </p>
    </>
  );
}
