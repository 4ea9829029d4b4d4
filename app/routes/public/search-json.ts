/**
 * /search.json?q=: the header field's live results (docs/requirements/search.md), the first
 * LIVE_RESULTS of the same search as /search, as JSON: { query, total, hits: [{ url, kind, title,
 * snippet }] } (title and snippet with their matched words between U+0002 and U+0003, which the
 * browser turns into <mark> elements, never into markup). What cannot be searched: 400 with
 * { error }; past the per-address limit (shared with /search): 429. Not told to Insights: a
 * search is counted when it is made on /search.
 */
import { LIVE_RESULTS, type LiveAnswer } from "~/search/search-rules";
import { answerSearch } from "~/search/search.server";

import type { Route } from "./+types/search-json";

/** JSON with <, > and & escaped: the query typed comes back in it, and is never markup to anything that reads it. */
const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(
    JSON.stringify(body).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
    {
      status,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex", ...headers },
    },
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await answerSearch(context.services.db, new URL(request.url), context.clientAddress, {
    pageSize: LIVE_RESULTS,
    paged: false,
  });
  if (answer.kind === "form") return json({ query: "", total: 0, hits: [] } satisfies LiveAnswer, 200);
  if (answer.kind === "refused")
    return json(
      { error: answer.message },
      answer.status,
      answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {},
    );
  return json({ query: answer.query, total: answer.outcome.total, hits: answer.outcome.hits } satisfies LiveAnswer, 200);
}
