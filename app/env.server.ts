/**
 * The environment, validated once with one schema. The server calls `parseEnvOrExit()` at start and
 * stops with a readable message when something is wrong; everything else reads `env()`.
 */
import { availableParallelism } from "node:os";
import { z } from "zod";

import { site } from "./config/site";
import { isLoopback } from "./lib/origins";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    SITE_URL: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL, e.g. https://www.example.com" })
      .default(site.defaultOrigin)
      .transform((u) => u.replace(/\/+$/, "")),
    /** PostgreSQL connection string; unset: the embedded PGlite database in DATA_DIR. */
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
    /** Folder for the embedded database and the generated local auth secret. */
    DATA_DIR: z.string().min(1).default("./data"),
    /** Signs session cookies. Unset: generated once and kept in DATA_DIR (fine for one machine). */
    BETTER_AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)")),
    /** The one administrator who may grant or revoke the admin role and delete accounts. */
    SUPER_ADMIN_EMAIL: optional(z.email("must be an e-mail address")),
    /** "1" behind a reverse proxy: take the client address from X-Forwarded-For. */
    TRUST_PROXY: z
      .enum(["0", "1"], { error: 'must be "0" or "1"' })
      .optional()
      .transform((v) => v === "1"),
    /**
     * "1": session cookies are `Secure`; "0": they are not (a test server over plain http). Unset:
     * `secureCookies()` decides (docs/requirements/accounts.md#sessions).
     */
    SECURE_COOKIES: optional(z.enum(["0", "1"], { error: 'must be "0" or "1"' })),
    /**
     * "1": webhook endpoints may be on loopback, private (RFC 1918, ULA), link-local and CGNAT
     * addresses, and plain http (an intranet CRM; tests). Unset or "0": https to public addresses
     * only (docs/requirements/webhooks.md#webhook-addresses). Cloud metadata addresses stay refused.
     */
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
      .enum(["0", "1"], { error: 'must be "0" or "1"' })
      .optional()
      .transform((v) => v === "1"),
    /** Test only: adds GET /__test/fault, which fails on purpose, to prove errors never leak. */
    TEST_FAULTS: z
      .enum(["0", "1"], { error: 'must be "0" or "1"' })
      .optional()
      .transform((v) => v === "1"),
    /** smtp(s)://user:pass@host:port for the sales notification of each new lead; unset: notifications off. */
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")),
    /** Where new leads are e-mailed (with SMTP_URL). */
    SALES_EMAIL: optional(z.email("must be an e-mail address")),
    /** The From address of notifications; default: the site's no-reply address. */
    MAIL_FROM: optional(z.email("must be an e-mail address")),
    GTM_ID: optional(z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-XXXXXXX")),
    /** "json": one JSON object per log line (for a log collector); unset or "text": readable lines (ADR 014). */
    LOG_FORMAT: optional(z.enum(["text", "json"], { error: 'must be "text" or "json"' })).transform((v) => v ?? "text"),
    /** The least severe lines written: "info" (every request), "warn" or "error". */
    LOG_LEVEL: optional(z.enum(["info", "warn", "error"], { error: 'must be "info", "warn" or "error"' })).transform((v) => v ?? "info"),
    /**
     * `npm start`: how many server processes share the port (node:cluster). Unset: one per core
     * with DATABASE_URL, one on the embedded database (which allows no more).
     */
    WEB_CONCURRENCY: optional(z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1).max(256)),
    /** On SIGTERM: how long requests in flight may take before the process exits anyway. */
    SHUTDOWN_GRACE_SECONDS: optional(z.coerce.number({ error: "must be a number of seconds" }).int().min(0).max(600)).transform(
      (v) => v ?? 10,
    ),
    /**
     * On SIGTERM: how long to keep serving, with /readyz answering 503, before closing the
     * listener; for a load balancer that polls /readyz (nginx open source needs none: 0).
     */
    SHUTDOWN_DELAY_SECONDS: optional(z.coerce.number({ error: "must be a number of seconds" }).int().min(0).max(120)).transform(
      (v) => v ?? 0,
    ),
    /**
     * How long a lead claimed by the sales e-mail outbox is reserved for its process; a process
     * that dies leaves its claims to the others after this long. Longer than any SMTP send.
     */
    OUTBOX_LEASE_SECONDS: optional(z.coerce.number({ error: "must be a number of seconds" }).int().min(2).max(86_400)).transform(
      (v) => v ?? 300,
    ),
    /**
     * How often each process looks for scheduled content whose time has come, in milliseconds
     * (docs/requirements/content-studio.md): a scheduled change is live at most this late.
     */
    CONTENT_SCHEDULE_POLL_MS: optional(z.coerce.number({ error: "must be a number of milliseconds" }).int().min(100).max(60_000)).transform(
      (v) => v ?? 1_000,
    ),
    /**
     * The contact form's time trap (docs/requirements/leads.md#spam): a submission sent sooner than
     * this many seconds after its form was shown is stored as spam. 0 turns the trap off.
     */
    CONTACT_MIN_SECONDS: optional(
      z.coerce.number({ error: "must be a whole number of seconds" }).int("must be a whole number of seconds").min(0).max(60),
    ).transform((v) => v ?? 3),
    /** Insights (docs/requirements/insights.md#insights): raw events older than this many days are deleted. */
    INSIGHTS_RETENTION_DAYS: optional(
      z.coerce.number({ error: "must be a whole number of days" }).int("must be a whole number of days").min(1).max(3650),
    ).transform((v) => v ?? 30),
    /**
     * Insights' site-wide budget (docs/requirements/insights.md#insights): events kept a minute and a day,
     * counted in the database by every process; past it, events are dropped (and counted).
     */
    INSIGHTS_EVENTS_PER_MINUTE: optional(
      z.coerce.number({ error: "must be a whole number of events" }).int("must be a whole number of events").min(1).max(10_000_000),
    ).transform((v) => v ?? 5_000),
    INSIGHTS_EVENTS_PER_DAY: optional(
      z.coerce.number({ error: "must be a whole number of events" }).int("must be a whole number of events").min(1).max(1_000_000_000),
    ).transform((v) => v ?? 200_000),
  })
  .superRefine((value, ctx) => {
    // Lead notifications need both: one alone is a half-done configuration, not "off".
    if (Boolean(value.SMTP_URL) !== Boolean(value.SALES_EMAIL)) {
      const missing = value.SMTP_URL ? "SALES_EMAIL" : "SMTP_URL";
      const present = value.SMTP_URL ? "SMTP_URL" : "SALES_EMAIL";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: `must be set together with ${present} (set both to e-mail new leads to sales, or neither)`,
      });
    }
    // The embedded database is one process's folder (ADR 004): several need PostgreSQL.
    if (!value.DATABASE_URL && value.WEB_CONCURRENCY !== undefined && value.WEB_CONCURRENCY > 1) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: `is ${value.WEB_CONCURRENCY}, but the embedded database (no DATABASE_URL) allows one server process: set DATABASE_URL to a PostgreSQL server to run several, or WEB_CONCURRENCY=1`,
      });
    }
  });

/** How many server processes `npm start` runs: WEB_CONCURRENCY, else one per core on PostgreSQL, one on PGlite. */
export function webConcurrency(value: Pick<Env, "WEB_CONCURRENCY" | "DATABASE_URL">, cores = availableParallelism()): number {
  return value.WEB_CONCURRENCY ?? (value.DATABASE_URL ? cores : 1);
}

/**
 * Whether session cookies are `Secure` (docs/requirements/accounts.md#sessions): SECURE_COOKIES when set;
 * otherwise in production, when the server is reachable from other machines, or when it sits
 * behind a trusted proxy (TRUST_PROXY=1) of an https SITE_URL: visitors then reach it over https
 * even though the proxy talks to it on loopback.
 */
export function secureCookies(value: Pick<Env, "SECURE_COOKIES" | "NODE_ENV" | "HOST" | "TRUST_PROXY" | "SITE_URL">): boolean {
  if (value.SECURE_COOKIES) return value.SECURE_COOKIES === "1";
  if (value.NODE_ENV !== "production") return false;
  return !isLoopback(value.HOST) || (value.TRUST_PROXY && value.SITE_URL.startsWith("https:"));
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  return result.data;
}

let cached: Env | undefined;

/** For a server's entry point: the environment, or its message on stderr and exit code 1. */
export function parseEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
