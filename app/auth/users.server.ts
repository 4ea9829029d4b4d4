/** Staff accounts: created by an administrator or by `npm run user:create` (docs/requirements.md#staff-accounts). */
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { database, type Database } from "~/db/client.server";
import { session, user, userRoles } from "~/db/schema.server";
import { auth, type Auth } from "./auth.server";
import { passwordWeaknesses } from "./password";
import { grantRole } from "./roles.server";

export class WeakPasswordError extends Error {
  readonly code = "weak_password";
  constructor(public readonly reasons: string[]) {
    super(`weak_password: ${reasons.join(" ")}`);
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

/** `services`: the server's (context.services); scripts and tests leave it out. */
export async function createStaffUser(
  input: { email: string; password: string; name?: string; admin?: boolean },
  services?: { auth: Auth; db: Database },
) {
  const email = emailSchema.parse(input.email.trim().toLowerCase());
  assertStrongPassword(input.password, email);
  const ctx = await (services?.auth ?? (await auth())).$context;
  if (await ctx.internalAdapter.findUserByEmail(email)) throw new AccountExistsError(email);
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name?.trim() || email.split("@")[0], emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  if (input.admin) await grantRole(user.id, "admin", services?.db);
  return { id: user.id, email: user.email };
}

export const uuidSchema = z.uuid("Not a valid user id.");

export interface StaffRow {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  isAdmin: boolean;
  activeSessions: number;
}

/** Every staff account with its role and how many sessions it has open, newest first. */
export async function listStaff(conn?: Database): Promise<StaffRow[]> {
  const db = conn ?? (await database());
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'admin')`,
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
    activeSessions: Number(r.activeSessions),
  }));
}

/** Sets a new password (refused when weak) and ends the account's sessions. */
export async function resetPassword(userId: string, password: string, instance?: Auth): Promise<void> {
  const ctx = await (instance ?? (await auth())).$context;
  const target = await ctx.internalAdapter.findUserById(uuidSchema.parse(userId));
  if (!target) throw new Error("That account no longer exists.");
  assertStrongPassword(password, target.email);
  await ctx.internalAdapter.updatePassword(target.id, await ctx.password.hash(password));
  await ctx.internalAdapter.deleteUserSessions(target.id);
}

export async function signOutEverywhere(userId: string, instance?: Auth): Promise<void> {
  const ctx = await (instance ?? (await auth())).$context;
  await ctx.internalAdapter.deleteUserSessions(uuidSchema.parse(userId));
}

export async function deleteStaffUser(userId: string, instance?: Auth): Promise<void> {
  const ctx = await (instance ?? (await auth())).$context;
  await ctx.internalAdapter.deleteUser(uuidSchema.parse(userId));
}
