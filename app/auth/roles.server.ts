/**
 * Roles come from the user_roles table (docs/requirements/accounts.md#roles): a row with role "admin" makes an
 * administrator, one with role "editor" an editor (the content studio and the blog); the
 * super-administrator is the admin whose e-mail is SUPER_ADMIN_EMAIL.
 */
import { and, eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { user, userRoles, type Role } from "~/db/schema.server";
import { env } from "~/env.server";
import { log } from "~/lib/log.server";

export interface RoleFlags {
  isAdmin: boolean;
  /** Can edit content (the content studio, the blog): an editor, or an administrator, who can do everything an editor can. */
  isEditor: boolean;
  isSuperAdmin: boolean;
  /**
   * Works leads (docs/requirements/leads.md#who-may-do-what): staff without the editor role, and
   * administrators. An editor (the content role) gets nothing of leads.
   */
  canWorkLeads: boolean;
}

/** A failed role lookup: no role, and not even the leads (they hold personal data). */
export const NO_ROLES: RoleFlags = { isAdmin: false, isEditor: false, isSuperAdmin: false, canWorkLeads: false };

/** Whether an account holding `roles` works leads: an administrator, or staff who are not editors. */
export const worksLeads = (roles: readonly Role[]): boolean => roles.includes("admin") || !roles.includes("editor");

/** docs/requirements/accounts.md#roles: a failed lookup is logged and the user is treated as having no role. */
export async function roleFlags(db: Database, user: { id: string; email: string }): Promise<RoleFlags> {
  try {
    const roles = await rolesOf(db, user.id);
    const isAdmin = roles.includes("admin");
    const superEmail = env().SUPER_ADMIN_EMAIL;
    return {
      isAdmin,
      isEditor: isAdmin || roles.includes("editor"),
      isSuperAdmin: isAdmin && !!superEmail && user.email.toLowerCase() === superEmail.toLowerCase(),
      canWorkLeads: worksLeads(roles),
    };
  } catch (error) {
    log.error("Role lookup failed; treating the user as a non-admin:", error instanceof Error ? error.message : error);
    return NO_ROLES;
  }
}

/** The roles the account holds now (read at the time of the check, never cached). */
export async function rolesOf(db: Database, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
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
 * What better-auth's admin plugin reads in user.role for an account holding `roles` (ADR 011):
 * "admin" for an administrator (the plugin's one adminRole); "editor" for an editor, a role the
 * plugin does not know and so grants nothing, exactly as "user": an editor can never call its
 * administration (create, set a password, end sessions, delete).
 */
export function authRoleOf(roles: readonly Role[]): "admin" | "editor" | "user" {
  if (roles.includes("admin")) return "admin";
  if (roles.includes("editor")) return "editor";
  return "user";
}

/**
 * The one writer of roles: user_roles (the source of truth) and the user.role column that
 * better-auth's admin plugin reads are changed in one transaction, so they never disagree
 * (docs/requirements/accounts.md#roles, ADR 011). The account's row is locked first, so two changes
 * to one account's roles at once (admin and editor) take turns, and user.role is computed from the
 * roles as the second one sees them.
 */
export async function setRole(db: Database, userId: string, role: Role, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (on) await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    else await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    const held = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    await tx
      .update(user)
      .set({ role: authRoleOf(held.map((r) => r.role)) })
      .where(eq(user.id, userId));
  });
}

/** Grants or revokes the admin role (setRole). */
export const setAdmin = (db: Database, userId: string, isAdmin: boolean): Promise<void> => setRole(db, userId, "admin", isAdmin);

/** Grants or revokes the editor role (setRole). */
export const setEditor = (db: Database, userId: string, isEditor: boolean): Promise<void> => setRole(db, userId, "editor", isEditor);
