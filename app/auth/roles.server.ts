/**
 * Roles come from the user_roles table (docs/requirements/accounts.md#roles): a row with role "admin" makes an
 * administrator; the super-administrator is the admin whose e-mail is SUPER_ADMIN_EMAIL.
 */
import { and, eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { user, userRoles } from "~/db/schema.server";
import { env } from "~/env.server";
import { log } from "~/lib/log.server";

export interface RoleFlags {
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

export const NO_ROLES: RoleFlags = { isAdmin: false, isSuperAdmin: false };

/** docs/requirements/accounts.md#roles: a failed lookup is logged and the user is treated as a non-admin. */
export async function roleFlags(db: Database, user: { id: string; email: string }): Promise<RoleFlags> {
  try {
    const isAdmin = await hasAdminRole(db, user.id);
    const superEmail = env().SUPER_ADMIN_EMAIL;
    return { isAdmin, isSuperAdmin: isAdmin && !!superEmail && user.email.toLowerCase() === superEmail.toLowerCase() };
  } catch (error) {
    log.error("Role lookup failed; treating the user as a non-admin:", error instanceof Error ? error.message : error);
    return NO_ROLES;
  }
}

/** Whether the account holds the admin role now (read at the time of the check, never cached). */
export async function hasAdminRole(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length === 1;
}

/**
 * The one writer of roles: user_roles (the source of truth) and the user.role column that
 * better-auth's admin plugin reads are changed in one transaction, so they never disagree
 * (docs/requirements/accounts.md#roles, ADR 011).
 */
export async function setAdmin(db: Database, userId: string, isAdmin: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (isAdmin) await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    else await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
    await tx
      .update(user)
      .set({ role: isAdmin ? "admin" : "user" })
      .where(eq(user.id, userId));
  });
}
