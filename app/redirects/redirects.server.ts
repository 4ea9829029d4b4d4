/**
 * Redirect rules (docs/requirements.md#redirects): stored in the database, checked on save
 * (normalised source, no self-reference or loop, never an existing page of the site), kept in
 * memory like the blog (ADR 015) and applied by the not-found answers of the site
 * (notFoundOrRedirect) for GET and HEAD, with the visitor's query kept.
 */
import { log } from "~/lib/log.server";
import { desc, eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { redirects } from "~/db/schema.server";
import { isUniqueViolation } from "~/docs/documents.server";
import { env } from "~/env.server";
import { PUBLIC_CACHE_TTL_MS, RESERVED_SLUGS } from "~/blog/blog-rules";
import { postSlugExists } from "~/blog/posts.server";
import { publicPages } from "~/content/routes-index";
import {
  CHAIN_MAX,
  checkSource,
  checkStatus,
  checkTarget,
  comparablePath,
  CSV_MAX_RULES,
  localPathOf,
  parseRedirectCsv,
  REDIRECT_LIST_LIMIT,
  withQuery,
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
const SITE_PREFIXES = ["/admin", "/api", "/storage", "/assets", "/media", "/auth", "/account", "/mloe", "/ste", "/__"];

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

export async function listRedirects(db: Database): Promise<RedirectRow[]> {
  const rows = await db.select().from(redirects).orderBy(desc(redirects.createdAt), redirects.source).limit(REDIRECT_LIST_LIMIT);
  return rows.map(toRow);
}

async function ruleMap(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ source: redirects.source, target: redirects.target }).from(redirects);
  return new Map(rows.map((r) => [r.source, r.target]));
}

/**
 * Checks one rule against the form rules, the site's pages and the other rules (`rules`: source →
 * target, the rule itself not in it). Loops are looked for by following the chain of local targets.
 */
export async function checkRule(
  db: Database,
  input: { source: string; target: string; status: string },
  rules: Map<string, string>,
  siteOrigin = env().SITE_URL,
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

  let next = localPathOf(target.value, siteOrigin);
  if (next === source.value) return { ok: false, errors: { target: "The rule would send the old path to itself." } };
  const seen = new Set([source.value]);
  for (let hops = 0; next !== null && rules.has(next); hops++) {
    if (hops >= CHAIN_MAX) return { ok: false, errors: { target: `The new address starts a chain of more than ${CHAIN_MAX} redirects.` } };
    seen.add(next);
    next = localPathOf(rules.get(next)!, siteOrigin);
    if (next !== null && seen.has(next))
      return { ok: false, errors: { target: `The rules would form a loop: following them from ${source.value} comes back to ${next}.` } };
  }
  return { ok: true, rule: { source: source.value, target: target.value, status: status.value } };
}

/** Adds a rule after checking it; the field errors otherwise. */
export async function createRedirect(
  db: Database,
  input: { source: string; target: string; status: string },
  userId: string | null,
): Promise<{ ok: true; id: string } | { ok: false; errors: RuleErrors }> {
  const checked = await checkRule(db, input, await ruleMap(db));
  if (!checked.ok) return checked;
  try {
    const [row] = await db
      .insert(redirects)
      .values({ ...checked.rule, updatedBy: userId })
      .returning({ id: redirects.id });
    invalidateRedirects();
    return { ok: true, id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { source: `There is already a rule for ${checked.rule.source}.` } };
    throw error;
  }
}

export async function deleteRedirect(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
  invalidateRedirects();
  return rows.length === 1;
}

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
  const rules = await ruleMap(db);
  const accepted: RuleInput[] = [];
  for (const row of rows) {
    const checked = await checkRule(db, row, rules);
    if (!checked.ok) {
      for (const message of Object.values(checked.errors)) errors.push(`Line ${row.line}: ${message}`);
      continue;
    }
    rules.set(checked.rule.source, checked.rule.target);
    accepted.push(checked.rule);
  }
  if (errors.length) return { ok: false, errors };
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < accepted.length; i += 200)
        await tx.insert(redirects).values(accepted.slice(i, i + 200).map((r) => ({ ...r, updatedBy: userId })));
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, errors: ["Another administrator added one of these rules meanwhile: import the file again."] };
    throw error;
  }
  invalidateRedirects();
  return { ok: true, imported: accepted.length };
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
  return redirect(withQuery(rule.target, url.search), rule.status);
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
