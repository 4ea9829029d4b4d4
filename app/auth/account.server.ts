/**
 * The signed-in user's own account (docs/requirements/accounts.md#account-page): their sessions and their
 * password, through better-auth's public API with the user's own request headers, so better-auth
 * checks the session as well. Session tokens never leave the server: the page names sessions by
 * id, and the token of one is looked up here, among the user's own sessions only.
 */
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { user } from "~/db/schema.server";
import { takeContactSlot } from "~/leads/rate-limit.server";

import type { Auth } from "./auth.server";
import { endResetLinks } from "./password-reset.server";
import { describeUserAgent } from "./user-agent";

export interface SessionRow {
  id: string;
  browser: string;
  system: string;
  ipAddress: string | null;
  /** When the session was last used (extended), ISO. */
  lastActive: string;
  signedInAt: string;
  current: boolean;
}

type Listed = { id: string; token: string; userAgent?: string | null; ipAddress?: string | null; updatedAt: Date; createdAt: Date };

async function ownSessions(auth: Auth, headers: Headers): Promise<Listed[]> {
  return (await auth.api.listSessions({ headers })) as Listed[];
}

/** The user's active sessions, the current one first, then the most recently active. No tokens. */
export async function listOwnSessions(auth: Auth, headers: Headers, currentId: string): Promise<SessionRow[]> {
  const rows = (await ownSessions(auth, headers)).map((s) => ({
    id: s.id,
    ...describeUserAgent(s.userAgent),
    ipAddress: s.ipAddress || null,
    lastActive: new Date(s.updatedAt).toISOString(),
    signedInAt: new Date(s.createdAt).toISOString(),
    current: s.id === currentId,
  }));
  return rows.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive));
}

/**
 * Ends one of the user's own sessions, named by id. "not-found": no session of this user has that
 * id (ended already, or someone else's); "current": the session making the request (Logout ends it).
 */
export async function revokeOwnSession(
  auth: Auth,
  headers: Headers,
  sessionId: string,
  currentId: string,
): Promise<"done" | "not-found" | "current"> {
  if (sessionId === currentId) return "current";
  const target = (await ownSessions(auth, headers)).find((s) => s.id === sessionId);
  if (!target) return "not-found";
  await auth.api.revokeSession({ body: { token: target.token }, headers });
  return "done";
}

/** Ends every session of the user but this one; how many ended. */
export async function revokeOtherOwnSessions(auth: Auth, headers: Headers, currentId: string): Promise<number> {
  const others = (await ownSessions(auth, headers)).filter((s) => s.id !== currentId).length;
  await auth.api.revokeOtherSessions({ headers });
  return others;
}

/**
 * Checks of the current password (right or wrong) a user may ask for per window: changing it on
 * /account and starting two-factor setup, making new backup codes or turning it off on
 * /account/two-factor, together. One allowance per account, so a borrowed or stolen session cannot
 * guess the password on one page after using up the other (docs/requirements/accounts.md#account-page).
 */
export const PASSWORD_CHANGE_MAX_TRIES = 10;
export const PASSWORD_CHANGE_WINDOW_MS = 10 * 60_000;

/**
 * Counts one check of `userId`'s current password, before it is made (one atomic upsert, so
 * requests sent at the same moment cannot all get through); not ok when the allowance is used up.
 */
export async function takePasswordChangeSlot(db: Database, userId: string) {
  return takeContactSlot(db, `password-change:${userId}`, { max: PASSWORD_CHANGE_MAX_TRIES, windowMs: PASSWORD_CHANGE_WINDOW_MS });
}

/** What /account and /account/two-factor say when that allowance is used up. */
export function tooManyPasswordTries(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many tries. Wait ${minutes} minute${minutes === 1 ? "" : "s"}, then try again.`;
}

/**
 * Changes the user's password when the current one is right; every other session ends and this
 * one is replaced by a new session, whose cookies are returned for the answer to set. Every
 * outstanding reset link of the account ends too (docs/requirements/accounts.md#password-reset).
 */
export async function changeOwnPassword(
  services: { auth: Auth; db: Database },
  headers: Headers,
  currentPassword: string,
  newPassword: string,
): Promise<{ ok: true; setCookies: string[] } | { ok: false; reason: "wrong-password" }> {
  try {
    const result = await services.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    await endResetLinks(services.db, result.response.user.id);
    return { ok: true, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") return { ok: false, reason: "wrong-password" };
    throw error;
  }
}

/** Whether the user has two-factor sign-in on (better-auth's twoFactor plugin keeps it on the user row). */
export async function twoFactorEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return Boolean(row?.on);
}
