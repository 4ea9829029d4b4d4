/**
 * Password reset by e-mail (docs/requirements/accounts.md#password-reset), on the server side of the pages
 * /auth/forgot-password and /auth/reset-password and of the "Send reset link" of /admin/users.
 *
 * - Requests are throttled per asked address and per client address (the HTTP rate limit of
 *   better-auth does not apply to our server-side auth.api calls), in the database so every server
 *   process shares the counts. The counters share the contact form's fixed-window table
 *   (contact_rate_limit, keys prefixed "password-reset:"), whose pruning after ten minutes matches
 *   the window here; the asked address is kept only as a hash.
 * - The link carries better-auth's token to our own page, which takes it out of the address bar at
 *   once: the first GET moves it into an httpOnly cookie scoped to /auth and redirects to the bare
 *   path, so it is never in the history, a Referer, or a log line.
 * - An account has at most one working link: using a link, asking for a new one, changing the
 *   password on /account or an administrator setting it ends every other link of that account
 *   (docs/requirements/accounts.md#password-reset).
 */
import { createHash } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, desc, eq, gt, like, ne, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { user, verification } from "~/db/schema.server";
import { env, secureCookies } from "~/env.server";
import { takeContactSlot } from "~/leads/rate-limit.server";

import { recordAudit } from "./audit.server";
import type { Auth } from "./auth.server";
import { RESET_TOKEN_SECONDS } from "./config";

/** Reset e-mails asked for one address, and from one client address, per window. */
export const RESET_REQUESTS_PER_EMAIL = 3;
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Not longer than the contact form's window: the leads worker prunes the shared table after it. */
export const RESET_REQUEST_WINDOW_MS = 10 * 60_000;

export type Throttled = { ok: false; retryAfterSeconds: number };

const emailKey = (email: string) => `password-reset:email:${createHash("sha256").update(email).digest("base64url")}`;

/** Counts one request for `email` from `clientAddress`; refuses it when either allowance is used up. */
export async function takeResetRequestSlot(
  db: Database,
  email: string,
  clientAddress: string,
  now = Date.now(),
): Promise<{ ok: true } | Throttled> {
  const options = { now, windowMs: RESET_REQUEST_WINDOW_MS };
  const byAddress = await takeContactSlot(db, `password-reset:address:${clientAddress}`, { ...options, max: RESET_REQUESTS_PER_ADDRESS });
  if (!byAddress.ok) return byAddress;
  const byEmail = await takeContactSlot(db, emailKey(email), { ...options, max: RESET_REQUESTS_PER_EMAIL });
  return byEmail.ok ? { ok: true } : byEmail;
}

/** better-auth's reset tokens are 24 letters and digits; anything else is not looked up at all. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The account a reset token belongs to while it is unused and unexpired, else null. better-auth
 * keeps the token in its verification table (identifier "reset-password:<token>", value: the user
 * id) and spends it in auth.api.resetPassword; this read only learns whose it is, for the password
 * rules (the e-mail's name may not be in the password) and the audit log.
 */
export async function findResetToken(db: Database, token: string | null | undefined): Promise<{ id: string; email: string } | null> {
  if (!token || !RESET_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, sql`${user.id}::text = ${verification.value}`)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

const RESET_PREFIX = "reset-password:";
/** The verification rows that are reset links of the account `userId` (better-auth's value: the user id). */
const resetLinksOf = (userId: string) => and(eq(verification.value, userId), like(verification.identifier, `${RESET_PREFIX}%`));

/**
 * Ends every outstanding reset link of the account (its password was just changed or set); how
 * many there were.
 */
export async function endResetLinks(db: Database, userId: string): Promise<number> {
  const ended = await db.delete(verification).where(resetLinksOf(userId)).returning({ id: verification.id });
  return ended.length;
}

/**
 * After better-auth stored a new link: every link of the account but the newest ends. One
 * statement, so requests racing for the same account agree on which one stays (the newest by
 * creation time, then id): whatever their order, once each has run this, one link is left.
 */
export async function keepNewestResetLink(db: Database, userId: string): Promise<void> {
  const newest = db
    .select({ id: verification.id })
    .from(verification)
    .where(resetLinksOf(userId))
    .orderBy(desc(verification.createdAt), desc(verification.id))
    .limit(1);
  await db.delete(verification).where(and(resetLinksOf(userId), ne(verification.id, sql`(${newest})`)));
}

/**
 * Using a link ends the account's other links first, under a lock on the account's row, so that of
 * two links used at the same moment only one sets the password (the other finds itself ended).
 * False: the link is unknown, expired or was just ended by another.
 */
async function claimResetLink(db: Database, token: string): Promise<boolean> {
  const identifier = `${RESET_PREFIX}${token}`;
  const live = and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date()));
  return db.transaction(async (tx) => {
    const [link] = await tx.select({ userId: verification.value }).from(verification).where(live).limit(1);
    if (!link) return false;
    const [owner] = await tx
      .select({ id: user.id })
      .from(user)
      .where(sql`${user.id}::text = ${link.userId}`)
      .for("update");
    if (!owner) return false;
    // Read again under the lock: another link of the account may have been used meanwhile.
    const [still] = await tx.select({ id: verification.id }).from(verification).where(live).limit(1);
    if (!still) return false;
    await tx.delete(verification).where(and(resetLinksOf(link.userId), ne(verification.identifier, identifier)));
    return true;
  });
}

/**
 * Asks better-auth to e-mail a reset link to `email` when an account has it (nothing happens
 * otherwise, in about the same time), and writes the audit entry: the address is recorded only
 * when it is an account's (an unknown one may be a typo, or a password typed in the wrong field).
 */
export async function requestReset(
  services: { db: Database; auth: Auth },
  email: string,
  request: Request,
): Promise<{ accountExists: boolean }> {
  const [account] = await services.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email)).limit(1);
  await services.auth.api.requestPasswordReset({ body: { email } });
  if (account) await keepNewestResetLink(services.db, account.id);
  await recordAudit(services.db, {
    event: "password-reset-requested",
    outcome: account ? "success" : "failure",
    target: account ?? null,
    request,
    detail: account ? null : "No account has that address.",
  });
  return { accountExists: Boolean(account) };
}

/**
 * Sets the new password with a reset token (single use: a second try, or one after 30 minutes,
 * is refused as "invalid"). The account's other links end first; every session of the account
 * ends; better-auth sends the "changed" e-mail.
 */
export async function completeReset(
  services: { db: Database; auth: Auth },
  token: string,
  newPassword: string,
): Promise<"done" | "invalid"> {
  if (!RESET_TOKEN_PATTERN.test(token) || !(await claimResetLink(services.db, token))) return "invalid";
  try {
    await services.auth.api.resetPassword({ body: { token, newPassword } });
    return "done";
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_TOKEN") return "invalid";
    throw error;
  }
}

/** The cookie that holds the token between the link's first GET and the form's POST. */
export const RESET_COOKIE = "crossroads.reset";

function cookieAttributes(maxAge: number): string {
  const secure = secureCookies(env());
  return `Path=/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const resetCookie = (token: string) => `${RESET_COOKIE}=${token}; ${cookieAttributes(RESET_TOKEN_SECONDS)}`;
export const clearResetCookie = () => `${RESET_COOKIE}=; ${cookieAttributes(0)}`;

/** The token the cookie holds, if it looks like one. */
export function resetTokenFrom(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === RESET_COOKIE) {
      const token = value.join("=");
      return RESET_TOKEN_PATTERN.test(token) ? token : null;
    }
  }
  return null;
}

/**
 * An administrator sends someone a reset link (/admin/users; who may is checked by the page). The
 * e-mail is the one the person would get by asking; the audit entry names both. Null: no such account.
 */
export async function sendResetLinkByAdmin(
  services: { db: Database; auth: Auth },
  targetId: string,
  actor: { id: string; email: string },
  request: Request,
): Promise<{ email: string } | null> {
  const [target] = await services.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, targetId)).limit(1);
  if (!target) return null;
  await services.auth.api.requestPasswordReset({ body: { email: target.email } });
  await keepNewestResetLink(services.db, target.id);
  await recordAudit(services.db, { event: "reset-link-sent-by-admin", outcome: "success", actor, target, request });
  return { email: target.email };
}
