/**
 * Sign-in throttling that counts failures, not people (docs/requirements/accounts.md#sign-in-throttling), as a
 * small better-auth plugin of our own. Password or code attempts are counted per account
 * ("account:<lower-cased e-mail>", or "known-browser:..." for a browser that signed in to it before:
 * app/auth/known-browser.server.ts) and per client address ("address:<address>") in auth_throttle.
 * Each attempt is claimed before it is checked, one atomic upsert per key that counts it and refuses
 * it when the key is paused or full, so whatever the concurrency and whichever process gets it, at
 * most the limit is checked per window. A right password or code gives its claim back (successful
 * sign-ins never count); a wrong one keeps it as the failure, and the failure that finds the limit
 * reached starts the pause; a request that dies in between keeps its claim (the safe side). A
 * refused attempt is refused before the password or code is looked at, so a guesser learns nothing
 * from it, and a paused unknown e-mail reads exactly like a paused real one. Successful sign-ins
 * reset nothing: a guesser gains no budget when the real person signs in between guesses.
 *
 * It also writes the sign-in, sign-out and throttling entries of the audit log
 * (docs/requirements/accounts.md#audit-log), because these hooks are where those events are known.
 */
import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { and, eq, gt, gte, isNull, lt, or, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { authThrottle, user, verification } from "~/db/schema.server";
import { hasControlCharacter } from "~/lib/control-characters";
import { log } from "~/lib/log.server";
import { oneLine } from "~/lib/one-line";

import { recordAudit, type AuditPerson } from "./audit.server";
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  CLIENT_IP_HEADER,
  KNOWN_BROWSER_SECONDS,
  THROTTLE_PAUSE_SECONDS,
  THROTTLE_WINDOW_SECONDS,
} from "./config";
import {
  credentialStamp,
  KNOWN_BROWSER_COOKIE,
  knownBrowserBucket,
  knownBrowserSetCookie,
  knownBrowserValue,
} from "./known-browser.server";

/** The code of the 429 a paused sign-in gets (with the X-Retry-After header, in seconds). */
export const SIGN_IN_PAUSED = "SIGN_IN_PAUSED";
const PAUSED_MESSAGE = "Too many failed sign-ins. Try again later.";

const SIGN_IN_PATH = "/sign-in/email";
const CODE_PATHS: Record<string, string> = {
  "/two-factor/verify-totp": "code",
  "/two-factor/verify-backup-code": "backup code",
};
/** The paths this plugin guards; better-auth's own request-count limit is off for them (auth.server.ts). */
export const THROTTLED_PATHS = [SIGN_IN_PATH, ...Object.keys(CODE_PATHS)];

export const accountKey = (email: string) => `account:${email.trim().toLowerCase().slice(0, 320)}`;
export const addressKey = (address: string) => `address:${address.slice(0, 64)}`;

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** One attempt this request holds for a key until its result is known. */
export interface Claim extends ThrottleKey {
  /** The window the claim was counted in: a claim is given back only to that window. */
  windowStart: number;
}

const windowEnded = (now: number) => sql`${authThrottle.windowStart} <= ${now - THROTTLE_WINDOW_SECONDS * 1000}::bigint`;
const notPaused = (now: number) => sql`(${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} <= ${now}::bigint)`;

/**
 * Claims one attempt for `key` before it is checked, in one statement: counts it (a new window when
 * the last one has ended) unless the key is paused or its count of failures and attempts still
 * being checked has reached the limit, in which case nothing is counted and null is returned. The
 * row lock of the upsert orders concurrent claims, in every process, so at most `limit` attempts are
 * ever checked in a window (docs/requirements/accounts.md#sign-in-throttling).
 */
export async function claimAttempt(db: Database, { key, limit }: ThrottleKey, now = Date.now()): Promise<Claim | null> {
  const ended = windowEnded(now);
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${ended} then 1 else ${authThrottle.failures} + 1 end`,
        windowStart: sql`case when ${ended} then ${now}::bigint else ${authThrottle.windowStart} end`,
      },
      setWhere: sql`${notPaused(now)} and (${ended} or ${authThrottle.failures} < ${limit})`,
    })
    .returning({ windowStart: authThrottle.windowStart });
  return rows.length === 1 ? { key, limit, windowStart: rows[0].windowStart } : null;
}

/**
 * Gives a claim back: the attempt succeeded, or was refused before anything was checked. A row left
 * counting nothing is removed, so successful sign-ins leave no trace in the table.
 */
export async function giveBack(db: Database, claim: Claim): Promise<void> {
  const [row] = await db
    .update(authThrottle)
    .set({ failures: sql`${authThrottle.failures} - 1` })
    .where(and(eq(authThrottle.key, claim.key), eq(authThrottle.windowStart, claim.windowStart), gt(authThrottle.failures, 0)))
    .returning({ failures: authThrottle.failures });
  if (row?.failures === 0)
    await db
      .delete(authThrottle)
      .where(and(eq(authThrottle.key, claim.key), eq(authThrottle.failures, 0), isNull(authThrottle.lockedUntil)));
}

/**
 * Keeps a claim as a failure (it is counted already) and starts the pause when the count has
 * reached the limit. True for exactly the one failure that started it.
 */
export async function keepAsFailure(db: Database, claim: Claim, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(authThrottle)
    .set({ lockedUntil: now + THROTTLE_PAUSE_SECONDS * 1000 })
    .where(and(eq(authThrottle.key, claim.key), gte(authThrottle.failures, claim.limit), notPaused(now)))
    .returning({ key: authThrottle.key });
  return rows.length === 1;
}

/** Seconds until `key` takes attempts again: the end of its pause, or of its full window. */
async function retryAfter(db: Database, key: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: authThrottle.lockedUntil, windowStart: authThrottle.windowStart })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  const until = Math.max(row?.lockedUntil ?? 0, (row?.windowStart ?? now) + THROTTLE_WINDOW_SECONDS * 1000);
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/**
 * After a successful password reset (docs/requirements/accounts.md#sign-in-throttling): the reset proved the
 * mailbox, so the account's failures and pause are forgotten, and the browser that made the reset
 * becomes a known browser of the account (with the new password's stamp), so its sign-ins count in
 * their own bucket even while a guesser elsewhere pauses the account again. Returns the Set-Cookie
 * header for that browser, or null for an account with no password.
 */
export async function afterPasswordReset(
  db: Database,
  auth: { $context: Promise<Pick<HookContext["context"], "secret" | "createAuthCookie">> },
  owner: { id: string; email: string },
): Promise<string | null> {
  await db.delete(authThrottle).where(eq(authThrottle.key, accountKey(owner.email)));
  const stamp = await credentialStamp(db, owner.id);
  if (!stamp) return null;
  const context = await auth.$context;
  const cookie = context.createAuthCookie(KNOWN_BROWSER_COOKIE, { maxAge: KNOWN_BROWSER_SECONDS });
  return knownBrowserSetCookie(cookie.name, knownBrowserValue(context.secret, owner.id, stamp), cookie.attributes);
}

/** The code a replayed authenticator code gets (401, like a wrong one). */
export const CODE_ALREADY_USED = "CODE_ALREADY_USED";
/**
 * How long a used code stays refused: better-auth accepts the codes of the previous, current and
 * next 30-second step, so a code is good for at most 90 s; two minutes covers that with room.
 */
const USED_CODE_SECONDS = 120;

/**
 * Claims an authenticator code for one account, in one statement: true the first time, false
 * while the same code was already claimed for that account within USED_CODE_SECONDS, so a code
 * seen over a shoulder or replayed from a log signs in nobody a second time (RFC 6238 §5.2;
 * docs/requirements/accounts.md#two-factor-sign-in). Two requests racing with the same code: one wins.
 * The row's key is a hash: nothing in the table reads as a code.
 */
export async function claimCode(db: Database, userId: string, code: string, now = Date.now()): Promise<boolean> {
  const key = usedCodeKey(userId, code);
  const until = now + USED_CODE_SECONDS * 1000;
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 0, windowStart: now, lockedUntil: until })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: { windowStart: now, lockedUntil: until },
      setWhere: sql`${authThrottle.lockedUntil} <= ${now}::bigint`,
    })
    .returning({ key: authThrottle.key });
  return rows.length === 1;
}

const usedCodeKey = (userId: string, code: string) => `used-code:${createHash("sha256").update(`${userId}:${code}`).digest("hex")}`;

/** Gives back the claim of a code that turned out wrong, so typing the same wrong code again reads as wrong, not as used. */
export async function releaseCode(db: Database, userId: string, code: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, usedCodeKey(userId, code)));
}

/** Forgets windows that have ended and pauses that are over (the server calls this periodically). */
export async function pruneThrottle(db: Database, now = Date.now()): Promise<number> {
  const rows = await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.windowStart, now - THROTTLE_WINDOW_SECONDS * 1000),
        or(isNull(authThrottle.lockedUntil), lt(authThrottle.lockedUntil, now)),
      ),
    )
    .returning({ key: authThrottle.key });
  return rows.length;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What the before hook learnt, for the after hook of the same request. */
interface Attempt {
  account: AuditPerson | null;
  /** The attempts this request holds: its account's (or known browser's) bucket and its address's. */
  claims: Claim[];
  /** The authenticator code this request claimed (docs/requirements/accounts.md#two-factor-sign-in). */
  claimedCode?: string;
}
const STATE = "crossroadsThrottle";

const clientAddress = (ctx: HookContext) => ctx.headers?.get(CLIENT_IP_HEADER)?.trim() || null;

/** Control characters, NUL among them: no e-mail address holds one, and PostgreSQL cannot be asked about a NUL. */

async function accountByEmail(db: Database, email: string): Promise<AuditPerson | null> {
  const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/**
 * The account a two-factor code step belongs to: better-auth's signed two_factor cookie names a
 * verification row whose value is the user id (as its verify-two-factor step reads it).
 */
async function accountOfCodeStep(db: Database, ctx: HookContext): Promise<AuditPerson | null> {
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, sql`${user.id}::text = ${verification.value}`)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

const knownBrowserCookie = (ctx: HookContext) => ctx.context.createAuthCookie(KNOWN_BROWSER_COOKIE, { maxAge: KNOWN_BROWSER_SECONDS });

/**
 * A database failure inside a hook becomes a clean 503 (better-auth would answer 500 and print the
 * error's stack): the sign-in form then says to try again in a minute (docs/requirements/accounts.md#sign-in).
 */
async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAPIError(error)) throw error;
    // The cause (e.g. ECONNREFUSED), not the failed query: its parameters hold what was typed.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message.split("\n")[0] : String(cause);
    log.error(oneLine(`Sign-in throttle: the database could not be reached: ${reason}`));
    throw new APIError("SERVICE_UNAVAILABLE", { code: "UNAVAILABLE", message: "Try again in a minute." }, { "Retry-After": "60" });
  }
}

function attemptOf(ctx: HookContext): Attempt | undefined {
  return (ctx as unknown as Record<string, Attempt | undefined>)[STATE];
}

/**
 * Keeps the attempt's claims as failures and writes the failure to the audit log, with the pause
 * that it starts, if any. `detail` is a short, non-secret note.
 */
async function countFailures(db: Database, attempt: Attempt, request: Headers | undefined, detail: string): Promise<void> {
  // Counted first: the limit matters more than the log.
  const started: Claim[] = [];
  for (const claim of attempt.claims) if (await keepAsFailure(db, claim)) started.push(claim);
  // Recorded on the account only when one exists: whatever was typed for an unknown one
  // (sometimes a password typed in the wrong field) is not kept (docs/requirements/accounts.md#audit-log).
  await recordAudit(db, { event: "sign-in", outcome: "failure", target: attempt.account, request, detail });
  for (const claim of started)
    await recordAudit(db, {
      event: "sign-in-throttled",
      outcome: "failure",
      target: claim.key.startsWith("address:") ? null : attempt.account,
      request,
      detail: `${pauseNote(claim.key)} paused ${THROTTLE_PAUSE_SECONDS / 60} min after ${claim.limit} failures`,
    });
}

async function giveBackAll(db: Database, attempt: Attempt): Promise<void> {
  for (const claim of attempt.claims) await giveBack(db, claim);
  attempt.claims = [];
}

/** A short, non-secret note for the refused or paused entry. */
const pauseNote = (key: string) =>
  key.startsWith("address:") ? "address" : key.startsWith("known-browser:") ? "known browser" : "account";

/** Which factors a full sign-in used, plainly, for its audit entry (docs/requirements/accounts.md#audit-log). */
function factorsUsed(path: string, signedIn: { twoFactorEnabled?: boolean | null }): string {
  if (path === "/two-factor/verify-totp") return "password and authenticator code";
  if (path === "/two-factor/verify-backup-code") return "password and backup code";
  // better-auth skips the code step only for a browser it trusts (its trust-device cookie).
  return signedIn.twoFactorEnabled ? "password only (code step skipped for a trusted device)" : "password only";
}

export function signInThrottle(db: Database): BetterAuthPlugin {
  return {
    id: "crossroads-sign-in-throttle",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH || Object.hasOwn(CODE_PATHS, ctx.path ?? ""),
          handler: createAuthMiddleware((ctx) =>
            orUnavailable(async () => {
              const address = clientAddress(ctx);
              let account: AuditPerson | null = null;
              let bucket: string | null = null;
              if (ctx.path === SIGN_IN_PATH) {
                const typed = (ctx.body as { email?: unknown } | undefined)?.email;
                if (typeof typed === "string" && (hasControlCharacter(typed) || typed.length > 320))
                  throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Invalid email" });
                if (typeof typed === "string" && typed.trim()) {
                  bucket = accountKey(typed);
                  account = await accountByEmail(db, typed);
                }
              } else {
                account = await accountOfCodeStep(db, ctx);
                if (account?.email) bucket = accountKey(account.email);
              }
              // A browser that signed in to this account before counts in its own bucket.
              if (account?.id) {
                const known = await knownBrowserBucket(db, ctx.context.secret, ctx.getCookie(knownBrowserCookie(ctx).name), account.id);
                if (known) bucket = known;
              }
              const keys: ThrottleKey[] = [];
              if (bucket) keys.push({ key: bucket, limit: ACCOUNT_FAILURE_LIMIT });
              if (address) keys.push({ key: addressKey(address), limit: ADDRESS_FAILURE_LIMIT });

              // Each attempt is claimed before it is checked; one that cannot be is refused unchecked.
              const attempt: Attempt = { account, claims: [] };
              for (const key of keys) {
                const claim = await claimAttempt(db, key);
                if (claim) {
                  attempt.claims.push(claim);
                  continue;
                }
                await giveBackAll(db, attempt);
                const seconds = await retryAfter(db, key.key);
                await recordAudit(db, {
                  event: "sign-in-throttled",
                  outcome: "refused",
                  target: account,
                  request: ctx.headers,
                  detail: `Refused while paused (${pauseNote(key.key)})`,
                });
                throw new APIError(
                  "TOO_MANY_REQUESTS",
                  { code: SIGN_IN_PAUSED, message: PAUSED_MESSAGE, retryAfter: seconds },
                  { "X-Retry-After": String(seconds) },
                );
              }

              const code = (ctx.body as { code?: unknown } | undefined)?.code;
              if (ctx.path === "/two-factor/verify-totp" && account?.id && typeof code === "string") {
                if (!(await claimCode(db, account.id, code.trim()))) {
                  // Refused before better-auth sees it, so its after hook will not count it: count it here.
                  await countFailures(db, attempt, ctx.headers, "code; already used");
                  throw new APIError("UNAUTHORIZED", {
                    code: CODE_ALREADY_USED,
                    message: "That code was already used. Wait for the next one.",
                  });
                }
                attempt.claimedCode = code.trim();
              }
              return { context: { [STATE]: attempt } };
            }),
          ),
        },
        {
          // The session is gone after sign-out: note who it was first.
          matcher: (ctx) => ctx.path === "/sign-out",
          handler: createAuthMiddleware(async (ctx) => {
            const current = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
            if (!current) return;
            const attempt: Attempt = { account: { id: current.user.id, email: current.user.email }, claims: [] };
            return { context: { [STATE]: attempt } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH || Object.hasOwn(CODE_PATHS, ctx.path ?? "") || ctx.path === "/sign-out",
          handler: createAuthMiddleware((ctx) =>
            orUnavailable(async () => {
              const attempt = attemptOf(ctx);
              if (!attempt) return;
              const returned = ctx.context.returned;
              if (ctx.path === "/sign-out") {
                if (!isAPIError(returned))
                  await recordAudit(db, { event: "sign-out", outcome: "success", actor: attempt.account, request: ctx.headers });
                return;
              }
              const how = ctx.path === SIGN_IN_PATH ? "password" : CODE_PATHS[ctx.path];
              if (!isAPIError(returned)) {
                // A right password or code never counts (docs/requirements/accounts.md#sign-in-throttling).
                await giveBackAll(db, attempt);
                // A password that asks for a code next is not a sign-in yet: the code step records it.
                // Nor is a code confirmed with a session and no code step (two-factor set-up).
                const signedIn = ctx.context.newSession?.user;
                if (!signedIn || (ctx.path !== SIGN_IN_PATH && !attempt.account)) return;
                const actor = { id: signedIn.id, email: signedIn.email };
                const detail = factorsUsed(ctx.path, signedIn as { twoFactorEnabled?: boolean | null });
                await recordAudit(db, { event: "sign-in", outcome: "success", actor, request: ctx.headers, detail });
                if (ctx.path === "/two-factor/verify-backup-code")
                  await recordAudit(db, { event: "backup-code-used", outcome: "success", actor, request: ctx.headers });
                // This browser is now known for the account (docs/requirements/accounts.md#sign-in-throttling).
                const stamp = await credentialStamp(db, signedIn.id);
                if (stamp) {
                  const cookie = knownBrowserCookie(ctx);
                  ctx.setCookie(cookie.name, knownBrowserValue(ctx.context.secret, signedIn.id, stamp), cookie.attributes);
                }
                return;
              }
              const code = (returned.body as { code?: string } | undefined)?.code;
              const failed =
                ctx.path === SIGN_IN_PATH
                  ? code === "INVALID_EMAIL_OR_PASSWORD"
                  : code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE";
              if (!failed) {
                // Refused before the password or code was checked (a malformed body, an expired code step).
                await giveBackAll(db, attempt);
                return;
              }
              if (attempt.claimedCode && attempt.account?.id) await releaseCode(db, attempt.account.id, attempt.claimedCode);
              await countFailures(db, attempt, ctx.headers, attempt.account ? `${how}` : `${how}; no such account`);
            }),
          ),
        },
      ],
    },
  };
}
