/** GET /storage/v1/bucket: the buckets (administrators). */
import type { Route } from "./+types/bucket";
import { requireAdminApi } from "~/auth/session.server";
import { errorResponse } from "~/storage/http.server";
import { storage } from "~/storage/storage.server";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireAdminApi(request);
    return Response.json((await storage()).listBuckets(), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
