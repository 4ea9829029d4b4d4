/**
 * /storage/v1/object/sign/:bucket/<name>
 *   GET ?token=…  the file, for anyone holding a valid, unexpired signed URL (cached privately,
 *                 never past the expiry)
 *   POST {"expiresIn": seconds}  administrators: create a signed URL (at most 7 days)
 */
import { z } from "zod";

import { requireAdminApi } from "~/auth/session.server";
import { CACHE_MAX_AGE_SECONDS, isBucket, MAX_SIGNED_URL_SECONDS } from "~/storage/constants";
import { isStorageError } from "~/storage/errors";
import { errorResponse, fileResponse, readJson, textResponse } from "~/storage/http.server";

import type { Route } from "./+types/object-sign";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const name = params["*"];
  if (!isBucket(params.bucket) || !name) return textResponse(404, "Not found.");
  const store = context.services.storage;
  const check = store.verifySignedUrl(params.bucket, name, new URL(request.url).searchParams.get("token"));
  if (!check.ok) {
    if (check.reason === "malformed") return textResponse(400, "Invalid signed URL: the token is missing or malformed.");
    if (check.reason === "expired") return textResponse(403, "This signed URL has expired. Ask for a new link.");
    return textResponse(403, "Invalid signed URL: it does not match this file.");
  }
  try {
    const remaining = Math.floor((check.expiresAt - Date.now()) / 1000);
    const maxAge = Math.max(0, Math.min(CACHE_MAX_AGE_SECONDS, remaining));
    return fileResponse(request, { ...(await store.download(params.bucket, name)), cacheControl: `private, max-age=${maxAge}` });
  } catch (error) {
    if (isStorageError(error)) return textResponse(404, "Not found.");
    throw error;
  }
}

const signSchema = z.object({ expiresIn: z.number().int().min(1).max(MAX_SIGNED_URL_SECONDS) });

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    await requireAdminApi(context.services, request);
    if (request.method.toUpperCase() !== "POST")
      return Response.json({ code: "invalid_request", message: "Use POST." }, { status: 405, headers: { Allow: "GET, POST" } });
    const { expiresIn } = await readJson(request, signSchema);
    const signed = await context.services.storage.createSignedUrl(params.bucket, params["*"] ?? "", expiresIn);
    return Response.json({ signedURL: signed.path, ...signed }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
