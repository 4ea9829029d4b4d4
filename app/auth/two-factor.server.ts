/**
 * Two-factor sign-in (docs/requirements/accounts.md#two-factor-sign-in): what the setup page shows of the
 * otpauth:// address (a QR code drawn on the server, the secret in groups for typing), how a typed
 * code is read, and the super-administrator's reset of someone's second factor (ADR 011 point 4).
 * The secret itself is kept and checked by better-auth's twoFactor plugin.
 */
import { and, eq, ne } from "drizzle-orm";
import { encode } from "uqr";

import type { Database } from "~/db/client.server";
import { session, twoFactor, user } from "~/db/schema.server";

import { recordAudit } from "./audit.server";
import type { Auth } from "./auth.server";

const BASE32 = /^[A-Z2-7]{16,128}$/;

/**
 * The otpauth:// address of a TOTP setup, checked, or null: only `otpauth://totp/...` with a
 * base32 secret. The setup page sends it back with the confirmation code so that a wrong code can
 * show the same QR code again; the code is checked against the secret better-auth stored, never
 * against this.
 */
export function parseTotpUri(value: unknown): { uri: string; secret: string } | null {
  if (typeof value !== "string" || value.length > 512) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "otpauth:" || url.host !== "totp") return null;
  const secret = url.searchParams.get("secret")?.toUpperCase() ?? "";
  return BASE32.test(secret) ? { uri: value, secret } : null;
}

/** The secret in groups of four, as authenticator apps show it and people type it. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? "";

/**
 * The QR code of `text` as one SVG path (dark modules), drawn in a `size` × `size` box with a
 * quiet zone of 4 modules: the page renders it as inline SVG, no image request, no script.
 */
export function qrCodePath(text: string): { size: number; d: string } {
  const qr = encode(text, { ecc: "M", border: 4 });
  let d = "";
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size: qr.size, d };
}

/** How the code step reads what was typed or pasted: spaces and dashes are ignored. */
export type ParsedCode = { kind: "totp"; code: string } | { kind: "backup"; code: string } | null;

/**
 * A six-digit code from an authenticator app, or a backup code (ten letters and digits, shown as
 * "xxxxx-xxxxx", case kept: better-auth compares them exactly), or null when it is neither.
 */
export function parseCode(input: unknown): ParsedCode {
  if (typeof input !== "string" || input.length > 64) return null;
  const compact = input.replace(/[\s\-‐-―]/g, "");
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (/^[A-Za-z0-9]{10}$/.test(compact)) return { kind: "backup", code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  return null;
}

/**
 * Backup codes as a text file: one a line, with a heading saying what they are. Offered as a
 * download link on the page that shows them (they are never shown again).
 */
export function backupCodesText(codes: readonly string[], brand: string, email: string): string {
  return [`${brand}: backup codes for ${email}`, "Each code works once. Keep them somewhere safe.", "", ...codes, ""].join("\n");
}

/**
 * The super-administrator resets someone's second factor: their secret and backup codes are
 * deleted and two-factor sign-in is off, in one transaction; the caller ends their sessions. An
 * administrator is then taken to set it up again at the next sign-in. Null: no such account.
 */
export async function resetTwoFactor(db: Database, userId: string): Promise<{ id: string; email: string } | null> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id, email: user.email });
    if (!target) return null;
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    return target;
  });
}

/**
 * The recovery of last resort, run on the server (`npm run user:reset-2fa`): the second factor of the
 * account with this e-mail is reset and its sessions end, for the super-administrator who lost both
 * the phone and the backup codes (docs/requirements/accounts.md#two-factor-sign-in). Whoever can run commands
 * on the server can already change anything, so this opens no new door; it is audited.
 */
export async function resetTwoFactorByEmail(db: Database, email: string): Promise<{ id: string; email: string } | null> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!account) return null;
  const reset = await resetTwoFactor(db, account.id);
  if (!reset) return null;
  await db.delete(session).where(eq(session.userId, reset.id));
  await recordAudit(db, { event: "two-factor-reset", outcome: "success", target: reset, detail: "npm run user:reset-2fa on the server" });
  return reset;
}

/** The request's cookies with those a response set applied (a new value, or removed when expired). */
function applySetCookies(cookieHeader: string | null, set: Headers): string {
  const jar = new Map<string, string>();
  for (const pair of (cookieHeader ?? "").split(/;\s*/)) {
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const cookie of set.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    if (/;\s*max-age=0/i.test(cookie) || pair.slice(at + 1) === "") jar.delete(pair.slice(0, at));
    else jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Per request (its load context): the cookies after an action replaced the session. */
const replacedCookies = new WeakMap<object, string>();

/**
 * Turning two-factor sign-in on or off makes better-auth replace the session; the new cookie goes
 * out with the answer. Without JavaScript, React Router runs the page's loader in the same request,
 * with the old cookie: the action leaves the new cookies here, keyed by the request's load context,
 * so the loader finds the new session (and shows the backup codes) rather than sending to sign-in.
 */
export function rememberNewCookies(context: object, request: Request, set: Headers): void {
  replacedCookies.set(context, applySetCookies(request.headers.get("cookie"), set));
}

/**
 * Turning two-factor sign-in on ends every other session of the account (docs/requirements/accounts.md#two-factor-sign-in):
 * only the session better-auth made for the first code (whose cookies `set` carries) stays. How many ended.
 */
export async function endOtherSessions(
  services: { auth: Auth; db: Database },
  userId: string,
  request: Request,
  set: Headers,
): Promise<number> {
  const cookie = applySetCookies(request.headers.get("cookie"), set);
  const kept = await services.auth.api.getSession({ headers: new Headers({ cookie }), query: { disableRefresh: true } });
  if (!kept || kept.user.id !== userId) throw new Error("The session made when two-factor sign-in was turned on was not found");
  const ended = await services.db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, kept.session.id)))
    .returning({ id: session.id });
  return ended.length;
}

/** The request as the loader should see it: with the cookies an action of the same request set. */
export function withNewCookies(context: object, request: Request): Request {
  const cookie = replacedCookies.get(context);
  if (cookie === undefined) return request;
  const headers = new Headers(request.headers);
  headers.set("cookie", cookie);
  return new Request(request.url, { headers, signal: request.signal });
}
