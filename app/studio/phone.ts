/**
 * Phone numbers as staff type them: a US number of 10 digits, with or without +1, spaces, dots,
 * hyphens and parentheses. The data keeps it as printed, "(317) 555-0142", and as dialled, E.164.
 */
import type { Phone } from "~/config/site";

export const PHONE_MESSAGE = "Enter a phone number with its area code, like (317) 555-0142.";
/** Longer than any way of writing a US number. */
export const PHONE_MAX = 30;

/** The phone `text` stands for, or null when it is not a US number of 10 digits. */
export function parsePhone(text: string): Phone | null {
  const typed = text.trim();
  if (typed.length > PHONE_MAX || !/^\+?[\d\s().-]+$/.test(typed)) return null;
  let digits = typed.replace(/\D/g, "");
  if (typed.startsWith("+") || digits.length === 11) {
    if (digits.length !== 11 || !digits.startsWith("1")) return null;
    digits = digits.slice(1);
  }
  // North American numbers: neither the area code nor the exchange starts with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return { display: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, e164: `+1${digits}` };
}
