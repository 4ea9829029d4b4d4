/**
 * Site search's rules (docs/requirements/search.md, ADR 032), shared by the server (the /search
 * page, /search.json) and the browser (the live results of the header's field): how a query is
 * read, its limits and messages, the kinds of result, and how a snippet's marked words are told
 * apart from the rest. The live results' module ships it.
 */
import { hasControlCharacterInText } from "~/lib/control-characters";

import { QUERY_MAX } from "./query-limits";

/** The kinds of result (search_documents.kind), as the results name them. */
export type SearchKind = "service" | "industry" | "city" | "faq" | "post" | "page";

export const KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  service: "Service",
  industry: "Industry",
  city: "City",
  faq: "FAQ",
  post: "Blog post",
  page: "Page",
};

export { QUERY_MAX };
/** Past this many characters a query is refused (400) rather than cut: nobody types it. */
export const QUERY_HARD_MAX = 1000;
/** Words of a query that are searched (the first ones); characters of a word. */
export const WORDS_MAX = 8;
export const WORD_MAX = 40;
/** Results per page of /search; pages at most (a later page is answered as the last one). */
export const PAGE_SIZE = 10;
export const PAGES_MAX = 50;
/** Results the header's field lists as the visitor types. */
export const LIVE_RESULTS = 6;
/** Searches (the page and the live results together) per client address in a minute. */
export const SEARCHES_PER_MINUTE = 120;
export const SEARCH_WINDOW_MS = 60_000;

/** Around each matched word in a title or a snippet the server sends (never in the text searched). */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

export const SEARCH_MESSAGES = {
  empty: "Type a word or two to search the site.",
  tooLong: `That search is too long: type at most ${QUERY_MAX} characters.`,
  shortened: `Your search was long: its first ${QUERY_MAX} characters were searched.`,
  control: "The search has characters that cannot be searched (control characters). Type words only.",
  noWords: "There is nothing to search for in that: type a word or two, with letters or numbers.",
  tooMany: "Too many searches from your network in a minute. Wait a moment, then try again.",
  failed: "The search is not available right now. Try again in a minute.",
} as const;

export type QueryReading =
  /** No query, or only spaces: the page shows its form. */
  | { kind: "empty" }
  /** Cannot be searched: answered 400 with the message. */
  | { kind: "refused"; message: string }
  /** The text searched (cut to QUERY_MAX), its words, and whether it was cut. */
  | { kind: "query"; text: string; words: string[]; shortened: boolean };

/** A word: letters and digits, with an apostrophe inside ("don't"). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** `text` cut to `max` characters at the last space before it (or at `max` when there is none). */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).trim();
}

/**
 * Reads a query as typed. Refused: more than QUERY_HARD_MAX characters, a control character (a NUL
 * byte), or no word (only punctuation, operators, markup). Otherwise the text (NFKC, format
 * characters dropped, spaces collapsed, cut to QUERY_MAX) and its words in lower case, each once, the first WORDS_MAX, each
 * at most WORD_MAX characters: the only thing the database is given (operators, wildcards and
 * quotes are never words, so they never reach a query).
 */
export function readQuery(raw: string | null | undefined): QueryReading {
  if (raw == null) return { kind: "empty" };
  if (raw.length > QUERY_HARD_MAX) return { kind: "refused", message: SEARCH_MESSAGES.tooLong };
  if (hasControlCharacterInText(raw)) return { kind: "refused", message: SEARCH_MESSAGES.control };
  // Format characters (right-to-left overrides, zero-width spaces) are dropped: shown back, they
  // could make the query read as something else.
  const collapsed = raw
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!collapsed) return { kind: "empty" };
  const text = cutAtWord(collapsed, QUERY_MAX);
  const words: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/’/g, "'").slice(0, WORD_MAX);
    if (!words.includes(word)) words.push(word);
    if (words.length === WORDS_MAX) break;
  }
  if (words.length === 0) return { kind: "refused", message: SEARCH_MESSAGES.noWords };
  return { kind: "query", text, words, shortened: text.length < collapsed.length };
}

/**
 * Edits between two words (insert, delete, replace a letter, or swap two side by side: the
 * optimal string alignment distance), for telling a typo from another word.
 */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [i, ...Array<number>(y.length).fill(0)]);
  for (let j = 1; j <= y.length; j++) d[0][j] = j;
  for (let i = 1; i <= x.length; i++)
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[x.length][y.length];
}

/** The edits a typo of `word` may have: 1 up to 4 letters, 2 up to 8, then 3. */
export const typoEdits = (word: string): number => (word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3);

/** A page number from the address: 1 for anything that is not a whole number from 1 to PAGES_MAX. */
export function readPage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,4}$/.test(raw)) return 1;
  return Math.min(PAGES_MAX, Math.max(1, Number(raw)));
}

export interface Segment {
  text: string;
  marked: boolean;
}

/** A title or a snippet from the server, in pieces: the marked words (shown in <mark>) and the text between. */
export function markedSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let marked = false;
  let current = "";
  const push = () => {
    if (current) segments.push({ text: current, marked });
    current = "";
  };
  for (const char of text) {
    if (char === MARK_START || char === MARK_END) {
      push();
      marked = char === MARK_START;
    } else current += char;
  }
  push();
  return segments;
}

/** The address of a search (and of one of its pages). */
export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

/** One result of /search.json (and of the page). */
export interface SearchHit {
  url: string;
  kind: SearchKind;
  /** The title with its matched words between MARK_START and MARK_END. */
  title: string;
  /** Some words of the page around its matches, marked the same way. */
  snippet: string;
}

/** What /search.json answers. */
export interface LiveAnswer {
  query: string;
  total: number;
  hits: SearchHit[];
}
