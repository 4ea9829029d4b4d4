/**
 * The contact form's time trap (docs/requirements/leads.md#spam): the server signs the moment it
 * rendered the form, the form sends it back, and a submission that arrives sooner than a person could
 * fill it in is spam. The token is `<milliseconds since 1970>.<HMAC-SHA256 of them>` in the hidden
 * `form_time` field, keyed from the auth secret (BETTER_AUTH_SECRET or the generated one) for this
 * purpose only: no cookie, nothing stored, and every server process checks the others' tokens.
 *
 * /contact is rendered per request (ADR 005), so its HTML carries a fresh token with or without
 * JavaScript, as it carries the submission id. A form without a valid token (posted by a script
 * that never loaded the page, or a copy of the page older than the trap) is not judged by time at
 * all: the missing token is one point of the spam score, never enough alone (app/leads/spam.ts).
 * A page kept open for days is old, not fast: an old token never counts against anyone.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

import { authSecret } from "~/auth/auth.server";
import { env, type Env } from "~/env.server";

import type { FormTimeCheck } from "./spam";

/** A token from up to this far in the future (another process's clock) is still read as "just now". */
const CLOCK_SKEW_MS = 60_000;

export const formTimeKey = (secret: string): Buffer => createHmac("sha256", secret).update("crossroads contact form time v1").digest();

const mac = (key: Buffer, issuedAt: number) => createHmac("sha256", key).update(`contact-form\n${issuedAt}`).digest();

/** The token of a form rendered at `now`. */
export function issueFormTime(key: Buffer, now = Date.now()): string {
  const issuedAt = Math.floor(now);
  return `${issuedAt}.${mac(key, issuedAt).toString("base64url")}`;
}

/** How long ago the form of `token` was rendered, if the token is this site's. */
export function checkFormTime(key: Buffer, token: unknown, now = Date.now()): FormTimeCheck {
  if (typeof token !== "string" || token.trim() === "") return { kind: "missing" };
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return { kind: "invalid" };
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[2], "base64url");
  const wanted = mac(key, issuedAt);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { kind: "invalid" };
  const elapsedMs = now - issuedAt;
  if (elapsedMs < -CLOCK_SKEW_MS) return { kind: "invalid" };
  return { kind: "ok", elapsedMs: Math.max(0, elapsedMs) };
}

/** What the contact form's checks need from the settings: the key, and the time trap's seconds. */
export interface ContactChecks {
  formKey: Buffer;
  minFillSeconds: number;
}

let cached: { secret: string; key: Buffer } | undefined;

/** The checks of this server's settings (the key made once per secret). */
export function contactChecks(config: Pick<Env, "BETTER_AUTH_SECRET" | "DATA_DIR" | "CONTACT_MIN_SECONDS"> = env()): ContactChecks {
  const secret = authSecret(config);
  if (cached?.secret !== secret) cached = { secret, key: formTimeKey(secret) };
  return { formKey: cached.key, minFillSeconds: config.CONTACT_MIN_SECONDS };
}
