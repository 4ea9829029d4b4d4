/**
 * Site search's query (docs/requirements/search.md, ADR 032), on PostgreSQL's full-text search
 * with the english configuration (word forms: "backups" finds "backup") and pg_trgm (typos).
 *
 * The database is given only the words of the query (search-rules.ts readQuery: letters and
 * digits), each as a parameter of plainto_tsquery: no operator, wildcard or quote a visitor types
 * reaches a tsquery or a pattern. Then:
 *
 * 1. Each word is looked up: a stop word ("the") is left out; a word some public page has is
 *    searched as it is; a word no public page has is replaced by the closest word of the pages'
 *    vocabulary (search_words, by trigram similarity) that a public page has, and the results say
 *    so ("cybersecurty" → "cybersecurity").
 * 2. The pages with every word (each word: it or its replacement) are ranked: a match in the title
 *    first (the shorter title first: "Cloud Services" before a question that says "cloud"), then
 *    full-text rank (length-normalised), then title; of a word on more than RANKED_MAX pages, the
 *    RANKED_MAX newest are ranked (title matches first), every one counted. None: the pages with any of them.
 * 3. Nothing at all: the closest words to each word, at a looser similarity, each checked to find
 *    a public page, as searches to try instead.
 *
 * A post is public once its publication time has come (published_at, the database's clock).
 */
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "~/db/client.server";

import { editDistance, MARK_END, MARK_START, PAGE_SIZE, PAGES_MAX, typoEdits, type SearchHit, type SearchKind } from "./search-rules";

/**
 * How alike a word must be to stand for a word no page has (pg_trgm's similarity, 0 to 1): pg_trgm's
 * default, which finds the candidates through the index; of those, only a word a few edits away
 * (typoEdits: "netwrok" is 1 from "network", "quokka" 3 from "quote") stands for it.
 */
export const CORRECTION_SIMILARITY = 0.3;
/** How alike a word must be to be suggested when nothing is found. */
export const SUGGESTION_SIMILARITY = 0.2;
/**
 * The matches that are ranked: the title matches first, then the newest (the site's pages before
 * any post); every match is counted. A word on more pages than this (a word of most posts) ranks
 * these, which hold every result a visitor can page to (PAGES_MAX pages of PAGE_SIZE), and costs
 * no more however many posts have it.
 */
export const RANKED_MAX = PAGES_MAX * PAGE_SIZE;
/** Characters of a page's text a snippet is cut from (a long post's first 20,000). */
const SNIPPET_SOURCE_MAX = 20_000;

const PUBLIC = sql`(d.published_at is null or d.published_at <= now())`;
const HEADLINE_TITLE = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
const HEADLINE_BODY = `MaxWords=32, MinWords=16, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${MARK_START}, StopSel=${MARK_END}`;

export interface SearchOutcome {
  hits: SearchHit[];
  total: number;
  page: number;
  pageSize: number;
  /** Words no page has, and the word searched in their place. */
  corrected: { typed: string; searched: string }[];
  /** No page has every word: the results have some of them. */
  partial: boolean;
  /** Words too common to search ("the", "and"). */
  ignored: string[];
  /** Nothing found: words close to what was typed, with the search that puts each in place. */
  suggestions: { word: string; query: string }[];
}

interface WordPlan {
  word: string;
  searchable: boolean;
  found: boolean;
  close: { word: string; sim: number }[];
}

const param = (value: unknown) => sql.param(value);

/** Each word: searchable (not a stop word), found on a public page, or its closest words that are. */
async function planWords(db: Database, words: string[]): Promise<WordPlan[]> {
  const result = await db.execute<{ word: string; searchable: boolean; found: boolean; close: unknown }>(sql`
    select w.word, s.searchable, f.found,
      case when f.found or not s.searchable then '[]'::json else coalesce((
        select json_agg(json_build_object('word', c.word, 'sim', c.sim) order by c.sim desc, c.word)
        from (
          select c.word, c.sim from (
            select sw.word, similarity(sw.word, w.word) as sim from search_words sw
            where sw.word % w.word and sw.word <> w.word
            order by sim desc, sw.word limit 10
          ) c
          where exists (select 1 from search_documents d where d.vector @@ plainto_tsquery('english'::regconfig, c.word) and ${PUBLIC})
          order by c.sim desc, c.word limit 6
        ) c), '[]'::json) end as close
    from unnest(${param(words)}::text[]) with ordinality as w(word, ord)
    cross join lateral (select ts_lexize('english_stem'::regdictionary, w.word) <> '{}'::text[] as searchable) s
    cross join lateral (select s.searchable and exists (
      select 1 from search_documents d where d.vector @@ plainto_tsquery('english'::regconfig, w.word) and ${PUBLIC}) as found) f
    order by w.ord`);
  return result.rows.map((row) => ({
    word: row.word,
    searchable: Boolean(row.searchable),
    found: Boolean(row.found),
    close: (typeof row.close === "string" ? JSON.parse(row.close) : (row.close ?? [])) as { word: string; sim: number }[],
  }));
}

/** The tsquery of groups of alternatives: (a | a') & (b) & ..., or with `any`, (a | a') | (b). */
function tsquery(groups: string[][], any: boolean): SQL {
  const group = (alternatives: string[]) =>
    sql.join(
      alternatives.map((word) => sql`plainto_tsquery('english'::regconfig, ${word})`),
      sql` || `,
    );
  return sql.join(
    groups.map((alternatives) => sql`(${group(alternatives)})`),
    any ? sql` || ` : sql` && `,
  );
}

type Row = {
  url: string;
  kind: SearchKind;
  title: string;
  snippet: string;
  total: number;
};

async function ranked(db: Database, query: SQL, limit: number, offset: number): Promise<{ hits: SearchHit[]; total: number }> {
  const result = await db.execute<Row>(sql`
    with q as (select ${query} as q),
    matched as (
      select d.key, d.title_vector @@ q.q as in_title, d.published_at from search_documents d, q where d.vector @@ q.q and ${PUBLIC}
    ),
    candidates as (
      select key, in_title, count(*) over () as total from matched
      order by in_title desc, published_at desc nulls first, key
      limit ${RANKED_MAX}
    ),
    page as (
      select d.key, c.in_title, c.total, ts_rank(d.title_vector, q.q, 1) as title_rank, ts_rank(d.vector, q.q, 1) as rank
      from candidates c join search_documents d on d.key = c.key, q
      order by c.in_title desc, title_rank desc, rank desc, d.title, d.key
      limit ${limit} offset ${offset}
    )
    select d.url, d.kind, p.total::int as total,
      ts_headline('english'::regconfig, d.title, q.q, ${HEADLINE_TITLE}) as title,
      ts_headline('english'::regconfig, left(d.body, ${SNIPPET_SOURCE_MAX}), q.q, ${HEADLINE_BODY}) as snippet
    from page p join search_documents d on d.key = p.key, q
    order by p.in_title desc, p.title_rank desc, p.rank desc, d.title, d.key`);
  const rows = result.rows;
  let total = rows.length ? Number(rows[0].total) : 0;
  // A page past the last: the total is counted on its own.
  if (rows.length === 0 && offset > 0) {
    const counted = await db.execute<{ total: number }>(sql`
      with q as (select ${query} as q)
      select count(*)::int as total from search_documents d, q where d.vector @@ q.q and ${PUBLIC}`);
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return {
    hits: rows.map((row) => ({ url: row.url, kind: row.kind, title: row.title, snippet: row.snippet })),
    total,
  };
}

/** Words close to `word` that a public page has, at a looser similarity (nothing was found). */
async function suggestionsFor(db: Database, words: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (words.length === 0) return found;
  {
    const tx = db;
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${SUGGESTION_SIMILARITY}`));
    const result = await tx.execute<{ word: string; close: string[] | string | null }>(sql`
      select w.word, array(
        select c.word from (
          select sw.word, similarity(sw.word, w.word) as sim from search_words sw
          where sw.word % w.word and sw.word <> w.word
          order by sim desc, sw.word limit 12
        ) c
        where exists (select 1 from search_documents d where d.vector @@ plainto_tsquery('english'::regconfig, c.word) and ${PUBLIC})
        order by c.sim desc, c.word limit 3
      ) as close
      from unnest(${param(words)}::text[]) as w(word)`);
    for (const row of result.rows) {
      const close = Array.isArray(row.close) ? row.close : parseTextArray(row.close);
      if (close.length) found.set(row.word, close);
    }
    // Back to pg_trgm's default for the rest of the transaction (there is none now; kept tidy).
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${CORRECTION_SIMILARITY}`));
    return found;
  }
}

/** A text[] the driver left as its text form ("{a,b}"): the words here are letters only. */
function parseTextArray(value: string | null): string[] {
  if (!value || value === "{}") return [];
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .map((w) => w.replace(/^"|"$/g, ""))
    .filter(Boolean);
}

/**
 * Searches the public pages and posts for `words` (from readQuery) and answers page `page` of the
 * results, `pageSize` a page.
 */
export function searchSite(db: Database, words: string[], options: { page?: number; pageSize: number }): Promise<SearchOutcome> {
  // In one read-only transaction that reads the indexes: a word's "is it on any page" and its
  // candidates' checks are EXISTS queries, which the planner would otherwise answer by reading the
  // table until a row matches (the whole table for a word no page has: 9 ms at 5,000 posts).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return searchIn(tx as unknown as Database, words, options);
  });
}

async function searchIn(db: Database, words: string[], options: { page?: number; pageSize: number }): Promise<SearchOutcome> {
  const page = options.page ?? 1;
  const { pageSize } = options;
  const plans = await planWords(db, words);
  const corrected: SearchOutcome["corrected"] = [];
  const ignored = plans.filter((p) => !p.searchable).map((p) => p.word);
  const groups: string[][] = [];
  for (const plan of plans) {
    if (!plan.searchable) continue;
    if (plan.found || plan.close.length === 0) {
      groups.push([plan.word]);
      continue;
    }
    // The fewest edits away (a typo), then the most alike; another just as close is searched too.
    const typos = plan.close
      .map((c) => ({ ...c, edits: editDistance(plan.word, c.word) }))
      .filter((c) => c.edits <= typoEdits(plan.word))
      .sort((a, b) => a.edits - b.edits || b.sim - a.sim);
    if (typos.length === 0) {
      groups.push([plan.word]);
      continue;
    }
    const [best, ...rest] = typos;
    const chosen = [best.word, ...rest.filter((c) => c.edits === best.edits && c.sim >= best.sim - 0.001).map((c) => c.word)].slice(0, 2);
    corrected.push({ typed: plan.word, searched: chosen[0] });
    groups.push(chosen);
  }
  const outcome: SearchOutcome = { hits: [], total: 0, page, pageSize, corrected, partial: false, ignored, suggestions: [] };
  if (groups.length > 0) {
    const offset = (page - 1) * pageSize;
    let found = await ranked(db, tsquery(groups, false), pageSize, offset);
    if (found.total === 0 && groups.length > 1) {
      found = await ranked(db, tsquery(groups, true), pageSize, offset);
      outcome.partial = found.total > 0;
    }
    outcome.hits = found.hits;
    outcome.total = found.total;
  }
  if (outcome.total === 0) {
    const close = await suggestionsFor(
      db,
      plans.filter((p) => p.searchable && !p.found).map((p) => p.word),
    );
    for (const plan of plans) {
      for (const word of close.get(plan.word) ?? []) {
        if (outcome.suggestions.length >= 5) break;
        outcome.suggestions.push({ word, query: words.map((w) => (w === plan.word ? word : w)).join(" ") });
      }
    }
  }
  return outcome;
}
