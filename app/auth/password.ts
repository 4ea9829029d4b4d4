import { MIN_PASSWORD_LENGTH } from "./config";

const COMMON = new Set([
  "password",
  "password1",
  "password123",
  "passw0rd",
  "123456789012",
  "qwertyuiopas",
  "letmein",
  "welcome",
  "iloveyou",
  "admin",
  "administrator",
  "changeme",
  "crossroads",
  "crossroadsit",
  "summer2026",
  "winter2026",
]);

/**
 * Reasons a password is too weak (empty when it is acceptable). Shown to administrators as
 * weak_password with these reasons (docs/requirements.md#passwords).
 */
export function passwordWeaknesses(password: string, email?: string): string[] {
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > 256) reasons.push("Use at most 256 characters.");
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds < 2) reasons.push("Mix at least two of: lower case, upper case, digits, symbols.");
  if (/^(.)\1+$/.test(password)) reasons.push("Do not repeat one character.");
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered) || COMMON.has(lowered.replace(/[\d!]+$/, ""))) reasons.push("This password is too common.");
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 3 && lowered.includes(local)) reasons.push("Do not use your e-mail address in the password.");
  return reasons;
}
