/** Staff accounts: created by an administrator or by `npm run user:create` (DECISIONS §4). */
import { z } from "zod";
import { auth } from "./auth.server";
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

export async function createStaffUser(input: { email: string; password: string; name?: string; admin?: boolean }) {
  const email = emailSchema.parse(input.email.trim().toLowerCase());
  const reasons = passwordWeaknesses(input.password, email);
  if (reasons.length) throw new WeakPasswordError(reasons);
  const ctx = await (await auth()).$context;
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
  if (input.admin) await grantRole(user.id, "admin");
  return { id: user.id, email: user.email };
}
