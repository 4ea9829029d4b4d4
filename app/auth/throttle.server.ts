/**
 * Sign-in throttling that counts failures, not people (docs/requirements.md#sign-in-throttling), as a
 * small better-auth plugin of our own. Failed password or code attempts are counted per account
 * ("account:<lower-cased e-mail>") and per client address ("address:<address>") in auth_throttle,
 * one atomic upsert per key, so every server process and every concurrent request is counted
 * exactly. Reaching a limit pauses that account's or that address's sign-in; a paused attempt is
 * refused before the password or code is looked at, so a guesser learns nothing from it, and a
 * paused unknown e-mail reads exactly like a paused real one. Successful sign-ins never count and
 * reset nothing: the count is of failures in the window, so a guesser gains no budget when the real
 * person signs in between guesses.
 *
 * It also writes the sign-in, sign-out and throttling entries of the audit log
 * (docs/requirements.md#audit-log), because these hooks are where those events are known.
 */
import { createHash } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authThrottle, user, verification } from "~/db/schema.server";
import { oneLine } from "~/lib/one-line";
import { recordAudit, type AuditPerson } from "./audit.server";
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, CLIENT_IP_HEADER, THROTTLE_PAUSE_SECONDS, THROTTLE_WINDOW_SECONDS } from "./config";
import { log } from "~/lib/log.server";

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

/** The longest pause still running among `keys`, or null when none is paused. */
export async function pausedFor(
  db: Database,
  keys: readonly string[],
  now = Date.now(),
): Promise<{ key: string; retryAfterSeconds: number } | null> {
  if (keys.length === 0) return null;
  const rows = await db
    .select({ key: authThrottle.key, lockedUntil: authThrottle.lockedUntil })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, [...keys]), gt(authThrottle.lockedUntil, now)));
  if (rows.length === 0) return null;
  const longest = rows.reduce((a, b) => ((b.lockedUntil ?? 0) > (a.lockedUntil ?? 0) ? b : a));
  return { key: longest.key, retryAfterSeconds: Math.max(1, Math.ceil(((longest.lockedUntil ?? now) - now) / 1000)) };
}

/**
 * Counts one failure for `key` in one statement: a new window when the last one has ended, the
 * pause set by the failure that reaches the limit. `pauseStarted` is true for exactly that one.
 */
export async function countFailure(
  db: Database,
  { key, limit }: ThrottleKey,
  now = Date.now(),
): Promise<{ failures: number; pauseStarted: boolean }> {
  const windowMs = THROTTLE_WINDOW_SECONDS * 1000;
  const pauseUntil = now + THROTTLE_PAUSE_SECONDS * 1000;
  const ended = sql`${authThrottle.windowStart} <= ${now - windowMs}::bigint`;
  const failures = sql`case when ${ended} then 1 else ${authThrottle.failures} + 1 end`;
  const notPaused = sql`(${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} <= ${now}::bigint)`;
  const [row] = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: limit <= 1 ? pauseUntil : null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures,
        windowStart: sql`case when ${ended} then ${now}::bigint else ${authThrottle.windowStart} end`,
        lockedUntil: sql`case when ${failures} >= ${limit} and ${notPaused} then ${pauseUntil}::bigint else ${authThrottle.lockedUntil} end`,
      },
    })
    .returning({ failures: authThrottle.failures });
  return { failures: row.failures, pauseStarted: row.failures === limit };
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
 * docs/requirements.md#two-factor-sign-in). Two requests racing with the same code: one wins.
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
async function releaseCode(db: Database, userId: string, code: string): Promise<void> {
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
  /** The account key counted (for an unknown e-mail too: the same behaviour). */
  accountKey: string | null;
  addressKey: string | null;
  /** The authenticator code this request claimed (docs/requirements.md#two-factor-sign-in). */
  claimedCode?: string;
}
const STATE = "crossroadsThrottle";

const clientAddress = (ctx: HookContext) => ctx.headers?.get(CLIENT_IP_HEADER)?.trim() || null;

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

/**
 * A database failure inside a hook becomes a clean 503 (better-auth would answer 500 and print the
 * error's stack): the sign-in form then says to try again in a minute (docs/requirements.md#sign-in).
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
 * Counts one failed attempt for its account and its address and writes it to the audit log, with
 * the pause that the failure starts, if any. `detail` is a short, non-secret note.
 */
async function countFailures(db: Database, attempt: Attempt, request: Headers | undefined, detail: string): Promise<void> {
  // Counted first: the limit matters more than the log.
  const keys: ThrottleKey[] = [];
  if (attempt.accountKey) keys.push({ key: attempt.accountKey, limit: ACCOUNT_FAILURE_LIMIT });
  if (attempt.addressKey) keys.push({ key: attempt.addressKey, limit: ADDRESS_FAILURE_LIMIT });
  const started = [];
  for (const key of keys) if ((await countFailure(db, key)).pauseStarted) started.push(key);
  // Recorded on the account only when one exists: whatever was typed for an unknown one
  // (sometimes a password typed in the wrong field) is not kept (docs/requirements.md#audit-log).
  await recordAudit(db, { event: "sign-in", outcome: "failure", target: attempt.account, request, detail });
  for (const key of started)
    await recordAudit(db, {
      event: "sign-in-throttled",
      outcome: "failure",
      target: key.key.startsWith("account:") ? attempt.account : null,
      request,
      detail: `${pauseNote(key.key)} paused ${THROTTLE_PAUSE_SECONDS / 60} min after ${key.limit} failures`,
    });
}

/** A short, non-secret note for the refused or paused entry. */
const pauseNote = (key: string) => (key.startsWith("address:") ? "address" : "account");

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
              let key: string | null = null;
              if (ctx.path === SIGN_IN_PATH) {
                const typed = (ctx.body as { email?: unknown } | undefined)?.email;
                if (typeof typed === "string" && typed.trim()) {
                  key = accountKey(typed);
                  account = await accountByEmail(db, typed);
                }
              } else {
                account = await accountOfCodeStep(db, ctx);
                if (account?.email) key = accountKey(account.email);
              }
              const attempt: Attempt = { account, accountKey: key, addressKey: address ? addressKey(address) : null };
              const paused = await pausedFor(
                db,
                [attempt.accountKey, attempt.addressKey].filter((k): k is string => k !== null),
              );
              if (paused) {
                await recordAudit(db, {
                  event: "sign-in-throttled",
                  outcome: "refused",
                  target: account,
                  request: ctx.headers,
                  detail: `Refused while paused (${pauseNote(paused.key)})`,
                });
                throw new APIError(
                  "TOO_MANY_REQUESTS",
                  { code: SIGN_IN_PAUSED, message: PAUSED_MESSAGE, retryAfter: paused.retryAfterSeconds },
                  { "X-Retry-After": String(paused.retryAfterSeconds) },
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
            const attempt: Attempt = { account: { id: current.user.id, email: current.user.email }, accountKey: null, addressKey: null };
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
                // A password that asks for a code next is not a sign-in yet: the code step records it.
                const signedIn = ctx.context.newSession?.user;
                if (!signedIn) return;
                const actor = { id: signedIn.id, email: signedIn.email };
                await recordAudit(db, { event: "sign-in", outcome: "success", actor, request: ctx.headers, detail: how });
                if (ctx.path === "/two-factor/verify-backup-code")
                  await recordAudit(db, { event: "backup-code-used", outcome: "success", actor, request: ctx.headers });
                return;
              }
              const code = (returned.body as { code?: string } | undefined)?.code;
              const failed =
                ctx.path === SIGN_IN_PATH
                  ? code === "INVALID_EMAIL_OR_PASSWORD"
                  : code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE";
              if (!failed) return;
              if (attempt.claimedCode && attempt.account?.id) await releaseCode(db, attempt.account.id, attempt.claimedCode);
              await countFailures(db, attempt, ctx.headers, attempt.account ? `${how}` : `${how}; no such account`);
            }),
          ),
        },
      ],
    },
  };
}
