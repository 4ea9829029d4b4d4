/** GET /storage/v1/bucket: the buckets (administrators). */
import { requireAdminApi } from "~/auth/session.server";
import { errorResponse } from "~/storage/http.server";

import type { Route } from "./+types/bucket";

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireAdminApi(context.services, request);
    return Response.json(context.services.storage.listBuckets(), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
