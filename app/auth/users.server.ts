/** Staff accounts: created by an administrator or by `npm run user:create` (docs/requirements/accounts.md#staff-accounts). */
import { APIError } from "better-auth/api";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~/db/client.server";
import { session, user, userRoles } from "~/db/schema.server";

import type { Auth } from "./auth.server";
import { passwordWeaknesses } from "./password";
import { endResetLinks } from "./password-reset.server";
import { setAdmin, setEditor } from "./roles.server";

export class WeakPasswordError extends Error {
  readonly code = "weak_password";
  constructor(public readonly reasons: string[]) {
    super(`weak_password: ${reasons.join(" ")}`);
  }
}

/** An administrator tried to set their own password at /admin/users: that is done on /account, with the current one. */
export class OwnPasswordError extends Error {
  readonly code = "own_password";
  constructor() {
    super("You cannot set your own password here. Change it on your account page (/account), with your current password.");
  }
}

export class AccountExistsError extends Error {
  readonly code = "user_already_exists";
  constructor(email: string) {
    super(`An account for ${email} already exists.`);
  }
}

const emailSchema = z.email("Enter a valid e-mail address.").max(254);

function assertStrongPassword(password: string, email: string): void {
  const reasons = passwordWeaknesses(password, email);
  if (reasons.length) throw new WeakPasswordError(reasons);
}

/**
 * Creates an account through better-auth's admin API. `services`: the server's (context.services),
 * or a script's. `actor`: the request of the administrator doing it (better-auth checks that
 * session's role as well); scripts and tests leave it out.
 */
export async function createStaffUser(
  { auth: instance, db }: { auth: Auth; db: Database },
  input: { email: string; password: string; name?: string; admin?: boolean; editor?: boolean },
  actor?: Headers,
) {
  const email = emailSchema.parse(input.email.trim().toLowerCase());
  assertStrongPassword(input.password, email);
  if ((await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1)).length) throw new AccountExistsError(email);
  const created = await instance.api
    .createUser({
      body: { email, password: input.password, name: input.name?.trim() || email.split("@")[0], data: { emailVerified: true } },
      ...(actor ? { headers: actor } : {}),
    })
    .catch((error: unknown) => {
      // Two requests for the same new address at once: the second finds it taken.
      if (error instanceof APIError && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") throw new AccountExistsError(email);
      throw error;
    });
  if (input.admin) await setAdmin(db, created.user.id, true);
  if (input.editor) await setEditor(db, created.user.id, true);
  return { id: created.user.id, email: created.user.email };
}

export const uuidSchema = z.uuid("Not a valid user id.");

export interface StaffRow {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  isAdmin: boolean;
  /** Holds the editor role (an administrator may too: it stays when the admin role is removed). */
  hasEditorRole: boolean;
  twoFactorEnabled: boolean;
  activeSessions: number;
}

/** Every staff account with its role and how many sessions it has open, newest first. */
export async function listStaff(db: Database): Promise<StaffRow[]> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'admin')`,
      hasEditorRole: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'editor')`,
      activeSessions: count(session.id),
    })
    .from(user)
    .leftJoin(session, and(eq(session.userId, user.id), gt(session.expiresAt, sql`now()`)))
    .groupBy(user.id)
    .orderBy(desc(user.createdAt));
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    isAdmin: Boolean(r.isAdmin),
    hasEditorRole: Boolean(r.hasEditorRole),
    activeSessions: Number(r.activeSessions),
  }));
}

/**
 * An administrator sets someone else's password (refused when weak, and for the administrator's
 * own account: OwnPasswordError); that account's sessions and outstanding reset links end.
 * `actor`: the acting administrator's request headers: better-auth's admin API checks them too.
 */
export async function resetPassword(
  { auth: instance, db }: { auth: Auth; db: Database },
  userId: string,
  password: string,
  actor: Headers,
): Promise<void> {
  const id = uuidSchema.parse(userId);
  const api = instance.api;
  // docs/requirements/accounts.md#staff-accounts: one's own password only on /account, with the current one.
  if ((await api.getSession({ headers: actor }))?.user.id === id) throw new OwnPasswordError();
  const [target] = await db.select({ email: user.email }).from(user).where(eq(user.id, id)).limit(1);
  if (!target) throw new Error("That account no longer exists.");
  assertStrongPassword(password, target.email);
  await api.setUserPassword({ body: { userId: id, newPassword: password }, headers: actor });
  await api.revokeUserSessions({ body: { userId: id }, headers: actor });
  await endResetLinks(db, id);
}

/** Ends every session of an account (the acting administrator's request headers in `actor`). */
export async function signOutEverywhere(auth: Auth, userId: string, actor: Headers): Promise<void> {
  await auth.api.revokeUserSessions({ body: { userId: uuidSchema.parse(userId) }, headers: actor });
}

/** Deletes an account and its sessions (the acting administrator's request headers in `actor`). */
export async function deleteStaffUser(auth: Auth, userId: string, actor: Headers): Promise<void> {
  await auth.api.removeUser({ body: { userId: uuidSchema.parse(userId) }, headers: actor });
}
