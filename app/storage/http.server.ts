/** HTTP pieces of the storage routes: JSON errors, a size-limited body reader, and file responses. */
import { z } from "zod";

import { hasControlCharacter } from "~/lib/control-characters";
import { log } from "~/lib/log.server";
import { BodyTooLargeError, readBodyLimited } from "~/lib/request-body.server";

import { CACHE_MAX_AGE_SECONDS, MAX_FILE_BYTES } from "./constants";
import { StorageError } from "./errors";
import type { ObjectInfo } from "./storage.server";

/** A string field of a storage API body: `min` to `max` characters, no control character (NUL included). */
export const textField = (max: number, min = 0) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((text) => !hasControlCharacter(text), "contains a control character (such as NUL), which no file name has.");

/**
 * Served files never run in the site's origin, even an SVG opened directly: no script, no
 * plugin, no outside load, a sandbox (opaque origin), and no content sniffing.
 */
export const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof StorageError) {
    // A body over the limit may still be arriving: answer, then close the connection rather than read it.
    const headers: Record<string, string> =
      error.code === "too_large" ? { "Cache-Control": "no-store", Connection: "close" } : { "Cache-Control": "no-store" };
    return Response.json({ code: error.code, message: error.message }, { status: error.status, headers });
  }
  log.error("Storage request failed:", error instanceof Error ? error.message : error);
  return Response.json(
    { code: "internal", message: "The file could not be handled just now. Try again." },
    { status: 500, headers: { "Cache-Control": "no-store" } },
  );
}

/** The request body, refused with too_large as soon as it is known to pass `limit` (never buffered past it). */
export async function readLimitedBody(request: Request, limit = MAX_FILE_BYTES): Promise<Uint8Array> {
  try {
    return await readBodyLimited(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new StorageError("too_large");
    throw error;
  }
}

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** A stored file (or its thumbnail) with its caching and safety headers; 304 when the ETag matches. */
export function fileResponse(
  request: Request,
  {
    info,
    data,
    contentType = info.contentType,
    etag = `"${info.sha256}"`,
    cacheControl = `public, max-age=${CACHE_MAX_AGE_SECONDS}`,
  }: {
    info: ObjectInfo;
    data: Buffer;
    contentType?: string;
    etag?: string;
    cacheControl?: string;
  },
): Response {
  const filename = info.name.slice(info.name.lastIndexOf("/") + 1);
  const headers = new Headers({
    "Cache-Control": cacheControl,
    ETag: etag,
    "Last-Modified": new Date(info.updatedAt).toUTCString(),
    "Content-Type": contentType === "image/svg+xml" ? "image/svg+xml; charset=utf-8" : contentType,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": FILE_CSP,
    "Content-Disposition": `inline; filename="${filename}"`,
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(data.byteLength));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(data), { status: 200, headers });
}

/** A short plain-text refusal for addresses people open in a browser (public and signed URLs). */
export const textResponse = (status: number, text: string) =>
  new Response(`${text}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });

/** A small JSON body (64 KB at most) checked with a zod schema; invalid_request otherwise. */
export async function readJson<T>(
  request: Request,
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
): Promise<T> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(await readLimitedBody(request, 64 * 1024)) || "{}");
  } catch (error) {
    if (error instanceof StorageError) throw new StorageError("invalid_request", "The request body is too large.");
    throw new StorageError("invalid_request", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StorageError("invalid_request", `${issue.path.map(String).join(".") || "body"}: ${issue.message}`);
  }
  return parsed.data;
}
