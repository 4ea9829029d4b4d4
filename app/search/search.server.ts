/**
 * A search request, for the /search page and /search.json (docs/requirements/search.md): the query
 * read (refused with 400 and a message when it cannot be searched, before the database is asked),
 * the per-address limit (429), then the search. The page's searches (its first page) are told to
 * Insights by the caller.
 */
import type { Database } from "~/db/client.server";
import { takeAddressSlot } from "~/leads/rate-limit.server";
import { controlsAsSpaces } from "~/lib/control-characters";

import { searchSite, type SearchOutcome } from "./query.server";
import { QUERY_MAX, readPage, readQuery, SEARCH_MESSAGES, SEARCH_WINDOW_MS, SEARCHES_PER_MINUTE } from "./search-rules";

export type SearchAnswer =
  /** No query: the page shows its form. */
  | { status: 200; kind: "form" }
  /** Cannot be searched, or too many searches: the message, and the query as typed (cut) to show in the form. */
  | { status: 400 | 429; kind: "refused"; message: string; typed: string; retryAfterSeconds?: number }
  | { status: 200; kind: "results"; query: string; shortened: boolean; outcome: SearchOutcome };

/** What of a refused query is shown back in the form: its first characters, as text. */
const typedBack = (raw: string | null) => controlsAsSpaces(raw ?? "").slice(0, QUERY_MAX);

export async function answerSearch(
  db: Database,
  url: URL,
  clientAddress: string,
  options: { pageSize: number; paged: boolean },
): Promise<SearchAnswer> {
  const raw = url.searchParams.get("q");
  const reading = readQuery(raw);
  if (reading.kind === "empty") return { status: 200, kind: "form" };
  if (reading.kind === "refused") return { status: 400, kind: "refused", message: reading.message, typed: typedBack(raw) };
  const slot = await takeAddressSlot(db, `search:${clientAddress}`, { max: SEARCHES_PER_MINUTE, windowMs: SEARCH_WINDOW_MS });
  if (!slot.ok)
    return {
      status: 429,
      kind: "refused",
      message: SEARCH_MESSAGES.tooMany,
      typed: reading.text,
      retryAfterSeconds: slot.retryAfterSeconds,
    };
  const page = options.paged ? readPage(url.searchParams.get("page")) : 1;
  const outcome = await searchSite(db, reading.words, { page, pageSize: options.pageSize });
  return { status: 200, kind: "results", query: reading.text, shortened: reading.shortened, outcome };
}
