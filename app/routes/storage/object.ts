/**
 * /storage/v1/object/:bucket/<name> (administrators only, JSON errors):
 *   POST  upload the raw request body as <name> (header x-upsert: true replaces an existing file)
 *   PUT   upload, replacing an existing file
 *   GET   download (not cached)
 *   DELETE delete
 * /storage/v1/object/:bucket with DELETE and {"prefixes": [names]} deletes several.
 * The type comes from the content; the answer names the stored object (its extension may differ).
 */
import { z } from "zod";

import { requireAdminApi } from "~/auth/session.server";
import { StorageError } from "~/storage/errors";
import { errorResponse, fileResponse, readJson, readLimitedBody, textField } from "~/storage/http.server";

import type { Route } from "./+types/object";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    await requireAdminApi(context.services, request);
    if (!params["*"]) throw new StorageError("invalid_name", "No file name in the address.");
    const file = await context.services.storage.download(params.bucket, params["*"]);
    return fileResponse(request, { ...file, cacheControl: "private, no-cache" });
  } catch (error) {
    return errorResponse(error);
  }
}

const removeSchema = z.object({ prefixes: z.array(textField(1000)).min(1).max(1000) });

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const me = await requireAdminApi(context.services, request);
    const store = context.services.storage;
    const name = params["*"];
    const method = request.method.toUpperCase();
    if (method === "DELETE") {
      const names = name ? [name] : (await readJson(request, removeSchema)).prefixes;
      const removed = await store.remove(params.bucket, names);
      if (name && removed.length === 0) throw new StorageError("not_found");
      return Response.json({ removed }, { headers: { "Cache-Control": "no-store" } });
    }
    if (method !== "POST" && method !== "PUT")
      return Response.json(
        { code: "invalid_request", message: "Use POST, PUT or DELETE." },
        { status: 405, headers: { Allow: "GET, POST, PUT, DELETE" } },
      );
    if (!name) throw new StorageError("invalid_name", "No file name in the address.");
    const upsert = method === "PUT" || request.headers.get("x-upsert") === "true";
    const bytes = await readLimitedBody(request);
    const info = await store.upload(params.bucket, name, bytes, { upsert, ownerId: me.user.id });
    return Response.json(
      { Key: `${info.bucket}/${info.name}`, ...info, publicUrl: store.getPublicUrl(info.bucket, info.name).publicUrl },
      { status: 200, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorResponse(error);
  }
}
