/**
 * POST /storage/v1/object/move and /storage/v1/object/copy {bucketId, sourceKey, destinationKey}:
 * administrators. The destination is checked like an upload's name and keeps the type's extension.
 */
import { z } from "zod";

import { requireAdminApi } from "~/auth/session.server";
import { errorResponse, readJson, textField } from "~/storage/http.server";

import type { Route } from "./+types/object-transfer";

const transferSchema = z.object({
  bucketId: textField(63, 1),
  sourceKey: textField(1000, 1),
  destinationKey: textField(1000, 1),
});

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await requireAdminApi(context.services, request);
    const { bucketId, sourceKey, destinationKey } = await readJson(request, transferSchema);
    const store = context.services.storage;
    const copy = new URL(request.url).pathname.endsWith("/copy");
    const info = copy ? await store.copy(bucketId, sourceKey, destinationKey) : await store.move(bucketId, sourceKey, destinationKey);
    return Response.json(
      { message: copy ? "Copied" : "Moved", Key: `${info.bucket}/${info.name}`, ...info },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorResponse(error);
  }
}
