/**
 * Redirect rules' checks that need no database (docs/requirements/blog-and-documents.md#redirects): the form of a
 * source and a target, and the CSV format of an import. Shared by the admin page and the tests.
 */

import { parseListSearch } from "~/lib/list-search";

export const SOURCE_MAX = 500;
export const TARGET_MAX = 2000;
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
/** A CSV import: at most this many bytes and rules. */
export const CSV_MAX_BYTES = 256 * 1024;
export const CSV_MAX_RULES = 2000;
/**
 * The most redirects in a row that rules may make (one visit following one rule after another):
 * browsers give up after 20. Checked on save and on import, with loops.
 */
export const CHAIN_MAX = 20;
/** The admin list: this many rules a page, the newest first. */
export const REDIRECT_PAGE_SIZE = 100;

/** What the admin list shows: a search in old paths and new addresses, and a page. */
export interface RedirectQuery {
  q: string;
  page: number;
}

export const parseRedirectQuery: (url: URL) => RedirectQuery = parseListSearch;

/** The list's address for a query; defaults left out. */
export function redirectListHref(query: Partial<RedirectQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/admin/redirects?${search}` : "/admin/redirects";
}

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u2028\u2029\ufeff]/;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A path as rules compare it: percent-decoded, lower-case, repeated slashes folded, no trailing
 * slash (except "/"). Null when it cannot be decoded.
 */
export function comparablePath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const folded = decoded.replace(/\/{2,}/g, "/").toLowerCase();
  return folded.length > 1 ? folded.replace(/\/+$/, "") || "/" : folded;
}

/** The old path of a rule: starts with "/", no query or fragment, stored normalised. */
export function checkSource(input: string): Checked<string> {
  const value = input.trim();
  if (!value) return { ok: false, message: "Enter the old path, for example /managed-services/." };
  if (value.length > SOURCE_MAX) return { ok: false, message: `Keep the old path to ${SOURCE_MAX} characters or fewer.` };
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("//"))
    return { ok: false, message: "The old path is a path of this site: start it with “/”, without the domain." };
  if (!value.startsWith("/")) return { ok: false, message: "The old path starts with “/”, for example /managed-services/." };
  if (value.includes("?") || value.includes("#"))
    return {
      ok: false,
      message: "Leave out the query (?…) and fragment (#…): a rule matches the path alone, and keeps the visitor's query.",
    };
  if (UNSAFE.test(value) || value.includes("\\"))
    return { ok: false, message: "The old path cannot contain spaces, backslashes or control characters." };
  const path = comparablePath(value);
  if (path === null || UNSAFE.test(path)) return { ok: false, message: "The old path has a broken %-escape." };
  return { ok: true, value: path };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A Location header holds ASCII only: every other character percent-encoded as UTF-8
 * ("/日本語" → "/%E6%97%A5%E6%9C%AC%E8%AA%9E"), which is what a browser sends for it anyway.
 * Text already encoded, and "%" itself, stay as they are.
 */
export function encodeNonAscii(target: string): string {
  // eslint-disable-next-line no-control-regex
  return target.replace(/[^\u0000-\u007f]+/g, (text) => encodeURIComponent(text));
}

/**
 * The new address: a path of this site ("/services/voip", with a query if wanted) or an absolute
 * http(s) URL; characters outside ASCII are stored percent-encoded (encodeNonAscii).
 */
export function checkTarget(input: string): Checked<string> {
  const value = input.trim();
  if (!value) return { ok: false, message: "Enter the new address: a path of this site or a full https:// address." };
  if (value.length > TARGET_MAX) return { ok: false, message: `Keep the new address to ${TARGET_MAX} characters or fewer.` };
  if (UNSAFE.test(value) || value.includes("\\"))
    return { ok: false, message: "The new address cannot contain spaces, backslashes or control characters." };
  if (LONE_SURROGATE.test(value)) return { ok: false, message: "The new address is not valid text (a broken character)." };
  if (value.startsWith("/")) {
    if (value.startsWith("//")) return { ok: false, message: "Write another site's address in full, with https://." };
    const encoded = encodeNonAscii(value);
    if (encoded.length > TARGET_MAX)
      return { ok: false, message: `Keep the new address to ${TARGET_MAX} characters or fewer once encoded for the web.` };
    return { ok: true, value: encoded };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: "The new address starts with “/” (this site) or http:// or https:// (another site)." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, message: "Only http:// and https:// addresses, or paths of this site." };
  if (url.username || url.password) return { ok: false, message: "The new address cannot carry a user name or password." };
  // The URL parser encodes the path, query and fragment, and writes the host in ASCII (punycode).
  const encoded = encodeNonAscii(url.toString());
  if (encoded.length > TARGET_MAX)
    return { ok: false, message: `Keep the new address to ${TARGET_MAX} characters or fewer once encoded for the web.` };
  return { ok: true, value: encoded };
}

/** The path on this site a target leads to (for loop checks), or null when it leaves the site. */
export function localPathOf(target: string, siteOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(target, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  return comparablePath(url.pathname);
}

/**
 * The rules as a graph of this site's paths, to keep two promises as rules are added: no loop, and
 * no chain of more than CHAIN_MAX redirects in a row (counted both ways from the new rule: the
 * rules that lead to its old path, and those its new address leads on to).
 */
export class RuleChains {
  /** Old path → the path of this site its rule leads to (null: another site). */
  private readonly next = new Map<string, string | null>();
  /** Path of this site → the old paths whose rules lead there. */
  private readonly into = new Map<string, string[]>();

  constructor(
    private readonly siteOrigin: string,
    rules: Iterable<[source: string, target: string]> = [],
  ) {
    for (const [source, target] of rules) this.add(source, target);
  }

  has(source: string): boolean {
    return this.next.has(source);
  }

  add(source: string, target: string): void {
    const to = localPathOf(target, this.siteOrigin);
    this.next.set(source, to);
    if (to === null) return;
    const sources = this.into.get(to);
    if (sources) sources.push(source);
    else this.into.set(to, [source]);
  }

  /** Why a rule from `source` (not yet a rule) to `target` cannot be added, or null. */
  problem(source: string, target: string): string | null {
    const first = localPathOf(target, this.siteOrigin);
    if (first === source) return "The rule would send the old path to itself.";
    // Onwards: the rules the new address leads through (the stored ones never loop, but a
    // database filled before this check might: the walk stops at a path seen twice).
    const onwards: string[] = [];
    const seen = new Set([source]);
    for (let at = first; at !== null && onwards.length <= CHAIN_MAX; at = this.next.get(at)!) {
      if (seen.has(at)) return `The rules would form a loop: following them from ${source} comes back to ${at}.`;
      if (!this.next.has(at)) break;
      seen.add(at);
      onwards.push(at);
    }
    // Backwards: the longest run of rules that ends at the old path.
    const before = this.longestInto(source);
    const total = before.length + 1 + onwards.length;
    if (total <= CHAIN_MAX) return null;
    const cut = before.length > CHAIN_MAX || onwards.length > CHAIN_MAX;
    return (
      `With this rule, a visit to ${before[0] ?? source} would be redirected ${cut ? `more than ${CHAIN_MAX}` : total} times in a row` +
      `${before.length ? ` (through ${source})` : ""}; at most ${CHAIN_MAX} are allowed, since browsers give up after that. ` +
      "Point the rules straight at the final address instead."
    );
  }

  /** The longest list of old paths whose rules lead, one after another, to `path` (farthest first), cut at CHAIN_MAX + 1. */
  private longestInto(path: string): string[] {
    let best: string[] = [];
    const visited = new Set([path]);
    const walk = (at: string, chain: string[]) => {
      if (chain.length > best.length) best = chain;
      if (chain.length > CHAIN_MAX) return;
      for (const from of this.into.get(at) ?? []) {
        if (visited.has(from)) continue;
        visited.add(from);
        walk(from, [from, ...chain]);
      }
    };
    walk(path, []);
    return best;
  }
}

export function checkStatus(input: string | number): Checked<RedirectStatus> {
  const n = Number(String(input).trim() || 301);
  return n === 301 || n === 302 ? { ok: true, value: n } : { ok: false, message: "The status is 301 (moved for good) or 302 (for now)." };
}

/** The visitor's query kept: the target's own query first, then the request's. */
export function withQuery(target: string, search: string): string {
  if (!search || search === "?") return target;
  const hashAt = target.indexOf("#");
  const base = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : target.slice(hashAt);
  const extra = search.replace(/^\?/, "");
  return `${base}${base.includes("?") ? "&" : "?"}${extra}${hash}`;
}

export interface CsvRow {
  line: number;
  source: string;
  target: string;
  status: string;
}

/**
 * Rows of a CSV: "old path,new address[,status]" per line, an optional header line
 * (source,target,status), fields optionally in double quotes ("" for a quote). Blank lines and
 * lines starting with # are skipped.
 */
export function parseRedirectCsv(text: string): { rows: CsvRow[]; errors: string[] } {
  const rows: CsvRow[] = [];
  const errors: string[] = [];
  const lines = text.replace(/^\ufeff/, "").split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim() || raw.trim().startsWith("#")) return;
    const fields = splitCsvLine(raw);
    if (fields === null) {
      errors.push(`Line ${line}: an opening quote is never closed.`);
      return;
    }
    if (
      rows.length === 0 &&
      errors.length === 0 &&
      /^(source|from|old)/i.test(fields[0] ?? "") &&
      /^(target|to|new)/i.test(fields[1] ?? "")
    )
      return; // the header
    if (fields.length < 2 || fields.length > 3) {
      errors.push(`Line ${line}: write the old path, the new address and optionally 301 or 302, separated by commas.`);
      return;
    }
    rows.push({ line, source: fields[0], target: fields[1], status: fields[2] ?? "" });
  });
  return { rows, errors };
}

function splitCsvLine(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = "";
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += line[i++];
      }
      while (i < line.length && line[i] !== ",") field += line[i++];
    } else {
      while (i < line.length && line[i] !== ",") field += line[i++];
    }
    fields.push(field.trim());
    if (i >= line.length) return fields;
    i++; // the comma
  }
}
