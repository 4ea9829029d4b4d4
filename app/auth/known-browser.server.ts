/**
 * The known-browser cookie (docs/requirements/accounts.md#sign-in-throttling): a browser that has fully
 * signed in to an account gets a long-lived, httpOnly cookie saying so. Its sign-ins to that account
 * are counted in the account's own known-browser bucket instead of the account's bucket, so a
 * guesser elsewhere who pauses the account does not lock the real person out.
 *
 * The value is `<user id>.<random browser id>.<issued at, ms>.<HMAC-SHA-256>`, the HMAC keyed with
 * the auth secret over those three and a stamp of the account's credentials (its password hash and
 * its authenticator secret). So the cookie cannot be forged or moved to another account, and
 * changing the password, or turning the second factor on, off or resetting it, voids every cookie
 * made before: an attacker who once knew the password keeps nothing from it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { account, twoFactor } from "~/db/schema.server";

import { KNOWN_BROWSER_SECONDS } from "./config";

/** The cookie's name before better-auth's prefixes (`better-auth.`, and `__Secure-` on https). */
export const KNOWN_BROWSER_COOKIE = "known_browser";

/**
 * A stamp of the account's credentials: changes whenever its password or its authenticator secret
 * does. Null for an account with no password (none signs in with one).
 */
export async function credentialStamp(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password, secret: twoFactor.secret })
    .from(account)
    .leftJoin(twoFactor, eq(twoFactor.userId, account.userId))
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  if (!row?.password) return null;
  return createHash("sha256")
    .update(`${row.password}\n${row.secret ?? ""}`)
    .digest("hex");
}

const mac = (secret: string, userId: string, browserId: string, issuedAt: number, stamp: string) =>
  createHmac("sha256", secret).update(`known-browser\n${userId}\n${browserId}\n${issuedAt}\n${stamp}`).digest("base64url");

/** The cookie's value for `userId`, whose credentials' stamp is `stamp`. */
export function knownBrowserValue(secret: string, userId: string, stamp: string, now = Date.now()): string {
  const browserId = randomBytes(16).toString("base64url");
  return `${userId}.${browserId}.${now}.${mac(secret, userId, browserId, now, stamp)}`;
}

/** The bucket a known browser's sign-ins to the account count in: one per account and credentials. */
export const knownBrowserKey = (userId: string, stamp: string) => `known-browser:${userId}:${stamp.slice(0, 16)}`;

/**
 * The known-browser bucket of `userId` when `value` is a valid, unexpired cookie made for that
 * account with its current credentials; null otherwise (missing, forged, another account's, too
 * old, or made before the password or second factor changed).
 */
export async function knownBrowserBucket(
  db: Database,
  secret: string,
  value: string | null | undefined,
  userId: string,
  now = Date.now(),
): Promise<string | null> {
  if (!value || value.length > 200) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [owner, browserId, issued, signature] = parts;
  const issuedAt = Number(issued);
  if (owner !== userId || !/^\d{1,15}$/.test(issued) || issuedAt > now + 60_000 || now - issuedAt > KNOWN_BROWSER_SECONDS * 1000)
    return null;
  const stamp = await credentialStamp(db, userId);
  if (!stamp) return null;
  const expected = Buffer.from(mac(secret, userId, browserId, issuedAt, stamp));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return knownBrowserKey(userId, stamp);
}

/** The Set-Cookie attributes of the cookie, as better-auth makes them for its own cookies. */
export interface CookieAttributes {
  secure?: boolean;
  sameSite?: string;
  path?: string;
  httpOnly?: boolean;
  domain?: string;
}

/** A Set-Cookie header for the cookie, for pages that set it outside better-auth (a password reset). */
export function knownBrowserSetCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, `Path=${attributes.path ?? "/"}`, `Max-Age=${KNOWN_BROWSER_SECONDS}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.httpOnly !== false) parts.push("HttpOnly");
  parts.push(`SameSite=${attributes.sameSite ? attributes.sameSite[0].toUpperCase() + attributes.sameSite.slice(1) : "Lax"}`);
  if (attributes.secure) parts.push("Secure");
  return parts.join("; ");
}
