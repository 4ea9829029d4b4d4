/**
 * The database schema: better-auth's tables (user, session, account, verification, rateLimit),
 * the product's own user_roles, the source of truth for roles (docs/requirements/accounts.md#roles), contact-form leads with
 * their e-mail outbox state and their pipeline history, the document library, stored files (graphics), and the first-party
 * Insights events with their daily salts (docs/requirements/insights.md#insights). Migrations in
 * ./drizzle are generated from this file with `npm run db:generate`.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

/** A check that `column` holds one of `values` (text columns whose values the code lists). */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable("user", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /**
   * better-auth's admin plugin reads the role here ("user", "editor" or "admin"; only "admin" is one of its
   * adminRoles). user_roles stays the source of truth (docs/requirements/accounts.md#roles); setRole in
   * app/auth/roles.server.ts writes both in one transaction.
   */
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** better-auth's twoFactor plugin: true once a TOTP secret is confirmed by a first code. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** better-auth's admin plugin; impersonation is never offered (ADR 011). */
    impersonatedBy: text("impersonated_by"),
    /**
     * When this session passed the second factor: made by the code step at sign-in, or the session that
     * completed two-factor setup. Null for a password-only session, which never opens the admin area
     * (docs/requirements/accounts.md#two-factor-sign-in). Set only on the server (app/auth/second-factor.server.ts).
     */
    twoFactorVerifiedAt: timestamp("two_factor_verified_at", { withTimezone: true }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** argon2id hash, for the e-mail and password provider. */
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's twoFactor plugin: the encrypted TOTP secret and backup codes of a user. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/**
 * Failed sign-in attempts (password or second-factor code), per account and per client address, in a
 * fixed window (docs/requirements/accounts.md#sign-in-throttling). Successful sign-ins never count. Stored in the
 * database so that every server process shares them.
 */
export const authThrottle = pgTable("auth_throttle", {
  /** "account:<e-mail>", "known-browser:<user id>:<stamp>" or "address:<client address>" (and "used-code:<hash>"). */
  key: text("key").primaryKey(),
  /** Failures in the window, plus the attempts still being checked (each is claimed before it is). */
  failures: integer("failures").notNull(),
  /** When the current window started, in milliseconds since 1970. */
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  /** Set when the limit is reached: no attempt is checked before this time (milliseconds since 1970). */
  lockedUntil: bigint("locked_until", { mode: "number" }),
});

/**
 * The audit log of account events (docs/requirements/accounts.md#audit-log): written once, never edited, kept
 * one year. Who acted and on whom are kept by e-mail as well as id, so an entry outlives the account.
 * Nothing secret is stored: no password, code, token or link.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    event: text("event").notNull(),
    outcome: text("outcome").notNull(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    targetId: uuid("target_id"),
    targetEmail: text("target_email"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** A short, non-secret note (the role granted, the reason of a refusal). */
    detail: text("detail"),
  },
  (t) => [
    // (at, id), read backwards: ORDER BY at DESC, id DESC of every list and of the export's keyset
    // batches, so that no batch sorts (ADR 018). Plain ascending on purpose: drizzle's .desc() is
    // DESC NULLS LAST, which that ORDER BY (NULLS FIRST) cannot use.
    index("audit_log_at_id_idx").on(t.at, t.id),
    index("audit_log_event_idx").on(t.event, t.at.desc()),
    // The person filter: the beginning of an e-mail, any case, of who acted or on whom
    // (lower(e-mail) LIKE 'jane%'); text_pattern_ops makes LIKE with a fixed prefix an index range.
    index("audit_log_actor_email_idx").on(sql`lower(${t.actorEmail}) text_pattern_ops`),
    index("audit_log_target_email_idx").on(sql`lower(${t.targetEmail}) text_pattern_ops`),
  ],
);

/**
 * Sign-in attempt counters, shared by every server process (docs/requirements/operations.md#data-and-deployment). better-auth owns this
 * table and deletes rows older than its own window: keep nobody else's counters here.
 */
export const rateLimit = pgTable("rate_limit", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The contact form's submissions per client address, in a fixed window. A table of its own:
 * better-auth's cleanup deletes every rate_limit row older than a minute, which would cut this
 * ten-minute window short. Ended windows are pruned by the leads worker.
 */
export const contactRateLimit = pgTable("contact_rate_limit", {
  address: text("address").primaryKey(),
  count: integer("count").notNull(),
  /** When the current window started, in milliseconds since 1970. */
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
});

/**
 * The roles a user_roles row may hold (docs/requirements/accounts.md#roles): "admin" (everything of the admin
 * area) and "editor" (the content studio and the blog). The column is plain text: a new role needs no migration.
 */
export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

/**
 * docs/requirements/accounts.md#roles: user_roles (user_id, role). A row with role "admin" makes a user an
 * administrator, one with role "editor" an editor; the roles are independent rows.
 */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").$type<Role>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * Contact-form leads (docs/requirements/leads.md#leads). A lead is committed here before the visitor is told it was
 * received; the sales e-mail is an outbox kept on the same row (notify_* columns), so an SMTP
 * outage never loses or blocks a lead and a restart resumes pending sends.
 */
export const NOTIFY_STATUSES = ["held", "pending", "sent", "failed", "off"] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];

/**
 * A lead's place in the sales pipeline (docs/requirements/leads.md#pipeline): new, contacted,
 * qualified, won, lost; and spam, apart from the pipeline (caught by the contact form's checks, or
 * marked so by staff). The labels are in app/leads/pipeline.ts.
 */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Why the contact form's checks took a submission for spam (app/leads/spam.ts): a code and the sentence staff read. */
export interface SpamReason {
  code: string;
  text: string;
}

/**
 * What the admin search of leads reads (docs/requirements/leads.md#leads): name, e-mail, company and
 * message, lower-cased, in one text (all four are NOT NULL, so it is never null). Between them,
 * LEADS_SEARCH_SEPARATOR: a term without it matches this text exactly where it matches one of the
 * fields. The trigram index `leads_search_trgm_idx` serves only a query with this exact expression.
 */
export const leadsSearchText = (t: { fullName: AnyPgColumn; email: AnyPgColumn; company: AnyPgColumn; message: AnyPgColumn }) =>
  sql`lower(${t.fullName} || E'\\x1f' || ${t.email} || E'\\x1f' || ${t.company} || E'\\x1f' || ${t.message})`;

/** The character between the fields in leadsSearchText (U+001F, a control character no form field keeps). */
export const LEADS_SEARCH_SEPARATOR = "\u001f";

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formType: text("form_type").notNull().default("contact"),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company").notNull(),
    companySize: text("company_size"),
    /** A service slug, or "not-sure". */
    service: text("service"),
    message: text("message").notNull(),
    referralSource: text("referral_source"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The page the visit landed on (path and query), when known. */
    landingPage: text("landing_page"),
    /** The host of the site whose link brought the visit (its referrer), when known; never its path. */
    referrerHost: text("referrer_host"),
    /**
     * Written by releases before the lead pipeline (ADR 030), read by none since: migration 0020
     * copied each mark into the lead's history. Dropped in a later release (a rolling upgrade runs
     * the old code against this schema for a while: docs/deploy.md#upgrades).
     */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: uuid("handled_by").references(() => user.id, { onDelete: "set null" }),
    /** Where the lead is in the pipeline, or spam (docs/requirements/leads.md#pipeline). */
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    /** The staff member working it; null: nobody yet. */
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** Why the contact form's checks took it for spam (null: they did not), kept after a "Not spam". */
    spamReasons: jsonb("spam_reasons").$type<SpamReason[]>(),
    /**
     * held: not handed to sales (caught as spam; handed over at "Not spam"); pending: to send; sent;
     * failed: gave up after the last retry; off: SMTP not configured when it was handed over.
     */
    notifyStatus: text("notify_status").$type<NotifyStatus>().notNull().default("pending"),
    notifyAttempts: integer("notify_attempts").notNull().default(0),
    notifyNextAttemptAt: timestamp("notify_next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    notifyLastError: text("notify_last_error"),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /**
     * The id the form carried (one per rendering of the form): the same submission sent twice
     * (a retry after a lost answer) is stored once. Null when the form sent none.
     */
    submissionId: uuid("submission_id").unique(),
    ...timestamps,
  },
  (t) => [
    // (created_at, id), read backwards: the list's and the export's ORDER BY created_at DESC, id DESC (ADR 018).
    index("leads_created_at_id_idx").on(t.createdAt, t.id),
    // The list of one status (?status=qualified, the Spam view), newest first, and the count of each status.
    index("leads_status_created_at_id_idx").on(t.status, t.createdAt, t.id),
    // The list of one owner's leads (?owner=me), newest first.
    index("leads_owner_created_at_id_idx")
      .on(t.ownerId, t.createdAt, t.id)
      .where(sql`owner_id is not null`),
    check("leads_status_check", oneOf("status", LEAD_STATUSES)),
    index("leads_notify_due_idx")
      .on(t.notifyNextAttemptAt)
      .where(sql`notify_status = 'pending'`),
    // The admin search (docs/requirements/leads.md#leads): trigrams of the searched text, so that
    // `leadsSearchText(...) LIKE '%term%'` is read from the index, not the whole table (ADR 018).
    index("leads_search_trgm_idx").using("gin", sql`${leadsSearchText(t)} gin_trgm_ops`),
  ],
);

/**
 * A lead's history (docs/requirements/leads.md#pipeline): every change staff made to it, written in
 * the same transaction as the change (app/leads/pipeline.server.ts), never edited. `status`: from →
 * to (status codes); `owner`: from → to (user ids, with the names they had then); `note`: a note,
 * its text in `note`. Who acted is kept by name too, so an entry outlives the account.
 */
export const LEAD_EVENT_KINDS = ["status", "owner", "note"] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export const leadEvents = pgTable(
  "lead_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's name (or e-mail) when it happened. */
    actorName: text("actor_name"),
    kind: text("kind").$type<LeadEventKind>().notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    /** An owner change: the names (or e-mails) of the owners then. */
    fromName: text("from_name"),
    toName: text("to_name"),
    note: text("note"),
  },
  (t) => [
    // A lead's history and notes, newest first (at, then id); the export's latest note of each lead.
    index("lead_events_lead_at_id_idx").on(t.leadId, t.at, t.id),
    check("lead_events_kind_check", oneOf("kind", LEAD_EVENT_KINDS)),
  ],
);

/** The document library (docs/requirements/blog-and-documents.md#documents): internal docs and the /mloe and /ste collections. */
export const DOCUMENT_COLLECTIONS = ["docs", "mloe", "ste"] as const;
export type DocumentCollection = (typeof DOCUMENT_COLLECTIONS)[number];

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    collection: text("collection").$type<DocumentCollection>().notNull(),
    /** Markdown source; rendered and sanitised on the server. */
    body: text("body").notNull().default(""),
    /** The body's sanitised HTML, made at save (ADR 017); null until rendered. */
    html: text("html"),
    /** Which renderer made `html` (markdown.server.ts rendererKey); another one renders it again on read. */
    htmlRenderer: text("html_renderer"),
    published: boolean("published").notNull().default(false),
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("documents_collection_idx").on(t.collection, t.updatedAt.desc())],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Stored files: the default backend of the storage interface (ADR 007), so that every
 * server process sees the same files and one database backup holds everything. `name` is the
 * object's path inside its bucket ("logos/acme.png").
 */
export const storageObjects = pgTable(
  "storage_objects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucket: text("bucket").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Hex SHA-256 of the content, served as the ETag. */
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    /** A small WebP made with sharp, when the file is an image sharp can read. */
    thumbnail: bytea("thumbnail"),
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("storage_objects_bucket_name_idx").on(t.bucket, t.name)],
);

/**
 * Blog posts (docs/requirements/blog-and-documents.md#blog). A post is public when status is "published" and
 * publish_at is not after the database's clock: "scheduled" is a published post whose time has
 * not come. The cover is the name of a file in the graphics bucket.
 */
export const POST_STATUSES = ["draft", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** Markdown source; rendered and sanitised on the server, as the documents are. */
    body: text("body").notNull().default(""),
    /** The body's sanitised HTML, made at save (ADR 017); null until rendered. */
    html: text("html"),
    /** Which renderer made `html` (markdown.server.ts rendererKey); another one renders it again on read. */
    htmlRenderer: text("html_renderer"),
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    authorName: text("author_name").notNull(),
    /** Free-text tags, in the order typed. */
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Worked out from the body on every save (blog-rules.ts readingMinutes), for the lists. */
    readingMinutes: integer("reading_minutes").notNull().default(1),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("blog_posts_public_idx").on(t.status, t.publishAt.desc())],
);

/**
 * Redirect rules (docs/requirements/blog-and-documents.md#redirects): an old path of this site to a path of this
 * site or an absolute http(s) URL, applied before the not-found page for GET and HEAD.
 */
export const redirects = pgTable("redirects", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Normalised: starts with "/", no query, no fragment, no trailing slash (except "/"). */
  source: text("source").notNull().unique(),
  target: text("target").notNull(),
  /** 301 or 302. */
  status: integer("status").notNull().default(301),
  hits: integer("hits").notNull().default(0),
  lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
  updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
  ...timestamps,
});

export const INSIGHT_KINDS = ["page_view", "form_submit", "phone_call", "email_click", "web_vital"] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const WEB_VITAL_METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];
export const WEB_VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;

/**
 * Insights (docs/requirements/insights.md#insights, ADR 021): one row per event a visitor's browser sent,
 * raw, kept INSIGHTS_RETENTION_DAYS. No address, no user agent, no cookie: `visitor` is a hash of
 * the day's salt, the address and the site's host, which cannot be linked across days.
 */
export const insightEvents = pgTable(
  "insight_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    kind: text("kind").$type<InsightKind>().notNull(),
    /** The path of a page of the site (app/insights/site-pages.server.ts), or "other". */
    path: text("path").notNull(),
    /** Hex of the first 16 bytes of SHA-256(salt of the day, address, site host). */
    visitor: text("visitor").notNull(),
    /** The referring site's host; null for none or this site. */
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    device: text("device").$type<DeviceClass>().notNull(),
    /** The browser's family ("Chrome", "Safari"...), never the user agent. */
    browser: text("browser").notNull(),
    /** phone_call and email_click: where the link was (docs/requirements/public-site.md#analytics). */
    clickLocation: text("click_location"),
    /** web_vital: the metric, its value and its rating. */
    metric: text("metric"),
    value: doublePrecision("value"),
    rating: text("rating"),
  },
  (t) => [
    index("insight_events_at_idx").on(t.at),
    index("insight_events_kind_at_idx").on(t.kind, t.at),
    /** A filtered dashboard view reads the events of the visitors it may keep (ADR 023). */
    index("insight_events_visitor_at_idx").on(t.visitor, t.at),
    check("insight_events_kind_check", oneOf("kind", INSIGHT_KINDS)),
    check("insight_events_device_check", oneOf("device", DEVICE_CLASSES)),
    check("insight_events_metric_check", sql`metric is null or ${oneOf("metric", WEB_VITAL_METRICS)}`),
    check("insight_events_rating_check", sql`rating is null or ${oneOf("rating", WEB_VITAL_RATINGS)}`),
  ],
);

/**
 * The salt of each day (in the office's time zone) for Insights' visitor hashes: 32 random bytes,
 * made on first use (INSERT ... ON CONFLICT DO NOTHING, then read back, so every process agrees).
 * Earlier days' salts are deleted at rotation and by the hourly housekeeping.
 */
export const insightSalts = pgTable("insight_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  /** 64 hex characters. */
  salt: text("salt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Insights' daily aggregates (docs/requirements/insights.md#insights-dashboard, ADR 023): for each finished
 * day (office time zone), the sums of its visits in total (dimension "total", value ""), by the
 * hour they started ("hour", "YYYY-MM-DDTHH"), by page (visits that viewed it, and its own page
 * views), and by entry page, referring site, UTM source, medium and campaign, device and browser
 * ("" for none). Written by the hourly housekeeping from the raw events (a day is replaced when
 * done again; today's too, every minute, on a busy day), kept 25 months, so the dashboard can show
 * periods older than the raw events' retention.
 */
export const insightDaily = pgTable(
  "insight_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    /** Distinct visitor hashes of the day. */
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
    pageviews: integer("pageviews").notNull(),
    /** Visits with one page view and no conversion. */
    bounces: integer("bounces").notNull(),
    /** Visits with at least one conversion. */
    converted: integer("converted").notNull(),
    /** Contact-form submissions, phone clicks, e-mail clicks. */
    leads: integer("leads").notNull(),
    calls: integer("calls").notNull(),
    emails: integer("emails").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] }), index("insight_daily_dimension_day_idx").on(t.dimension, t.day)],
);

/**
 * Insights' daily aggregates by one filter (ADR 026): for each filter people choose on the dashboard
 * (a visit's entry page, referrer, source, medium, campaign, device, browser, or a page it viewed)
 * and each of its values ("" for none) on a day, the rows `insight_daily` has for the whole day,
 * of the visits that filter keeps, and the visits with a phone or e-mail tap by place (dimension
 * "phone_call" or "email_click"). A view of several days with one filter reads these, as an
 * unfiltered one reads `insight_daily`. Written from `insight_visits` with it, and kept as long.
 */
export const insightDailyFiltered = pgTable(
  "insight_daily_filtered",
  {
    filter: text("filter").notNull(),
    filterValue: text("filter_value").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
    pageviews: integer("pageviews").notNull(),
    bounces: integer("bounces").notNull(),
    converted: integer("converted").notNull(),
    leads: integer("leads").notNull(),
    calls: integer("calls").notNull(),
    emails: integer("emails").notNull(),
  },
  (t) => [
    primaryKey({ name: "insight_daily_filtered_pk", columns: [t.filter, t.filterValue, t.day, t.dimension, t.value] }),
    index("insight_daily_filtered_day_idx").on(t.day),
  ],
);

/**
 * When each day's Insights aggregates (`insight_daily`, `insight_daily_vitals`) were last written
 * (ADR 023): a finished day's by the hourly housekeeping; today's, on a busy site, every minute, so
 * that views of several days read today from them too and say how old they are.
 */
export const insightDailyRuns = pgTable("insight_daily_runs", {
  day: date("day", { mode: "string" }).primaryKey(),
  /** The start of the transaction that wrote them: events stored before it are counted. */
  aggregatedAt: timestamp("aggregated_at", { withTimezone: true }).notNull(),
  /** How many of the day's events they counted (all kinds): more now, and they are behind. */
  events: integer("events").notNull(),
});

/**
 * Insights' visits (docs/requirements/insights.md#insights-dashboard, ADR 026): one row per visit of each
 * finished day (and of today, on a busy day), worked out from the raw events by the same query as
 * the daily aggregates and written with them: what a filtered view reads instead of working the
 * visits out again. Its dimensions are its first event's; the pages it viewed and how often, and
 * the places of its phone and e-mail taps ("" for none) are arrays, so a filtered view reads the
 * visit alone; `until` is the start of the visitor's next visit (its Web Vitals samples are those
 * before it). Kept as long as the raw events.
 */
export const insightVisits = pgTable(
  "insight_visits",
  {
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
    started: timestamp("started", { withTimezone: true }).notNull(),
    until: timestamp("until", { withTimezone: true }),
    entry: text("entry"),
    referrer: text("referrer"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(),
    browser: text("browser").notNull(),
    pageviews: integer("pageviews").notNull(),
    leads: integer("leads").notNull(),
    calls: integer("calls").notNull(),
    emails: integer("emails").notNull(),
    /** The paths it viewed, and (in the same order) how many times. */
    pages: text("pages").array().notNull(),
    pageViews: integer("page_views").array().notNull(),
    /** The places of its phone and of its e-mail taps, each once. */
    phoneAt: text("phone_at").array().notNull(),
    emailAt: text("email_at").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.visitor, t.started] }),
    index("insight_visits_day_idx").on(t.day),
    index("insight_visits_entry_day_idx").on(t.entry, t.day),
    index("insight_visits_referrer_day_idx").on(t.referrer, t.day),
    index("insight_visits_source_day_idx").on(t.utmSource, t.day),
    index("insight_visits_medium_day_idx").on(t.utmMedium, t.day),
    index("insight_visits_campaign_day_idx").on(t.utmCampaign, t.day),
    index("insight_visits_pages_idx").using("gin", t.pages),
  ],
);

/**
 * Insights' site-wide budget (docs/requirements/insights.md#insights): the events taken and dropped in each
 * minute (UTC, "2026-11-29T15:04") and each day (office time zone, "2026-11-29"), counted by every
 * process as it writes a batch. Minutes are kept two days, days as long as the daily aggregates.
 */
export const insightIntake = pgTable(
  "insight_intake",
  {
    /** "minute" or "day". */
    scope: text("scope").$type<"minute" | "day">().notNull(),
    /** The minute or the day. */
    period: text("period").notNull(),
    accepted: integer("accepted").notNull(),
    dropped: integer("dropped").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.period] }), check("insight_intake_scope_check", oneOf("scope", ["minute", "day"]))],
);

/** The columns of a day's Web Vitals sums by group (a fresh set for each table). */
const vitalSumColumns = () => ({
  day: date("day", { mode: "string" }).notNull(),
  metric: text("metric").$type<WebVitalMetric>().notNull(),
  dimension: text("dimension").notNull(),
  value: text("value").notNull(),
  samples: integer("samples").notNull(),
  good: integer("good").notNull(),
  needsImprovement: integer("needs_improvement").notNull(),
  poor: integer("poor").notNull(),
  /** Bucket number (as text, a JSON key) → samples in it: see app/insights/vitals.ts. */
  histogram: jsonb("histogram").$type<Record<string, number>>().notNull(),
});

/**
 * Insights' daily Web Vitals (docs/requirements/insights.md#insights-dashboard, ADR 023): for each finished
 * day, each metric and each group (dimension "all" with value "", "page", "family", "device"), the
 * samples by rating and a histogram of their values in buckets 2 % wide (bucket → samples), from
 * which the dashboard reads the 75th percentile of any run of days (percentiles do not add up;
 * histograms do). Written with `insight_daily` by the hourly housekeeping, kept as long as the raw
 * events (INSIGHTS_RETENTION_DAYS): they make the dashboard's percentiles fast, not longer-lived.
 */
export const insightDailyVitals = pgTable("insight_daily_vitals", vitalSumColumns(), (t) => [
  primaryKey({ columns: [t.day, t.metric, t.dimension, t.value] }),
]);

/**
 * Running sums of `insight_daily_vitals` (ADR 023): for each day that has Web Vitals, each group's
 * samples, ratings and histogram summed over every kept day up to and including it. A run of days
 * is then the running sums of its last day less those of the day before it: two rows a group,
 * whatever the number of days. Written with the daily rows (and again from a day written late),
 * and written anew from the oldest kept day when older days are deleted.
 */
export const insightVitalsRunning = pgTable("insight_vitals_running", vitalSumColumns(), (t) => [
  primaryKey({ columns: [t.day, t.metric, t.dimension, t.value] }),
]);

/**
 * The administrators who asked for Insights' weekly summary by e-mail (docs/requirements/insights.md#insights-weekly-summary),
 * one row each, set on their account page: no row, no e-mail (the default). Only administrators can
 * set it, and only administrators with two-factor sign-in on get the e-mail.
 */
export const insightSummarySubscriptions = pgTable("insight_summary_subscriptions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const SUMMARY_SEND_STATUSES = ["sending", "sent", "failed"] as const;
export type SummarySendStatus = (typeof SUMMARY_SEND_STATUSES)[number];

/**
 * Each weekly summary's e-mail to each administrator (docs/requirements/insights.md#insights-weekly-summary):
 * `week` is the first day (a Monday) of the week it sums up. A row is claimed (inserted, or taken
 * back from "failed") by one process before it sends, so however many processes and hosts run the
 * housekeeping, each administrator gets one e-mail a week. Rows are deleted after 13 weeks.
 */
export const insightSummarySends = pgTable(
  "insight_summary_sends",
  {
    week: date("week", { mode: "string" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<SummarySendStatus>().notNull(),
    attempts: integer("attempts").notNull().default(1),
    /** When the process sending it claimed it (a claim left "sending" past its lease is taken over). */
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] }), check("insight_summary_sends_status_check", oneOf("status", SUMMARY_SEND_STATUSES))],
);

/**
 * The content studio's items (docs/requirements/content-studio.md): one row per editable item
 * (`facts`, `home`, `service/managed-it`, ...), its published data and its draft, both JSON checked
 * by the item type's schema (app/studio). `revision` grows with every write: a save names the
 * revision its form was made from, and is refused when another write came first (no lost update).
 * A due `scheduledAt` publishes the draft, on one process (the row's lock decides).
 */
export const contentItems = pgTable(
  "content_items",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The item's display title, kept at every write for the list and its search. */
    title: text("title").notNull(),
    published: jsonb("published").notNull(),
    publishedVersion: integer("published_version").notNull().default(1),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Unpublished changes; null: none. */
    draft: jsonb("draft"),
    revision: integer("revision").notNull().default(1),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
    /** Who wrote last, as shown in the studio (kept when the account is gone). */
    updatedByName: text("updated_by_name"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_items_scheduled_idx")
      .on(t.scheduledAt)
      .where(sql`scheduled_at is not null`),
  ],
);

/** Every published version of every content item (its history): kept, never changed. */
export const contentVersions = pgTable(
  "content_versions",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    data: jsonb("data").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid("published_by").references(() => user.id, { onDelete: "set null" }),
    publishedByName: text("published_by_name"),
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.version] })],
);

/**
 * Webhook endpoints (docs/requirements/webhooks.md#webhooks, ADR 031): where lead events are
 * POSTed, signed as Standard Webhooks says. The signing secrets are stored encrypted (AES-256-GCM
 * with a key derived from the server's secret, bound to the endpoint's id), so a dump of the
 * database alone cannot sign; the id is made by the server before the row, for that binding.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The event types it receives (lead.created, lead.updated). */
  events: text("events").array().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /** Why it was disabled, as the page shows it (by whom, or the receiver's 410 Gone); null while enabled. */
  disabledReason: text("disabled_reason"),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** The current signing secret, encrypted (app/webhooks/secrets.server.ts). */
  secret: text("secret").notNull(),
  /** The secret before the last rotation, encrypted, still signed with until `previousSecretExpiresAt`. */
  previousSecret: text("previous_secret"),
  previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
  secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true }),
  createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
  ...timestamps,
});

/** pending: to deliver (or being delivered: `lockedUntil` in the future); delivered: a 2xx; failed: given up, or its endpoint disabled. */
export const WEBHOOK_MESSAGE_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

/**
 * The webhook queue: one row per event and endpoint, with its delivery state (ADR 031). Workers in
 * every server process claim due rows with FOR UPDATE SKIP LOCKED and a lease (`lockedUntil`), so a
 * message is attempted by one process at a time, and one a dead process held is due again after
 * its lease.
 */
export const webhookMessages = pgTable(
  "webhook_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The webhook-id header: msg_<ULID>, the same at every attempt of the event, and for every endpoint. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    /** What the event is about (the lead's id), for the deliveries list. */
    subjectId: text("subject_id"),
    /** The exact JSON body sent, and signed, at every attempt. */
    payload: text("payload").notNull(),
    status: text("status").$type<WebhookMessageStatus>().notNull().default("pending"),
    /** Attempts made (counted when claimed). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Held by one process for an attempt until then (its lease); null when nobody holds it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The HTTP status of the last answer; null when there was none (network error, timeout, refused address). */
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** The beginning of the last answer's body (at most 500 characters, one line). */
    lastResponse: text("last_response"),
    lastDurationMs: integer("last_duration_ms"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_messages_endpoint_message_idx").on(t.endpointId, t.messageId),
    // The workers' claim and their next wake-up read only the messages still to deliver.
    index("webhook_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    // An endpoint's page: its recent deliveries, newest first.
    index("webhook_messages_endpoint_created_idx").on(t.endpointId, t.createdAt, t.id),
    check("webhook_messages_status_check", oneOf("status", WEBHOOK_MESSAGE_STATUSES)),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The kinds of page site search finds (docs/requirements/search.md, ADR 032): a service, an
 * industry, a city page, one question of the questions page, a blog post, any other page.
 */
export const SEARCH_KINDS = ["service", "industry", "city", "faq", "post", "page"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * What site search reads (ADR 032): one row per public page, per question of the questions page
 * and per published blog post, as plain text, with its full-text vector (title weight A, body B)
 * made by the database. Rows of `source` "content" are written from the published content by the
 * server (app/search/index.server.ts); rows of "blog" by a trigger on blog_posts in the same
 * transaction as the post's write (migration 0020). A post's `published_at` is its publication
 * time: a scheduled post is in the table and found once the database's clock reaches it.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    /** "service/cybersecurity", "faq/q-how-fast-do-you-answer", "post/<post id>". */
    key: text("key").primaryKey(),
    source: text("source").$type<"content" | "blog">().notNull(),
    kind: text("kind").$type<SearchKind>().notNull(),
    /** Where the result links: a path of this site, with a fragment for a question. */
    url: text("url").notNull(),
    title: text("title").notNull(),
    /** The page's words as plain text (no markup): what is searched and what snippets are cut from. */
    body: text("body").notNull(),
    /** Null: always public (the content's pages); a post's publication time. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    vector: tsvector("vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B')`,
      ),
    /** The title's alone: whether a result matched in its title, and how closely, without taking the page's apart. */
    titleVector: tsvector("title_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, title)`),
  },
  (t) => [index("search_documents_vector_idx").using("gin", t.vector), index("search_documents_source_idx").on(t.source)],
);

/**
 * The words of the searched pages, each once (lower case, letters only, 3 to 30 of them), with a
 * trigram index: the spelling a typo meant ("cybersecurty" → "cybersecurity") and the words
 * suggested when nothing is found (ADR 032). Added by a trigger on search_documents; a word whose
 * pages are gone stays until `pruneSearchWords` (the hourly housekeeping), and nothing is
 * suggested without checking a public page has it.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
  },
  (t) => [index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/** What the content's rows of search_documents were last written from (a hash of them): a process that finds the same writes nothing. */
export const searchIndexState = pgTable("search_index_state", {
  source: text("source").primaryKey(),
  hash: text("hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Insights' searches (docs/requirements/insights.md#searches): one row per /search a visitor made,
 * recorded by the server from that request (never from a browser's report), with the visitor hash
 * of the day as insight_events has it, the query normalised (lower case, spaces collapsed, at most
 * 100 characters; a query that looks like an e-mail address or a phone number is not kept) and how
 * many results it found. Kept as long as the raw events.
 */
export const insightSearches = pgTable(
  "insight_searches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    visitor: text("visitor").notNull(),
    query: text("query").notNull(),
    results: integer("results").notNull(),
  },
  (t) => [index("insight_searches_at_idx").on(t.at), index("insight_searches_visitor_at_idx").on(t.visitor, t.at)],
);
