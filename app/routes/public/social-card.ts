import { socialCardResponse } from "~/social-cards/social-cards.server";

import type { Route } from "./+types/social-card";

/**
 * /og/<page>.png: the page's social card, a 1200×630 PNG made at its first request and kept in
 * memory (docs/requirements/public-site.md#social-cards, ADR 033). Anyone may read it, like the page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return socialCardResponse(request, params["*"] ?? "", context.services.content.published(), context.services.db);
}
