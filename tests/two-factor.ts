/**
 * Two-factor sign-in for the tests (docs/requirements/accounts.md#two-factor-sign-in): a TOTP code computed
 * from the secret of an otpauth:// address (RFC 6238: HMAC-SHA-1, 30 s, 6 digits), as an
 * authenticator app would, and turning it on for an account through better-auth's API.
 */
import { createHash, createHmac } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Auth } from "../app/auth/auth.server";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code an authenticator app shows at `at` (milliseconds) for a base32 secret. */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Where the codes handed out by `unusedCode` are reserved, shared by every test process. */
const RESERVED = join(tmpdir(), "crossroads-totp-reserved");

/** Forgets reservations older than five minutes: their codes have long expired. */
function forgetOldReservations(now: number): void {
  for (const name of readdirSync(RESERVED)) {
    const file = join(RESERVED, name);
    try {
      if (now - statSync(file).mtimeMs > 5 * 60_000) rmSync(file, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/**
 * A code for `secret` that no test has used yet, as a person signing in twice within 30 s waits
 * for the next code: the server accepts each code once (docs/requirements/accounts.md#two-factor-sign-in),
 * and the server accepts the codes of the previous, current and next 30 s step. The steps handed
 * out are reserved with an exclusive file create, so parallel test processes signing the same
 * seeded administrator in never send the same code; when the usable steps are all taken, it waits
 * for the next one.
 */
export async function unusedCode(secret: string, onWait?: (ms: number) => void): Promise<string> {
  mkdirSync(RESERVED, { recursive: true });
  const account = createHash("sha256").update(secret).digest("hex").slice(0, 16);
  for (;;) {
    const now = Date.now();
    forgetOldReservations(now);
    const step = Math.floor(now / 30_000);
    const intoStep = now - step * 30_000;
    // The next step's code stays good for a minute; the previous one's only until this step ends.
    const steps = [step, step + 1, ...(intoStep < 20_000 ? [step - 1] : [])];
    for (const candidate of steps) {
      try {
        closeSync(openSync(join(RESERVED, `${account}-${candidate}`), "wx"));
        return totp(secret, candidate * 30_000);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    const wait = 30_000 - intoStep + 50;
    onWait?.(wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** The base32 secret of an otpauth:// address (its `secret=` parameter). */
export function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`No secret in ${uri}`);
  return secret;
}

/** The Cookie header that carries the cookies a response set. */
export const cookieHeader = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");

/**
 * Turns on two-factor sign-in for the account signed in with `cookie`, as the setup page does:
 * enable with the password, confirm with a first code. Returns the secret, the backup codes and
 * the new session's cookie (better-auth replaces the session when it turns it on).
 */
export async function turnOnTwoFactor(
  instance: Auth,
  cookie: string,
  password: string,
): Promise<{ secret: string; backupCodes: string[]; cookie: string }> {
  const headers = new Headers({ cookie });
  const enabled = await instance.api.enableTwoFactor({ body: { password }, headers });
  if (!("totpURI" in enabled)) throw new Error("No otpauth address");
  const secret = secretOf(enabled.totpURI);
  const { headers: set } = await instance.api.verifyTOTP({ body: { code: totp(secret) }, headers, returnHeaders: true });
  return { secret, backupCodes: enabled.backupCodes, cookie: cookieHeader(set) };
}

/**
 * Signs in with e-mail and password through better-auth's API (no rate limit): the session's cookie.
 * `headers`: the browser's request headers the session records (its user agent, client address).
 */
export async function signInCookie(instance: Auth, email: string, password: string, headers?: Record<string, string>): Promise<string> {
  const { headers: set } = await instance.api.signInEmail({
    body: { email, password },
    headers: headers && new Headers(headers),
    returnHeaders: true,
  });
  return cookieHeader(set);
}

/**
 * The response of a password sign-in through better-auth's handler, followed through the code step
 * when it asks for one: verify-totp with the challenge cookie and the current code from `secret`.
 * `headers`: those of the sign-in (origin, client address).
 */
export async function passCodeStep(
  instance: Auth,
  origin: string,
  signIn: Response,
  secret: string | undefined,
  headers: Record<string, string>,
  code?: string,
): Promise<Response> {
  const answer = (await signIn
    .clone()
    .json()
    .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  if (!answer?.twoFactorRedirect) return signIn;
  if (!secret) throw new Error("This account has two-factor sign-in on, and the test has no secret for it");
  return instance.handler(
    new Request(`${origin}/api/auth/two-factor/verify-totp`, {
      method: "POST",
      headers: { origin, ...headers, "content-type": "application/json", cookie: cookieHeader(signIn.headers) },
      body: JSON.stringify({ code: code ?? (await unusedCode(secret)) }),
    }),
  );
}
