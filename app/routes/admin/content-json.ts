/**
 * GET /admin/content.json: every content item as one JSON file (docs/requirements/content-studio.md#content-export-and-import),
 * its published data and its draft, for a copy of the site's content (staging to production, a
 * backup). Import is the list page's form (app/routes/admin/content.tsx).
 */
import { requireEditor } from "~/auth/session.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/private-caching";
import { exportContent } from "~/studio/transfer.server";

import type { Route } from "./+types/content-json";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireEditor(context.services, request);
  const file = await exportContent(context.services.db);
  const day = file.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="content-${day}.json"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
