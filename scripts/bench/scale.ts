/**
 * Costs as the data grows: the database seeded at three sizes, and the same pages and exports timed
 * on each, to show whether they stay flat (the lists read one page through an index, the exports
 * stream in keyset batches: ADR 018; the blog and the redirect rules are held in memory: ADR 015).
 *
 *   size  leads  audit entries  blog posts  redirect rules  graphics  sessions
 *   S1     1k      10k             100         100            100       1k
 *   S2    10k     100k            1k          1k             1k        10k
 *   S3   100k      1M             5k          10k            5k        100k
 *
 * Each size on a throwaway PostgreSQL 15 (scripts/pg/test-server.ts, a fresh cluster under /tmp,
 * deleted afterwards); S3 also on the embedded PGlite (a scratch DATA_DIR). The rows are written with
 * `INSERT … SELECT … FROM generate_series` into the real tables (app/db/schema.server.ts) after the
 * migrations, then VACUUM ANALYZE, as a database that has lived would have its statistics. Values
 * are varied and deterministic: distinct e-mails, leads, posts and sessions spread over five years,
 * audit entries over the last 360 days (the server deletes entries older than a year at start:
 * docs/requirements/accounts.md#audit-log), posts with their Markdown and the HTML stored at save (ADR 017),
 * graphics a tiny PNG each. 25 staff accounts share the sessions (one in a thousand still active,
 * the rest expired, as the table keeps them); the administrator is one of them, made and signed in
 * with two-factor sign-in as the graphics phase does (docs/requirements/accounts.md#two-factor-sign-in), and
 * is the super-administrator (SUPER_ADMIN_EMAIL) so that /admin/audit opens.
 *
 * For each size the built server (one process) is started on that database and each page is
 * requested 2 times to warm up, then 20 times in a row (gzip accepted, as a browser does): median and
 * p95. Then the two CSV exports, once each, whole (identity encoding): seconds, rows per second and
 * the server's RSS growth while it streams (VmRSS sampled every 100 ms). On PGlite also the RSS
 * after a short load (200 requests over the pages, 4 clients) and `npm run db:backup` of the folder.
 *
 * Targets (reported, never failed): admin pages at most 300 ms median at S3 on PostgreSQL (1 s on
 * PGlite), public pages at most 50 ms, the export of 1M audit entries within 60 s with under 100 MB
 * of RSS growth, and the exports linear (S3 time about 10 x S2's).
 *
 * Env: BENCH_SCALE_SIZES=S1,S2,S3 (default all), BENCH_SCALE_PGLITE=0 (skip PGlite; without S3 it
 * runs at the largest size chosen, for a short trial). Alone, after a build:
 *   BENCH_SCALE_SIZES=S1 BENCH_SCALE_PGLITE=0 npx tsx scripts/bench/scale.ts
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";

import { startTestPostgres, type TestPostgres } from "../pg/test-server.ts";
import {
  httpGet,
  httpRequest,
  log,
  median,
  percentile,
  readMemory,
  ROOT,
  round,
  runLoad,
  runPhaseAlone,
  sleep,
  startServer,
  table,
  TMP_ROOT,
  type ServerHandle,
} from "./lib.ts";

const run = promisify(execFile);

export const SIZES = {
  S1: { leads: 1_000, audit: 10_000, posts: 100, redirects: 100, graphics: 100, sessions: 1_000 },
  S2: { leads: 10_000, audit: 100_000, posts: 1_000, redirects: 1_000, graphics: 1_000, sessions: 10_000 },
  S3: { leads: 100_000, audit: 1_000_000, posts: 5_000, redirects: 10_000, graphics: 5_000, sessions: 100_000 },
} as const;
export type SizeName = keyof typeof SIZES;
type Size = (typeof SIZES)[SizeName];
export type Backend = "PostgreSQL" | "PGlite";

/** The phase's targets: reported, never failed, as every target of the bench (docs/requirements/public-site.md#performance-and-accessibility). */
export const SCALE_TARGETS = {
  adminMsPostgres: 300,
  adminMsPglite: 1000,
  publicMs: 50,
  auditExportSeconds: 60,
  auditExportGrowthMb: 100,
  /** Exports are linear when S3 takes at most this many times S2 (10 x the rows, 20 % slack). */
  linearRatioMax: 12,
} as const;

const WARMUPS = 2;
const RUNS = 20;
const LOAD_REQUESTS = 200;
const LOAD_CLIENTS = 4;
const STAFF = 25;
const ADMIN = { email: "bench-admin@crossroadsit.example", password: "Copper-Kettle-Lantern-73" };
const SECRET = "bench-only-secret-0123456789abcdef0123456789";

/** The search terms of the list pages: each matches some rows at every size. */
const LEAD_TERM = "whitfield";
const REDIRECT_TERM = "pricing";
/** The rule the "redirected path" page follows (i = 7: a 301, present at every size). */
const REDIRECTED_PATH = "/old-site/resources/page-7";

export interface PageTiming {
  label: string;
  kind: "admin" | "public";
  path: string;
  expected: number;
  status: number;
  medianMs: number;
  p95Ms: number;
  /** Body bytes as sent (compressed when the server compressed it). */
  bytes: number;
}

export interface ExportTiming {
  label: string;
  path: string;
  status: number;
  rows: number;
  expectedRows: number;
  seconds: number;
  rowsPerSecond: number;
  megabytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

export interface ScaleRun {
  size: SizeName;
  backend: Backend;
  seedSeconds: number;
  counts: Record<string, number>;
  rssIdleMb: number;
  pages: PageTiming[];
  rssAfterPagesMb: number;
  load?: { requests: number; failures: number; statuses: Record<string, number>; p50Ms: number; p99Ms: number; rssAfterMb: number };
  exports: ExportTiming[];
  rssAfterExportsMb: number;
  backup?: { seconds: number; megabytes: number; dataDirMegabytes: number } | { error: string };
}

export interface ScaleResult {
  sizes: SizeName[];
  pglite: SizeName | null;
  runs: ScaleRun[];
}

// ---------------------------------------------------------------------------------------------
// Seeding

/** A SQL array literal of fixed strings. */
const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]`;

const FIRST = ["Dana", "Avery", "Jordan", "Priya", "Marcus", "Elena", "Tomas", "Grace", "Noah", "Aisha"];
const LAST = ["Whitfield", "Reyes", "Okafor", "Lindqvist", "Brennan", "Nakamura", "Castillo", "Hughes", "Novak", "Sutherland"];
const COMPANIES = [
  "Whitfield Dental",
  "Carmel Family Law",
  "Fishers Veterinary Clinic",
  "Northside Accounting",
  "Lafayette Builders",
  "Greenwood Orthodontics",
  "Bloomington Realty",
  "Noblesville Insurance Group",
  "Avon Physical Therapy",
  "Zionsville Architects",
  "Westfield Logistics",
  "Brownsburg Credit Union",
];
const MESSAGES = [
  "Our front-desk computers freeze every morning and the backup has not run in a week.",
  "We are opening a second office in the spring and need the network and phones set up before then.",
  "Looking for a quote on managed IT for about 30 people; our current provider takes days to answer.",
  "An employee clicked a phishing link yesterday. Can someone check our Microsoft 365 tenant today?",
  "We need help moving our file server to SharePoint without losing the folder permissions.",
  "Our cyber insurance renewal asks for MFA everywhere and an incident response plan. Can you help?",
];
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
];
const STAFF_NAMES = [
  "Jordan Reyes",
  "Morgan Ellis",
  "Casey Brandt",
  "Riley Osei",
  "Taylor Voss",
  "Jamie Kowalski",
  "Quinn Harper",
  "Avery Mendez",
  "Drew Lindgren",
  "Sam Whitaker",
  "Alex Moreau",
  "Robin Achebe",
  "Jesse Navarro",
  "Kai Petersen",
  "Rowan Duarte",
  "Emerson Blake",
  "Hayden Sato",
  "Logan Ferreira",
  "Parker Iqbal",
  "Reese Callahan",
  "Skyler Moss",
  "Cameron Vance",
  "Finley Hart",
  "Sawyer Quint",
];
/** The person filter of /admin/audit: the beginning of one staff member's e-mail. */
const AUDIT_PERSON = "morgan.ellis";
/**
 * The audit log's mix of events, one entry per hundred: [event, outcome, actor unknown (a failed
 * sign-in for an address that has no account), on someone else, detail].
 */
type MixEntry = [event: string, outcome: string, unknownActor: boolean, onSomeoneElse: boolean, detail: string | null];
const times = (n: number, entry: MixEntry): MixEntry[] => Array.from({ length: n }, () => entry);
const AUDIT_MIX: MixEntry[] = [
  ...times(60, ["sign-in", "success", false, false, null]),
  ...times(4, ["sign-in", "failure", true, false, "wrong e-mail or password"]),
  ...times(4, ["sign-in", "failure", false, false, "wrong password"]),
  ["sign-in-throttled", "refused", true, false, "too many failed attempts"],
  ...times(15, ["sign-out", "success", false, false, null]),
  ...times(4, ["password-reset-requested", "success", false, false, null]),
  ...times(3, ["password-changed", "success", false, false, null]),
  ["backup-codes-issued", "success", false, false, null],
  ["backup-code-used", "success", false, false, null],
  ["two-factor-enabled", "success", false, false, null],
  ["password-reset-completed", "success", false, false, null],
  ["password-set-by-admin", "success", false, true, null],
  ["reset-link-sent-by-admin", "success", false, true, null],
  ["sessions-revoked", "success", false, true, null],
  ["account-created", "success", false, true, null],
  ["role-granted", "success", false, true, "admin"],
];
const POST_TOPICS = [
  "Backups you can actually restore",
  "Phishing drills for a ten-person office",
  "What cyber insurers ask for now",
  "Moving a file server to SharePoint",
  "Wi-Fi that reaches the back office",
  "Patching without Monday-morning surprises",
  "Passwords, passkeys and the sticky note",
  "Choosing a business phone system",
  "When to replace a five-year-old laptop",
  "HIPAA basics for a small clinic",
  "A firewall is not a strategy",
  "Onboarding a new hire in one morning",
];
const POST_TAGS = ["backups", "security", "microsoft-365", "networking", "compliance", "hardware", "phones", "how-to"];
const AUTHORS = ["Dana Whitfield", "Marcus Brennan", "Priya Okafor", "Elena Castillo"];
const REDIRECT_AREAS = ["news", "pricing", "team", "support", "events", "careers", "products", "resources"];
const REDIRECT_TARGETS = ["/services/managed-it", "/contact", "/about", "/blog", "/services", "/faq"];
const GRAPHIC_FOLDERS = ["logos", "photos", "icons", "banners"];
/** Replaced by the post's number in both its Markdown and its stored HTML. */
const MARK = "XXPOSTNOXX";

/** Three post bodies of a few paragraphs each, numbered with MARK. */
const POST_BODIES = [
  `## Why this matters (note ${MARK})

Most small offices find out their backup does not work on the day they need it. A backup job that
reports **success** every night can still be copying an empty folder, or keeping only three days of
history when the problem started a week ago.

## What we check every month

- that a file from last Tuesday comes back, opened and readable;
- that the copy lives somewhere a ransomware infection cannot reach;
- that someone other than the person who set it up knows how to restore.

A restore test takes twenty minutes. Losing a year of invoices takes much longer to explain. If you
would like a second pair of eyes, [talk to us](/contact) and we will run the test with you.`,
  `## The short version (note ${MARK})

Attackers do not need to be clever when an inbox is left open. Most incidents we handle in Indiana
start with one convincing e-mail and one tired person on a Friday afternoon.

### Three habits that help

1. Turn on multi-factor sign-in for every account, not only the owner's.
2. Run a short phishing drill each quarter and talk about the results without blame.
3. Keep a one-page plan: who to call, what to unplug, where the backups are.

None of this needs a big budget. It needs a calendar reminder and a person who owns it. Our
[managed IT service](/services/managed-it) includes all three.`,
  `## Start with what you have (note ${MARK})

Before buying anything, list the devices people use every day and how old each one is. Laptops over
five years old cost more in lost time than they save, and older phones stop getting security updates.

> A plan on one page beats a perfect spreadsheet nobody reads.

Then decide what can wait. Replacing everything at once is rarely the right call: spread it over two
or three budget years, starting with the machines that hold customer data. Write down who approves
a purchase and where the warranties are kept, so the next person does not have to guess.

If you want help drawing up the list, [get in touch](/contact).`,
];

type Exec = (text: string) => Promise<Record<string, unknown>[]>;

/** Runs `insert` for rows [from, to] in batches of `batch` (progress in the log at the big sizes). */
async function inBatches(exec: Exec, what: string, total: number, batch: number, insert: (from: number, to: number) => string) {
  const t0 = performance.now();
  for (let from = 1; from <= total; from += batch) {
    await exec(insert(from, Math.min(total, from + batch - 1)));
    if (total > batch)
      log(`scale:   ${what} ${Math.min(total, from + batch - 1).toLocaleString("en-US")}/${total.toLocaleString("en-US")}`);
  }
  log(`scale:   ${what}: ${total.toLocaleString("en-US")} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The size's rows, after the administrator: 24 more staff accounts, then leads, audit entries,
 * posts, redirect rules, graphics and sessions. `hashint4(i)` gives each row its own, repeatable
 * spread of values.
 */
async function seedRows(exec: Exec, size: Size, adminId: string): Promise<void> {
  const { SERVICE_OPTIONS, COMPANY_SIZES, REFERRAL_SOURCES } = await import("../../app/leads/contact-fields.ts");
  const { renderMarkdown, rendererKey } = await import("../../app/markdown/markdown.server.ts");
  const { readingMinutes } = await import("../../app/blog/blog-rules.ts");
  const { prepareUpload } = await import("../../app/storage/prepare.server.ts");
  const sharp = (await import("sharp")).default;
  const H = "(hashint4(i) & 2147483647)";
  const H2 = "(hashint4(-i - 1) & 2147483647)";
  const FIVE_YEARS = 5 * 365 * 86400;

  // Staff accounts (no password: they are listed, never signed in here).
  const staff = STAFF_NAMES.slice(0, STAFF - 1).map((name, n) => ({
    name,
    email: `${name.toLowerCase().replace(" ", ".")}@crossroadsit.example`,
    n,
  }));
  await exec(
    `insert into "user" (name, email, email_verified, role, created_at, updated_at) values ${staff
      .map(
        (s) =>
          `('${s.name}', '${s.email}', true, 'user', now() - interval '${30 + s.n * 60} days', now() - interval '${30 + s.n * 60} days')`,
      )
      .join(", ")}`,
  );

  await inBatches(
    exec,
    "leads",
    size.leads,
    50_000,
    (from, to) => `
    insert into leads (form_type, full_name, email, phone, company, company_size, service, message, referral_source,
      utm_source, utm_medium, utm_campaign, landing_page, handled_at, handled_by, notify_status, notify_attempts,
      notify_next_attempt_at, notified_at, submission_id, created_at, updated_at)
    select 'contact', f.first || ' ' || f.last,
      lower(f.first) || '.' || lower(f.last) || '.' || i || '@' || lower(replace(f.company, ' ', '-')) || '.example',
      case when r.h % 3 = 0 then null else '(317) ' || lpad((r.h % 1000)::text, 3, '0') || '-' || lpad((r.h2 % 10000)::text, 4, '0') end,
      f.company, (${sqlArray(COMPANY_SIZES.map((c) => c.value))})[1 + r.h2 % ${COMPANY_SIZES.length}],
      (${sqlArray(SERVICE_OPTIONS.map((s) => s.value))})[1 + r.h % ${SERVICE_OPTIONS.length}],
      (${sqlArray(MESSAGES)})[1 + r.h2 % ${MESSAGES.length}] || ' (request ' || i || ')',
      (${sqlArray(REFERRAL_SOURCES.map((s) => s.value))})[1 + r.h % ${REFERRAL_SOURCES.length}],
      case when r.h % 4 = 0 then 'google' end, case when r.h % 4 = 0 then 'cpc' end, case when r.h % 4 = 0 then 'spring-' || (r.h % 5 + 2021) end,
      (${sqlArray(["/contact", "/services/managed-it", "/indianapolis-it-support", "/", "/blog"])})[1 + r.h2 % 5],
      case when r.created < now() - interval '60 days' and i % 50 <> 0 then r.created + (1 + r.h2 % 72) * interval '1 hour' end,
      case when r.created < now() - interval '60 days' and i % 50 <> 0 then '${adminId}'::uuid end,
      case when i % 10 = 0 then 'off' else 'sent' end, case when i % 10 = 0 then 0 else 1 end,
      r.created, case when i % 10 = 0 then null else r.created + interval '4 seconds' end,
      md5('lead-' || i)::uuid, r.created, r.created
    from generate_series(${from}, ${to}) i,
      lateral (select ${H} as h, ${H2} as h2, now() - (${H} % ${FIVE_YEARS}) * interval '1 second' as created) r,
      lateral (select (${sqlArray(FIRST)})[1 + r.h % ${FIRST.length}] as first,
                      (${sqlArray(LAST)})[1 + (r.h / 16) % ${LAST.length}] as last,
                      (${sqlArray(COMPANIES)})[1 + r.h2 % ${COMPANIES.length}] as company) f`,
  );

  if (AUDIT_MIX.length !== 100) throw new Error(`the audit mix has ${AUDIT_MIX.length} entries, not 100`);
  const mix = (k: 0 | 1 | 2 | 3 | 4) =>
    `array[${AUDIT_MIX.map((m) => (typeof m[k] === "boolean" ? String(m[k]) : m[k] === null ? "null::text" : `'${m[k]}'`)).join(",")}]`;
  await inBatches(
    exec,
    "audit entries",
    size.audit,
    100_000,
    (from, to) => `
    with staff as (select array_agg(id order by email) as ids, array_agg(email order by email) as emails, count(*)::int as n from "user"),
      mix as (select ${mix(0)} as event, ${mix(1)} as outcome, ${mix(2)} as unknown, ${mix(3)} as other, ${mix(4)} as detail)
    insert into audit_log (at, event, outcome, actor_id, actor_email, target_id, target_email, ip_address, user_agent, detail)
    select now() - (r.h % ${360 * 86400}) * interval '1 second' - (r.h2 % 1000000) * interval '1 microsecond',
      m.event[k], m.outcome[k],
      case when m.unknown[k] then null else s.ids[1 + (r.h2 / 7) % s.n] end,
      case when m.unknown[k] then 'visitor' || i || '@example.net' else s.emails[1 + (r.h2 / 7) % s.n] end,
      case when m.other[k] then s.ids[1 + (r.h2 / 13) % s.n] end,
      case when m.other[k] then s.emails[1 + (r.h2 / 13) % s.n] end,
      '198.51.' || (r.h2 % 256) || '.' || (r.h % 256),
      (${sqlArray(USER_AGENTS)})[1 + r.h2 % ${USER_AGENTS.length}],
      m.detail[k]
    from generate_series(${from}, ${to}) i, staff s, mix m,
      lateral (select ${H} as h, ${H2} as h2, 1 + i % 100 as k) r`,
  );

  // Posts: each body rendered once here, as a save stores it; the number is put in by the database.
  const bodies = await Promise.all(
    POST_BODIES.map(async (body) => ({ body, html: await renderMarkdown(body, { topHeadingH2: true }), minutes: readingMinutes(body) })),
  );
  const key = rendererKey();
  if (bodies.some((b) => !b.html.includes(MARK))) throw new Error("the rendered post body lost its number mark");
  await inBatches(
    exec,
    "blog posts",
    size.posts,
    5_000,
    (from, to) => `
    insert into blog_posts (slug, title, summary, body, html, html_renderer, cover_image, cover_alt, author_name, tags,
      reading_minutes, status, publish_at, updated_by, created_at, updated_at)
    select t.slug || '-' || i, t.topic || ', part ' || i,
      'A practical note for small offices on ' || lower(t.topic) || ', with the checks we run for our clients every month.',
      replace((${sqlArray(bodies.map((b) => b.body))})[1 + i % 3], '${MARK}', i::text),
      replace((${sqlArray(bodies.map((b) => b.html))})[1 + i % 3], '${MARK}', i::text), '${key}',
      case when i % 2 = 0 then (${sqlArray(GRAPHIC_FOLDERS)})[1 + (1 + i % ${size.graphics}) % 4] || '/image-' || lpad((1 + i % ${size.graphics})::text, 5, '0') || '.png' end,
      case when i % 2 = 0 then 'An illustration for ' || lower(t.topic) end,
      (${sqlArray(AUTHORS)})[1 + r.h % ${AUTHORS.length}],
      array[(${sqlArray(POST_TAGS)})[1 + r.h % ${POST_TAGS.length}], (${sqlArray(POST_TAGS)})[1 + (r.h2 + 3) % ${POST_TAGS.length}]],
      (array[${bodies.map((b) => b.minutes).join(",")}])[1 + i % 3],
      case when i % 20 = 0 then 'draft' else 'published' end,
      case when i % 20 = 0 then null else r.published end, '${adminId}'::uuid,
      r.published - interval '2 days', r.published
    from generate_series(${from}, ${to}) i,
      lateral (select ${H} as h, ${H2} as h2, now() - (${H} % ${FIVE_YEARS}) * interval '1 second' - interval '1 hour' as published) r,
      lateral (select (${sqlArray(POST_TOPICS)})[1 + r.h2 % ${POST_TOPICS.length}] as topic,
                      (${sqlArray(
                        POST_TOPICS.map((t) =>
                          t
                            .toLowerCase()
                            .replace(/[^a-z0-9]+/g, "-")
                            .replace(/^-|-$/g, ""),
                        ),
                      )})[1 + r.h2 % ${POST_TOPICS.length}] as slug) t`,
  );

  await inBatches(
    exec,
    "redirect rules",
    size.redirects,
    10_000,
    (from, to) => `
    insert into redirects (source, target, status, hits, last_hit_at, updated_by, created_at, updated_at)
    select '/old-site/' || (${sqlArray(REDIRECT_AREAS)})[1 + i % ${REDIRECT_AREAS.length}] || '/page-' || i,
      (${sqlArray(REDIRECT_TARGETS)})[1 + r.h % ${REDIRECT_TARGETS.length}],
      case when i % 10 = 0 then 302 else 301 end, r.h % 500,
      case when r.h % 500 > 0 then now() - (r.h2 % ${30 * 86400}) * interval '1 second' end, '${adminId}'::uuid,
      now() - (r.h % ${FIVE_YEARS}) * interval '1 second', now() - (r.h % ${FIVE_YEARS}) * interval '1 second'
    from generate_series(${from}, ${to}) i, lateral (select ${H} as h, ${H2} as h2) r`,
  );

  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#1a3d6e" } })
    .png()
    .toBuffer();
  const image = await prepareUpload("image.png", png);
  const hex = (bytes: Uint8Array | null | undefined) => (bytes ? `decode('${Buffer.from(bytes).toString("hex")}', 'hex')` : "null");
  await inBatches(
    exec,
    "graphics",
    size.graphics,
    5_000,
    (from, to) => `
    insert into storage_objects (bucket, name, content_type, size, sha256, data, thumbnail, owner_id, created_at, updated_at)
    select 'graphics', (${sqlArray(GRAPHIC_FOLDERS)})[1 + i % 4] || '/image-' || lpad(i::text, 5, '0') || '.png',
      '${image.contentType}', ${image.data.byteLength}, '${image.sha256}', ${hex(image.data)}, ${hex(image.thumbnail)}, '${adminId}'::uuid,
      now() - (${H} % ${FIVE_YEARS}) * interval '1 second', now() - (${H} % ${FIVE_YEARS}) * interval '1 second'
    from generate_series(${from}, ${to}) i`,
  );

  await inBatches(
    exec,
    "sessions",
    size.sessions,
    50_000,
    (from, to) => `
    with staff as (select array_agg(id order by email) as ids, count(*)::int as n from "user")
    insert into session (expires_at, token, ip_address, user_agent, user_id, two_factor_verified_at, created_at, updated_at)
    select r.used + interval '15 minutes', 'bench-session-' || i || '-' || md5('session-' || i),
      '198.51.' || (r.h2 % 256) || '.' || (r.h % 256), (${sqlArray(USER_AGENTS)})[1 + r.h2 % ${USER_AGENTS.length}],
      s.ids[1 + i % s.n], r.created, r.created, r.used
    from generate_series(${from}, ${to}) i, staff s,
      lateral (select ${H} as h, ${H2} as h2,
        case when i % 1000 = 0 then now() - (${H} % 600) * interval '1 second'
             else now() - (${H} % ${FIVE_YEARS}) * interval '1 second' - interval '1 hour' end as created) r0,
      lateral (select r0.h, r0.h2, r0.created,
        case when i % 1000 = 0 then now() - (r0.h2 % 60) * interval '1 second'
             else r0.created + (r0.h2 % 480) * interval '1 minute' end as used) r`,
  );
}

interface Seeded {
  cookie: string;
  secret: string;
  counts: Record<string, number>;
  /** Page numbers and a post for the page list. */
  leadsLastPage: number;
  blogLastPage: number;
  postSlug: string;
  seconds: number;
}

/**
 * Migrates, makes the administrator (two-factor sign-in on, as the graphics phase does), writes the
 * size's rows and signs the administrator in last, so the session is fresh when the pages start
 * (sessions end after 15 idle minutes: docs/requirements/accounts.md#sessions).
 */
async function seed(size: Size, target: { databaseUrl?: string; dataDir: string }): Promise<Seeded> {
  const [{ auth, authSecret }, { createStaffUser }, { closeDatabase, database, initDatabase }, { env }, { signInCookie, turnOnTwoFactor }] =
    await Promise.all([
      import("../../app/auth/auth.server.ts"),
      import("../../app/auth/users.server.ts"),
      import("../../app/db/client.server.ts"),
      import("../../app/env.server.ts"),
      import("../../tests/two-factor.ts"),
    ]);
  const { sql } = await import("drizzle-orm");
  const t0 = performance.now();
  await initDatabase(target);
  try {
    const db = await database();
    const exec: Exec = async (text) => (await db.execute(sql.raw(text))).rows as Record<string, unknown>[];
    const instance = await auth();
    const admin = await createStaffUser({ db, auth: instance }, { ...ADMIN, admin: true });
    await seedRows(exec, size, admin.id);
    await exec("vacuum analyze");
    const { cookie } = await turnOnTwoFactor(instance, await signInCookie(instance, ADMIN.email, ADMIN.password), ADMIN.password);
    // Counted after the sign-in, which writes its own audit entries and session.
    const counts: Record<string, number> = {};
    for (const t of ["user", "session", "leads", "audit_log", "blog_posts", "redirects", "storage_objects"]) {
      const [row] = await exec(`select count(*)::int as n from "${t}"`);
      counts[t] = Number(row.n);
    }
    const [blog] = await exec(
      `select count(*)::int as n, (select slug from blog_posts where status = 'published' and publish_at <= now() order by publish_at desc offset 7 limit 1) as slug
       from blog_posts where status = 'published' and publish_at <= now()`,
    );
    return {
      cookie,
      secret: authSecret(env()),
      counts,
      leadsLastPage: Math.max(1, Math.ceil(counts.leads / 25)),
      blogLastPage: Math.max(1, Math.ceil(Number(blog.n) / 12)),
      postSlug: String(blog.slug),
      seconds: round((performance.now() - t0) / 1000, 1),
    };
  } finally {
    await closeDatabase();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface PageSpec {
  label: string;
  kind: "admin" | "public";
  path: string;
  expected: number;
}

function pageList(s: Seeded): PageSpec[] {
  const admin = (label: string, path: string): PageSpec => ({ label, kind: "admin", path, expected: 200 });
  const pub = (label: string, path: string, expected = 200): PageSpec => ({ label, kind: "public", path, expected });
  return [
    admin("/admin/leads", "/admin/leads"),
    admin(`/admin/leads?q=${LEAD_TERM}`, `/admin/leads?q=${LEAD_TERM}`),
    admin("/admin/leads last page (all)", `/admin/leads?status=all&page=${s.leadsLastPage}`),
    admin("/admin/audit", "/admin/audit"),
    admin(`/admin/audit?person=${AUDIT_PERSON}`, `/admin/audit?person=${AUDIT_PERSON}`),
    admin("/admin/redirects", "/admin/redirects"),
    admin(`/admin/redirects?q=${REDIRECT_TERM}`, `/admin/redirects?q=${REDIRECT_TERM}`),
    admin("/admin/blog", "/admin/blog"),
    admin("/admin/graphics", "/admin/graphics"),
    admin("/admin/users", "/admin/users"),
    admin("/account", "/account"),
    pub("/", "/"),
    pub("/blog", "/blog"),
    pub("/blog last page", `/blog?page=${s.blogLastPage}`),
    pub("/blog/<post>", `/blog/${s.postSlug}`),
    pub("/blog/rss.xml", "/blog/rss.xml"),
    pub("/sitemap", "/sitemap"),
    pub("/sitemap.xml", "/sitemap.xml"),
    pub("404 (/no-such-page)", "/no-such-page", 404),
    pub("redirected path (301)", REDIRECTED_PATH, 301),
  ];
}

const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/xhtml+xml,*/*" };

async function timePage(url: string, spec: PageSpec, cookie: string): Promise<PageTiming> {
  const headers = { ...BROWSER_HEADERS, ...(spec.kind === "admin" ? { cookie } : {}) };
  let status = 0;
  let bytes = 0;
  const times: number[] = [];
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    const t0 = performance.now();
    const res = await httpGet(`${url}${spec.path}`, headers, 60_000);
    const ms = performance.now() - t0;
    status = res.status;
    bytes = res.bytes;
    if (status !== spec.expected) {
      log(
        `scale:   ${spec.path} answered ${status} (expected ${spec.expected})${res.headers.location ? ` to ${res.headers.location}` : ""}`,
      );
      break;
    }
    if (i >= WARMUPS) times.push(ms);
  }
  const ok = status === spec.expected;
  return {
    ...spec,
    status,
    medianMs: ok ? round(median(times), 1) : Number.NaN,
    p95Ms: ok ? round(percentile(times, 95), 1) : Number.NaN,
    bytes,
  };
}

/** One whole export, streamed: rows (lines after the header), seconds, and the server's RSS while it runs. */
async function timeExport(server: ServerHandle, label: string, path: string, cookie: string, expectedRows: number): Promise<ExportTiming> {
  const before = readMemory(server.pid).rssMb;
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, readMemory(server.pid).rssMb);
    } catch {
      // the server is gone: the request fails on its own
    }
  }, 100);
  const t0 = performance.now();
  try {
    const { status, lines, bytes } = await new Promise<{ status: number; lines: number; bytes: number }>((resolve, reject) => {
      const req = http.get(`${server.url}${path}`, { headers: { cookie }, agent: false }, (res) => {
        let lines = 0;
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, lines, bytes }));
        res.on("error", reject);
      });
      req.setTimeout(15 * 60_000, () => req.destroy(new Error(`timeout: ${path}`)));
      req.on("error", reject);
    });
    const seconds = (performance.now() - t0) / 1000;
    peak = Math.max(peak, readMemory(server.pid).rssMb);
    const rows = Math.max(0, lines - 1);
    log(
      `scale:   ${label}: HTTP ${status}, ${rows.toLocaleString("en-US")} rows (expected ${expectedRows.toLocaleString("en-US")}), ${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(1)} s, RSS ${before} -> peak ${peak} MB`,
    );
    return {
      label,
      path,
      status,
      rows,
      expectedRows,
      seconds: round(seconds, 2),
      rowsPerSecond: round(rows / seconds, 0),
      megabytes: round(bytes / 1048576, 1),
      rssBeforeMb: before,
      rssPeakMb: peak,
      rssGrowthMb: round(peak - before, 1),
    };
  } finally {
    clearInterval(sampler);
  }
}

function folderMegabytes(dir: string): number {
  let bytes = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += statSync(full).size;
    }
  };
  walk(dir);
  return round(bytes / 1048576, 1);
}

async function measureOne(size: SizeName, backend: Backend): Promise<ScaleRun> {
  const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-scale-"));
  let pg: TestPostgres | undefined;
  let server: ServerHandle | undefined;
  try {
    if (backend === "PostgreSQL") pg = await startTestPostgres();
    log(`scale: ${size} on ${backend}: seeding ${JSON.stringify(SIZES[size])}`);
    const seeded = await seed(SIZES[size], { databaseUrl: pg?.url, dataDir });
    log(`scale: ${size} on ${backend}: seeded in ${seeded.seconds} s: ${JSON.stringify(seeded.counts)}`);
    server = await startServer(180_000, {
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.url ?? "",
      BETTER_AUTH_SECRET: seeded.secret,
      SUPER_ADMIN_EMAIL: ADMIN.email,
      TRUST_PROXY: "0",
      SECURE_COOKIES: "0",
      SMTP_URL: "",
      SALES_EMAIL: "",
      // One process on both databases, as the other phases (the workers phase scales).
      WEB_CONCURRENCY: "1",
    });
    const session = await httpRequest(`${server.url}/api/session`, { headers: { cookie: seeded.cookie } });
    if (session.status !== 200 || !session.body.includes(ADMIN.email))
      throw new Error(`the seeded administrator's session is refused: HTTP ${session.status} ${session.body.slice(0, 200)}`);
    await sleep(1000);
    const rssIdleMb = readMemory(server.pid).rssMb;

    const specs = pageList(seeded);
    const pages: PageTiming[] = [];
    for (const spec of specs) {
      const timing = await timePage(server.url, spec, seeded.cookie);
      pages.push(timing);
      log(`scale:   ${spec.label}: HTTP ${timing.status}, median ${timing.medianMs} ms, p95 ${timing.p95Ms} ms, ${timing.bytes} B`);
    }
    const rssAfterPagesMb = readMemory(server.pid).rssMb;

    let load: ScaleRun["load"];
    if (backend === "PGlite") {
      const url = server.url;
      let next = 0;
      const result = await runLoad({
        concurrency: LOAD_CLIENTS,
        total: LOAD_REQUESTS,
        send: async (_client, agent) => {
          const spec = specs[next++ % specs.length];
          const headers: Record<string, string> = { ...BROWSER_HEADERS, ...(spec.kind === "admin" ? { cookie: seeded.cookie } : {}) };
          return (await httpRequest(`${url}${spec.path}`, { agent, headers })).status;
        },
      });
      load = {
        requests: result.requests,
        failures: result.failures,
        statuses: result.statuses,
        p50Ms: result.p50Ms,
        p99Ms: result.p99Ms,
        rssAfterMb: readMemory(server.pid).rssMb,
      };
      log(`scale:   load ${LOAD_REQUESTS} requests, ${LOAD_CLIENTS} clients: ${JSON.stringify(load)}`);
    }

    const exports = [
      await timeExport(server, "/admin/audit.csv", "/admin/audit.csv", seeded.cookie, seeded.counts.audit_log),
      await timeExport(server, "/admin/leads.csv?status=all", "/admin/leads.csv?status=all", seeded.cookie, seeded.counts.leads),
    ];
    const rssAfterExportsMb = readMemory(server.pid).rssMb;
    await server.stop();
    server = undefined;

    let backup: ScaleRun["backup"];
    if (backend === "PGlite") {
      const out = path.join(dataDir, "..", `${path.basename(dataDir)}-backup.tar.gz`);
      try {
        const t0 = performance.now();
        await run(process.execPath, ["--import", "tsx", "scripts/db-backup.ts", "backup", "--out", out], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
          maxBuffer: 16 * 1024 * 1024,
        });
        backup = {
          seconds: round((performance.now() - t0) / 1000, 1),
          megabytes: round(statSync(out).size / 1048576, 1),
          dataDirMegabytes: folderMegabytes(dataDir),
        };
        log(`scale:   db:backup: ${JSON.stringify(backup)}`);
      } catch (error) {
        backup = { error: (error instanceof Error ? error.message : String(error)).split("\n").slice(0, 3).join(" ") };
        log(`scale:   db:backup failed: ${backup.error}`);
      } finally {
        rmSync(out, { force: true });
      }
    }
    return {
      size,
      backend,
      seedSeconds: seeded.seconds,
      counts: seeded.counts,
      rssIdleMb,
      pages,
      rssAfterPagesMb,
      load,
      exports,
      rssAfterExportsMb,
      backup,
    };
  } finally {
    await server?.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function scaleOptions(): { sizes: SizeName[]; pglite: SizeName | null } {
  const raw = (process.env.BENCH_SCALE_SIZES ?? "S1,S2,S3")
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const bad = raw.filter((s) => !(s in SIZES));
  if (bad.length) throw new Error(`BENCH_SCALE_SIZES: unknown size(s) ${bad.join(", ")}; known: ${Object.keys(SIZES).join(", ")}`);
  const sizes = (Object.keys(SIZES) as SizeName[]).filter((s) => raw.includes(s));
  const pglite = process.env.BENCH_SCALE_PGLITE === "0" || sizes.length === 0 ? null : sizes.includes("S3") ? "S3" : sizes.at(-1)!;
  return { sizes, pglite };
}

export async function measureScale(): Promise<ScaleResult> {
  const { sizes, pglite } = scaleOptions();
  // The seeding process signs the administrator in: the server gets the same secret (authSecret).
  process.env.BETTER_AUTH_SECRET ??= SECRET;
  const runs: ScaleRun[] = [];
  for (const size of sizes) runs.push(await measureOne(size, "PostgreSQL"));
  if (pglite) runs.push(await measureOne(pglite, "PGlite"));
  return { sizes, pglite, runs };
}

// ---------------------------------------------------------------------------------------------
// Report

export interface ScaleFigure {
  group: string;
  figure: string;
  value: number | null;
  unit: string;
  target?: { op: "<="; limit: number };
  note?: string;
}

const find = (r: ScaleResult, size: SizeName, backend: Backend) => r.runs.find((x) => x.size === size && x.backend === backend);
const ms = (t: PageTiming | undefined) =>
  !t ? "" : Number.isFinite(t.medianMs) ? `${t.medianMs.toFixed(1)} / ${t.p95Ms.toFixed(1)}` : `HTTP ${t.status}`;
const verdict = (value: number | undefined | null, limit: number, strict = false) =>
  value === undefined || value === null || !Number.isFinite(value) ? "n/a" : (strict ? value < limit : value <= limit) ? "OK" : "MISS";
const pageLimit = (t: PageTiming, backend: Backend) =>
  t.kind === "public" ? SCALE_TARGETS.publicMs : backend === "PGlite" ? SCALE_TARGETS.adminMsPglite : SCALE_TARGETS.adminMsPostgres;

/** The targets and ratios, for the bench's summary (main.ts). */
export function scaleFigures(r: ScaleResult): ScaleFigure[] {
  const out: ScaleFigure[] = [];
  for (const backend of ["PostgreSQL", "PGlite"] as const) {
    const s3 = find(r, "S3", backend);
    if (!s3) continue;
    for (const t of s3.pages)
      out.push({
        group: `Scale S3 ${backend}`,
        figure: `${t.label} median`,
        value: Number.isFinite(t.medianMs) ? t.medianMs : null,
        unit: "ms",
        target: { op: "<=", limit: pageLimit(t, backend) },
        note: Number.isFinite(t.medianMs) ? `p95 ${t.p95Ms} ms` : `HTTP ${t.status}, expected ${t.expected}`,
      });
    const audit = s3.exports[0];
    out.push(
      {
        group: `Scale S3 ${backend}`,
        figure: `audit.csv ${audit.rows.toLocaleString("en-US")} rows`,
        value: audit.status === 200 ? audit.seconds : null,
        unit: "s",
        target: { op: "<=", limit: SCALE_TARGETS.auditExportSeconds },
        note: `${audit.rowsPerSecond} rows/s`,
      },
      {
        group: `Scale S3 ${backend}`,
        figure: "audit.csv RSS growth",
        value: audit.status === 200 ? audit.rssGrowthMb : null,
        unit: "MB",
        target: { op: "<=", limit: SCALE_TARGETS.auditExportGrowthMb },
      },
    );
  }
  const s2 = find(r, "S2", "PostgreSQL");
  const s3 = find(r, "S3", "PostgreSQL");
  if (s2 && s3)
    for (let i = 0; i < s3.exports.length; i++)
      out.push({
        group: "Scale PostgreSQL",
        figure: `${s3.exports[i].label} time S3/S2 (10 x rows)`,
        value: round(s3.exports[i].seconds / s2.exports[i].seconds, 2),
        unit: "",
        target: { op: "<=", limit: SCALE_TARGETS.linearRatioMax },
      });
  return out;
}

/** The phase's tables, as printed by main.ts. */
export function scaleReport(r: ScaleResult): string {
  const out: string[] = [];
  const pgRuns = r.sizes.map((s) => find(r, s, "PostgreSQL")).filter((x): x is ScaleRun => Boolean(x));
  const lite = r.pglite ? find(r, r.pglite, "PGlite") : undefined;
  const first = pgRuns[0];
  const last = pgRuns.at(-1);
  const labels = (first ?? lite)?.pages.map((p) => p.label) ?? [];
  const T = SCALE_TARGETS;
  out.push(
    "",
    `Scale: pages as the data grows (median / p95 ms of ${RUNS} sequential requests after ${WARMUPS} warm-ups; one server process; gzip accepted).`,
    `Targets at S3: admin <= ${T.adminMsPostgres} ms on PostgreSQL, <= ${T.adminMsPglite} ms on PGlite; public <= ${T.publicMs} ms. ` +
      `Sizes (leads/audit/posts/rules/graphics/sessions): ${r.sizes
        .concat(r.pglite && !r.sizes.includes(r.pglite) ? [r.pglite] : [])
        .map((s) => `${s} ${Object.values(SIZES[s]).join("/")}`)
        .join("; ")}`,
  );
  const ratioHead = first && last && first !== last ? `${last.size}/${first.size}` : "ratio";
  const headers = [
    "page",
    ...pgRuns.map((x) => `${x.size} PostgreSQL`),
    ratioHead,
    ...(last ? ["target", "result"] : []),
    ...(lite ? [`${lite.size} PGlite`, "target", "result"] : []),
  ];
  const rows = labels.map((label) => {
    const at = (x: ScaleRun | undefined) => x?.pages.find((p) => p.label === label);
    const a = at(first);
    const b = at(last);
    const ratio = a && b && first !== last && a.medianMs > 0 ? (b.medianMs / a.medianMs).toFixed(2) : "";
    const row = [label, ...pgRuns.map((x) => ms(at(x))), ratio];
    if (b && last)
      row.push(`<= ${pageLimit(b, "PostgreSQL")}`, last.size === "S3" ? verdict(b.medianMs, pageLimit(b, "PostgreSQL")) : "(S3 only)");
    const l = at(lite);
    if (l && lite)
      row.push(ms(l), `<= ${pageLimit(l, "PGlite")}`, lite.size === "S3" ? verdict(l.medianMs, pageLimit(l, "PGlite")) : "(S3 only)");
    return row;
  });
  out.push(
    table(
      headers,
      rows,
      headers.map((_, i) => (i === 0 ? "l" : "r")),
    ),
  );

  const all = [...pgRuns, ...(lite ? [lite] : [])];
  out.push("", "Exports, whole, once each (identity encoding); RSS growth = peak VmRSS while streaming - VmRSS before");
  const exportRows: string[][] = [];
  for (const x of all)
    for (const e of x.exports) {
      const isAudit = e.label.startsWith("/admin/audit");
      const target =
        isAudit && x.size === "S3"
          ? `${verdict(e.seconds, T.auditExportSeconds)} (<= ${T.auditExportSeconds} s), ${verdict(e.rssGrowthMb, T.auditExportGrowthMb, true)} (< ${T.auditExportGrowthMb} MB)`
          : "";
      exportRows.push([
        e.label,
        `${x.size} ${x.backend}`,
        e.status === 200 ? e.rows.toLocaleString("en-US") : `HTTP ${e.status}`,
        e.rows === e.expectedRows ? "yes" : `no (${e.expectedRows})`,
        e.megabytes.toFixed(1),
        e.seconds.toFixed(2),
        e.rowsPerSecond.toLocaleString("en-US"),
        e.rssBeforeMb.toFixed(0),
        e.rssGrowthMb.toFixed(1),
        target,
      ]);
    }
  out.push(
    table(["export", "database", "rows", "all rows", "MB", "seconds", "rows/s", "RSS before MB", "growth MB", "target"], exportRows, [
      "l",
      "l",
      "r",
      "l",
      "r",
      "r",
      "r",
      "r",
      "r",
      "l",
    ]),
  );
  const s2 = find(r, "S2", "PostgreSQL");
  const s3 = find(r, "S3", "PostgreSQL");
  if (s2 && s3)
    out.push(
      `Exports linear (PostgreSQL, time S3/S2 for 10 x the rows; OK <= ${T.linearRatioMax}): ` +
        s3.exports
          .map((e, i) => {
            const ratio = e.seconds / s2.exports[i].seconds;
            return `${e.label} ${ratio.toFixed(2)} ${verdict(ratio, T.linearRatioMax)}`;
          })
          .join("; "),
    );

  out.push("", "Server RSS (MB) and seeding");
  out.push(
    table(
      [
        "database",
        "seed s",
        "RSS idle",
        "after pages",
        "after load",
        "after exports",
        "rows (leads/audit/posts/rules/graphics/sessions/users)",
      ],
      all.map((x) => [
        `${x.size} ${x.backend}`,
        x.seedSeconds.toFixed(0),
        x.rssIdleMb.toFixed(0),
        x.rssAfterPagesMb.toFixed(0),
        x.load ? x.load.rssAfterMb.toFixed(0) : "",
        x.rssAfterExportsMb.toFixed(0),
        ["leads", "audit_log", "blog_posts", "redirects", "storage_objects", "session", "user"].map((t) => x.counts[t]).join("/"),
      ]),
      ["l", "r", "r", "r", "r", "r", "l"],
    ),
  );
  if (lite?.load)
    out.push(
      `${lite.size} PGlite load: ${lite.load.requests} requests over the ${labels.length} pages, ${LOAD_CLIENTS} clients: p50 ${lite.load.p50Ms} ms, ` +
        `p99 ${lite.load.p99Ms} ms, ${lite.load.failures} failures, statuses ${JSON.stringify(lite.load.statuses)}; ` +
        `RSS ${lite.rssAfterPagesMb} MB after the warm-up and pages, ${lite.load.rssAfterMb} MB after the load`,
    );
  if (lite?.backup)
    out.push(
      "error" in lite.backup
        ? `${lite.size} PGlite npm run db:backup: failed: ${lite.backup.error}`
        : `${lite.size} PGlite npm run db:backup: ${lite.backup.seconds} s, ${lite.backup.megabytes} MB .tar.gz of a ${lite.backup.dataDirMegabytes} MB data folder`,
    );
  return out.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) await runPhaseAlone(measureScale, scaleReport, scaleFigures);
