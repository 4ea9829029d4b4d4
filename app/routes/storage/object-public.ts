/** GET /storage/v1/object/public/:bucket/<name>: a file of a public bucket, for anyone, cached for an hour. */
import { BUCKETS, isBucket } from "~/storage/constants";
import { isStorageError } from "~/storage/errors";
import { fileResponse, textResponse } from "~/storage/http.server";

import type { Route } from "./+types/object-public";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isBucket(params.bucket) || !BUCKETS[params.bucket].public || !params["*"]) return textResponse(404, "Not found.");
  try {
    return fileResponse(request, await context.services.storage.download(params.bucket, params["*"]));
  } catch (error) {
    if (isStorageError(error)) return textResponse(404, "Not found.");
    throw error;
  }
}
