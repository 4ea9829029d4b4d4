/** POST /storage/v1/object/list/:bucket {prefix, search, limit, offset, sortBy}: administrators; the defaults of docs/requirements/blog-and-documents.md#graphics. */
import { z } from "zod";

import { requireAdminApi } from "~/auth/session.server";
import { LIST_DEFAULTS, LIST_MAX_LIMIT, SORT_COLUMNS } from "~/storage/constants";
import { errorResponse, readJson, textField } from "~/storage/http.server";

import type { Route } from "./+types/object-list";

const listSchema = z.object({
  prefix: textField(255).optional(),
  search: textField(255).optional(),
  limit: z.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULTS.limit),
  offset: z.number().int().min(0).default(LIST_DEFAULTS.offset),
  sortBy: z.object({ column: z.enum(SORT_COLUMNS), order: z.enum(["asc", "desc"]).default("asc") }).default({ ...LIST_DEFAULTS.sortBy }),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    await requireAdminApi(context.services, request);
    const options = await readJson(request, listSchema);
    return Response.json(await context.services.storage.list(params.bucket, options), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
