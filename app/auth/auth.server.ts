/**
 * better-auth, configured once: e-mail and password only, no public sign-up, argon2id hashes,
 * UUID ids, httpOnly SameSite=Lax cookies, short idle sessions, failed sign-ins throttled per
 * account and per real client address in the database (shared by every server process).
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";

import { seedFacts, site, type BusinessFacts } from "~/config/site";
import { database, type Database } from "~/db/client.server";
import * as schema from "~/db/schema.server";
import { env, secureCookies, type Env } from "~/env.server";
import { log } from "~/lib/log.server";
import { oneLine } from "~/lib/one-line";
import { trustedOrigins } from "~/lib/origins";
import { createMailer, type Mailer } from "~/mailer.server";

import { buildPasswordChangedMessage, buildResetLinkMessage, sendInBackground } from "./account-mail.server";
import {
  BACKUP_CODE_COUNT,
  CLIENT_IP_HEADER,
  MIN_PASSWORD_LENGTH,
  RESET_TOKEN_SECONDS,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
} from "./config";
import { SECOND_FACTOR_FIELD, secondFactorOfNewSession, secondFactorRules } from "./second-factor.server";
import { signInThrottle, THROTTLED_PATHS } from "./throttle.server";

/** BETTER_AUTH_SECRET, or a secret generated once and kept (mode 600) in the data folder. */
export function authSecret(config: Pick<Env, "BETTER_AUTH_SECRET" | "DATA_DIR">): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The session lifetime rules, whatever made or refreshed the session: at most 15 idle minutes
 * from now (better-auth would give a sign-in with rememberMe: false a fixed 24 hours), and never
 * past the absolute lifetime counted from sign-in.
 */
export function clampSessionExpiry(expiresAt: Date, createdAt: Date | undefined, now = Date.now()): Date {
  let limit = now + SESSION_IDLE_SECONDS * 1000;
  if (createdAt) limit = Math.min(limit, createdAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  return new Date(Math.min(expiresAt.getTime(), limit));
}

/** better-auth's log messages that refuse a request: what was refused, and the Origin when that was it. */
const REFUSAL =
  /^(Invalid (?:origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)|Blocked cross-site navigation login attempt)(?:: (\S+))?/;

export interface AuthOptions {
  /** The server's mailer (app/mailer.server.ts); undefined: e-mail is off and no reset link can be sent. Default: from SMTP_URL. */
  mailer?: Mailer;
  /**
   * The published business facts when a message is sent (the server: its content service's); the
   * "password changed" e-mail gives their support line. Default: the seed's (scripts and tests).
   */
  facts?: () => Pick<BusinessFacts, "phones">;
}

export function createAuth(db: Database, config: Env, options: AuthOptions = { mailer: createMailer(config) }) {
  const { mailer, facts = () => seedFacts } = options;
  return betterAuth({
    appName: "Crossroads IT staff",
    baseURL: config.SITE_URL,
    basePath: "/api/auth",
    secret: authSecret(config),
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 256,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      // docs/requirements/accounts.md#password-reset: a link to our own page, single use, 30 minutes; the
      // reset ends every session and says so by e-mail. Requests come only from this site's pages
      // (app/routes/auth/forgot-password.tsx, /admin/users), never over HTTP (ADR 011).
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(mailer
        ? {
            sendResetPassword: async ({ user, token }: { user: { email: string }; token: string }) =>
              sendInBackground(mailer, buildResetLinkMessage(user.email, token, config), "password reset"),
            onPasswordReset: async ({ user }: { user: { email: string } }) =>
              sendInBackground(mailer, buildPasswordChangedMessage(user.email, config, "reset", facts()), "password changed"),
          }
        : {}),
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Every request checks the database, so a revoked session is refused at once.
      cookieCache: { enabled: false },
      // When the session passed the second factor; set only by the create hook below, never from input.
      additionalFields: { [SECOND_FACTOR_FIELD]: { type: "date", required: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => ({
            data: {
              ...session,
              expiresAt: clampSessionExpiry(new Date(session.expiresAt), new Date(session.createdAt ?? Date.now())),
              // docs/requirements/accounts.md#two-factor-sign-in: decided by the endpoint that makes the session.
              [SECOND_FACTOR_FIELD]: secondFactorOfNewSession(context as Parameters<typeof secondFactorOfNewSession>[0]),
            },
          }),
        },
        update: {
          // A refresh (get-session) has the session it extends in its context: cap it at the absolute lifetime.
          before: async (update, context) => {
            const current = (context?.context as { session?: { session?: { createdAt?: Date | string } } } | undefined)?.session?.session;
            if (!update.expiresAt) return;
            const createdAt = current?.createdAt ? new Date(current.createdAt) : undefined;
            return { data: { ...update, expiresAt: clampSessionExpiry(new Date(update.expiresAt), createdAt) } };
          },
        },
      },
    },
    plugins: [
      // Server-side account administration (create, set a password, end sessions, delete) through
      // better-auth's public API; its HTTP endpoints are not exposed (app/routes/api/auth.ts, ADR 011).
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      twoFactor({ issuer: site.brand, backupCodeOptions: { amount: BACKUP_CODE_COUNT } }),
      // Before the throttle: a refused "trust this device" is not a code tried (app/auth/second-factor.server.ts).
      secondFactorRules(),
      // After twoFactor, so its hooks see whether a password led to a session or to the code step.
      signInThrottle(db),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 120,
      // Sign-in and the code step count failures instead (docs/requirements/accounts.md#sign-in-throttling):
      // a limit on requests would also count the people who sign in successfully.
      customRules: Object.fromEntries(THROTTLED_PATHS.map((path) => [path, false as const])),
    },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: secureCookies(config),
      // better-auth turns its Origin and callbackURL checks off when NODE_ENV is "test": keep them on,
      // so the tests check what production does.
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // One line per event, never a stack trace (a database outage would print one per request).
    logger: {
      log: (level, message, ...args) => {
        // Its refusals of a request (an untrusted Origin, callbackURL or redirect, a cross-site sign-in
        // form) are the client's error: a warning, never an ERROR line (docs/requirements/public-site.md#errors),
        // without the advice to trust the origin, and without the URL a visitor sent (only an Origin).
        const refused = REFUSAL.exec(message);
        if (refused) {
          const origin = refused[1] === "Invalid origin" && refused[2] ? ` ${refused[2].slice(0, 100)}` : "";
          return log.warn(oneLine(`Auth refused a request: ${refused[1]}${origin}`));
        }
        if (message.startsWith("If it's a valid URL")) return;
        const detail = args
          .map((a) => (a instanceof Error ? a.message : typeof a === "string" ? a : ""))
          .filter(Boolean)
          .join("; ");
        const line = oneLine(`Auth ${level}: ${message}${detail ? `: ${detail}` : ""}`);
        if (level === "error") log.error(line);
        else log.log(line);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Auth>();

/**
 * Scripts and tests: the auth instance for the database `initDatabase` opened. The server makes
 * its own once and passes it in the load context (context.services.auth).
 */
export async function auth(): Promise<Auth> {
  const db = await database();
  let instance = instances.get(db);
  if (!instance) {
    instance = createAuth(db, env());
    instances.set(db, instance);
  }
  return instance;
}
