/** GET /storage/v1/render/image/public/:bucket/<name>: the WebP thumbnail (320 px at most) of a public file. */
import { BUCKETS, isBucket } from "~/storage/constants";
import { isStorageError } from "~/storage/errors";
import { fileResponse, textResponse } from "~/storage/http.server";

import type { Route } from "./+types/render-image";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isBucket(params.bucket) || !BUCKETS[params.bucket].public || !params["*"]) return textResponse(404, "Not found.");
  try {
    const thumb = await context.services.storage.thumbnail(params.bucket, params["*"]);
    return fileResponse(request, { ...thumb, contentType: "image/webp", etag: `"${thumb.info.sha256}-thumb"` });
  } catch (error) {
    if (isStorageError(error)) return textResponse(404, "Not found.");
    throw error;
  }
}
