import { hasControlCharacter } from "~/lib/control-characters";

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
 * weak_password with these reasons (docs/requirements/accounts.md#passwords).
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

/** A field of a form that sets a new password: the password, and the same typed again. */
export type NewPasswordField = "password" | "confirm";

export interface NewPasswordProblem {
  field: NewPasswordField;
  message: string;
  /** The reasons a password is too weak, listed under the message. */
  details?: string[];
}

/**
 * What is wrong with a new password typed twice, or null: the checks and the words of every form
 * that sets one (the account page, the reset link), docs/requirements/accounts.md#passwords.
 */
export function newPasswordProblem(password: string, confirm: string, email: string): NewPasswordProblem | null {
  if (!password) return { field: "password", message: "Enter a new password." };
  if (hasControlCharacter(password)) return { field: "password", message: "Use letters, digits, spaces and symbols only." };
  const reasons = passwordWeaknesses(password, email);
  if (reasons.length) return { field: "password", message: "That password is too weak:", details: reasons };
  if (password !== confirm) return { field: "confirm", message: "The two passwords differ. Type the same password twice." };
  return null;
}

/** The help under a new password's field, the rules of passwordWeaknesses in plain words. */
export const NEW_PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, with two kinds of character (lower case, upper case, digits, symbols). Not your e-mail name.`;
