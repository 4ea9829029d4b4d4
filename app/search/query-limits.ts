/**
 * The length of a search query (docs/requirements/search.md), in a module of its own: the search
 * field in every page's header reads it, and nothing else of search-rules.ts need be in every
 * page's first JavaScript.
 */

/** Characters of a query that are searched; a longer one is cut at a word to this length, with a message. */
export const QUERY_MAX = 200;
