/**
 * The server side of /search (the route module beside it, docs/requirements/search.md): the
 * answer of app/search/search.server.ts with its status (400 for what cannot be searched, 429 past
 * the per-address limit), never stored by a cache. The first page of a search is told to Insights
 * from this request (docs/requirements/insights.md#searches).
 */
import { data } from "react-router";

import { PAGE_SIZE } from "~/search/search-rules";
import { answerSearch } from "~/search/search.server";

import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const answer = await answerSearch(context.services.db, url, context.clientAddress, { pageSize: PAGE_SIZE, paged: true });
  if (answer.kind === "results" && answer.outcome.page === 1)
    context.services.insights.recordSearch(request, context.clientAddress, answer.query, answer.outcome.total);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (answer.kind === "refused" && answer.retryAfterSeconds) headers["Retry-After"] = String(answer.retryAfterSeconds);
  return data(answer, { status: answer.status, headers });
}
