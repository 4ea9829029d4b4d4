import type { Route } from "./+types/graphics";
import { requireAdmin } from "~/auth/session.server";

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** /admin/graphics: the graphics manager arrives with its own issue (#5); this is its place in the admin area. */
export default function AdminGraphics() {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Graphics</h1>
      <p className="mt-2 max-w-prose text-slate-700">
        Images for the site (upload, preview, rename, copy links) will be managed here.
      </p>
    </>
  );
}
