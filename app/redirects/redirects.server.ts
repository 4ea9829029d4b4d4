/**
 * Redirect rules (docs/requirements/blog-and-documents.md#redirects): stored in the database, checked on save
 * (normalised source, no self-reference or loop, never an existing page of the site), kept in
 * memory like the blog (ADR 015) and applied by the not-found answers of the site
 * (notFoundOrRedirect) for GET and HEAD, with the visitor's query kept.
 */
import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { data, redirect } from "react-router";

import { PUBLIC_CACHE_TTL_MS, RESERVED_SLUGS } from "~/blog/blog-rules";
import { postSlugExists } from "~/blog/posts.server";
import { publicPages } from "~/content/routes-index";
import type { Database } from "~/db/client.server";
import { containing } from "~/db/like-pattern";
import { redirects } from "~/db/schema.server";
import { env } from "~/env.server";
import { log } from "~/lib/log.server";

import {
  checkSource,
  checkStatus,
  checkTarget,
  comparablePath,
  CSV_MAX_RULES,
  encodeNonAscii,
  parseRedirectCsv,
  REDIRECT_PAGE_SIZE,
  RuleChains,
  withQuery,
  type RedirectQuery,
  type RedirectStatus,
} from "./redirect-rules";

export interface RedirectRow {
  id: string;
  source: string;
  target: string;
  status: number;
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
}

export type RuleInput = { source: string; target: string; status: RedirectStatus };
export type RuleErrors = Partial<Record<"source" | "target" | "status", string>>;
export type CheckedRule = { ok: true; rule: RuleInput } | { ok: false; errors: RuleErrors };

/** Exact paths the site answers itself (besides the public pages). */
const SITE_PATHS = [
  "/blog",
  "/blog/rss.xml",
  "/sitemap.xml",
  "/robots.txt",
  "/healthz",
  "/readyz",
  "/500",
  "/favicon.svg",
  "/favicon.ico",
  "/logo.png",
  "/og-image.jpg",
  "/apple-touch-icon.png",
];
/** Whole areas of the site: a rule under them would hide a page or never be used. */
const SITE_PREFIXES = ["/admin", "/api", "/storage", "/assets", "/media", "/auth", "/account", "/mloe", "/ste", "/og", "/__"];

/** Why `path` (comparable form) is a page of the site, or null when it is free for a rule. */
export async function sitePathProblem(db: Database, path: string): Promise<string | null> {
  const pages = new Set([...publicPages().map((p) => p.path.toLowerCase()), ...SITE_PATHS]);
  if (pages.has(path)) return `${path} is a page of this site: a rule there would hide it.`;
  const area = SITE_PREFIXES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (area) return `Paths under ${area} belong to the site itself: a rule there would hide its pages.`;
  const post = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (post && (RESERVED_SLUGS.includes(post) || (await postSlugExists(db, post))))
    return `${path} is a post of the blog (published or not): a rule there would hide it.`;
  return null;
}

const toRow = (r: typeof redirects.$inferSelect): RedirectRow => ({
  id: r.id,
  source: r.source,
  target: r.target,
  status: r.status,
  hits: r.hits,
  lastHitAt: r.lastHitAt ? new Date(r.lastHitAt).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** One page of rules, newest first, searched in old paths and new addresses; and how many match. */
export async function listRedirects(
  db: Database,
  query: RedirectQuery = { q: "", page: 1 },
): Promise<{ rows: RedirectRow[]; total: number; page: number; pages: number }> {
  const where = query.q ? or(ilike(redirects.source, containing(query.q)), ilike(redirects.target, containing(query.q))) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(redirects).where(where);
  const pages = Math.max(1, Math.ceil(total / REDIRECT_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await db
    .select()
    .from(redirects)
    .where(where)
    .orderBy(desc(redirects.createdAt), redirects.source, redirects.id)
    .limit(REDIRECT_PAGE_SIZE)
    .offset((page - 1) * REDIRECT_PAGE_SIZE);
  return { rows: rows.map(toRow), total, page, pages };
}

/** One rule by id, or undefined. */
export async function getRedirect(db: Database, id: string): Promise<RedirectRow | undefined> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
  return row && toRow(row);
}

async function ruleChains(db: Database, siteOrigin = env().SITE_URL): Promise<RuleChains> {
  const rows = await db.select({ source: redirects.source, target: redirects.target }).from(redirects);
  return new RuleChains(
    siteOrigin,
    rows.map((r) => [r.source, r.target]),
  );
}

/**
 * Checks one rule against the form rules, the site's pages and the other rules (`rules`: the
 * stored ones, the rule itself not among them): no loop, no chain longer than CHAIN_MAX.
 */
export async function checkRule(
  db: Database,
  input: { source: string; target: string; status: string },
  rules: RuleChains,
): Promise<CheckedRule> {
  const errors: RuleErrors = {};
  const source = checkSource(input.source);
  const target = checkTarget(input.target);
  const status = checkStatus(input.status);
  if (!source.ok) errors.source = source.message;
  if (!target.ok) errors.target = target.message;
  if (!status.ok) errors.status = status.message;
  if (!source.ok || !target.ok || !status.ok) return { ok: false, errors };

  if (rules.has(source.value)) return { ok: false, errors: { source: `There is already a rule for ${source.value}.` } };
  const shadow = await sitePathProblem(db, source.value);
  if (shadow) return { ok: false, errors: { source: shadow } };
  const chain = rules.problem(source.value, target.value);
  if (chain) return { ok: false, errors: { target: chain } };
  return { ok: true, rule: { source: source.value, target: target.value, status: status.value } };
}

/**
 * Writes rules one writer at a time (every process, both databases): the table is locked against
 * other writers (reads go on) while the stored rules are read, the new ones checked against them
 * and inserted, so two administrators saving at once cannot make a loop or a long chain together.
 */
async function withRulesLocked<T>(db: Database, work: (tx: Database, rules: RuleChains) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${redirects} in exclusive mode`);
    return work(tx as unknown as Database, await ruleChains(tx as unknown as Database));
  });
}

/** Adds a rule after checking it; the field errors otherwise. */
export async function createRedirect(
  db: Database,
  input: { source: string; target: string; status: string },
  userId: string | null,
): Promise<{ ok: true; id: string } | { ok: false; errors: RuleErrors }> {
  const result = await withRulesLocked(db, async (tx, rules): Promise<{ ok: true; id: string } | { ok: false; errors: RuleErrors }> => {
    const checked = await checkRule(tx, input, rules);
    if (!checked.ok) return checked;
    const [row] = await tx
      .insert(redirects)
      .values({ ...checked.rule, updatedBy: userId })
      .returning({ id: redirects.id });
    return { ok: true, id: row.id };
  });
  if (result.ok) invalidateRedirects();
  return result;
}

export async function deleteRedirect(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
  invalidateRedirects();
  return rows.length === 1;
}

const short = (text: string) => (text.trim().length > 80 ? `${text.trim().slice(0, 79)}…` : text.trim());

/**
 * A CSV of rules, all or nothing: every line is checked (against the site, the existing rules and
 * the file's other lines); with any error nothing is stored and every error is reported by line.
 */
export async function importRedirectCsv(
  db: Database,
  text: string,
  userId: string | null,
): Promise<{ ok: true; imported: number } | { ok: false; errors: string[] }> {
  const { rows, errors } = parseRedirectCsv(text);
  if (rows.length > CSV_MAX_RULES)
    return { ok: false, errors: [`At most ${CSV_MAX_RULES} rules in one file (this one has ${rows.length}).`] };
  if (rows.length === 0 && errors.length === 0) return { ok: false, errors: ["The file has no rules."] };
  const outcome = await withRulesLocked(
    db,
    async (tx, rules): Promise<{ ok: true; imported: number } | { ok: false; errors: string[] }> => {
      const accepted: RuleInput[] = [];
      for (const row of rows) {
        const checked = await checkRule(tx, row, rules);
        if (!checked.ok) {
          for (const message of Object.values(checked.errors))
            errors.push(`Line ${row.line} (${short(row.source)} → ${short(row.target)}): ${message}`);
          continue;
        }
        rules.add(checked.rule.source, checked.rule.target);
        accepted.push(checked.rule);
      }
      if (errors.length) return { ok: false, errors };
      for (let i = 0; i < accepted.length; i += 200)
        await tx.insert(redirects).values(accepted.slice(i, i + 200).map((r) => ({ ...r, updatedBy: userId })));
      return { ok: true, imported: accepted.length };
    },
  );
  if (!outcome.ok) return outcome;
  invalidateRedirects();
  return outcome;
}

// --- Applying the rules -----------------------------------------------------------------------

interface Loaded {
  rules: Map<string, { id: string; target: string; status: number }>;
  expiresAt: number;
}
const loaded = new WeakMap<Database, Promise<Loaded>>();
let generation = 0;
const generations = new WeakMap<Database, number>();

/** Drops this process's copy of the rules: the next lookup reads them again. */
export function invalidateRedirects(): void {
  generation++;
}

async function activeRules(db: Database): Promise<Loaded["rules"]> {
  const cached = loaded.get(db);
  if (cached && generations.get(db) === generation) {
    const current = await cached.catch(() => null);
    if (current && current.expiresAt > Date.now()) return current.rules;
  }
  const fresh = db
    .select({ id: redirects.id, source: redirects.source, target: redirects.target, status: redirects.status })
    .from(redirects)
    .then((rows) => ({
      rules: new Map(rows.map((r) => [r.source, { id: r.id, target: r.target, status: r.status }])),
      expiresAt: Date.now() + PUBLIC_CACHE_TTL_MS,
    }));
  loaded.set(db, fresh);
  generations.set(db, generation);
  fresh.catch(() => loaded.delete(db));
  return (await fresh).rules;
}

/** The redirect for a GET or HEAD of `url`, or null; counts the hit without waiting for it. */
export async function findRedirect(db: Database, method: string, url: URL): Promise<Response | null> {
  if (method !== "GET" && method !== "HEAD") return null;
  const path = comparablePath(url.pathname);
  if (path === null) return null;
  const rule = (await activeRules(db)).get(path);
  if (!rule) return null;
  db.update(redirects)
    .set({ hits: sql`${redirects.hits} + 1`, lastHitAt: sql`now()` })
    .where(eq(redirects.id, rule.id))
    .then(
      () => {},
      (error: unknown) => log.error("Redirect hit not counted:", error instanceof Error ? error.message : error),
    );
  // Targets are stored encoded; one stored before that was checked is encoded here.
  return redirect(withQuery(encodeNonAscii(rule.target), url.search), rule.status);
}

/**
 * What a page that has nothing at its address throws: the redirect a rule gives the address, or
 * the 404 (with `headers`) that the site layout shows as the not-found page.
 */
export async function notFoundOrRedirect(
  request: Request,
  context: { services?: { db: Database } } | undefined,
  headers?: HeadersInit,
): Promise<Response | ReturnType<typeof data>> {
  return (await findRedirectFor(request, context)) ?? data({ reason: "not-found" }, { status: 404, headers });
}

/** The redirect a rule gives this request, or null (also when the rules cannot be read: the visitor still gets the page). */
export async function findRedirectFor(request: Request, context: { services?: { db: Database } } | undefined): Promise<Response | null> {
  const db = context?.services?.db;
  if (!db) return null; // prerendering: no database, and no unknown addresses
  try {
    return await findRedirect(db, request.method, new URL(request.url));
  } catch (error) {
    log.error("Redirect rules unavailable:", error instanceof Error ? error.message : error);
    return null;
  }
}
