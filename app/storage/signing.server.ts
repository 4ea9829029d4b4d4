/**
 * Signed URLs: token = "<expiry in unix seconds>.<HMAC-SHA256 of bucket, name and expiry>", the
 * key derived from the auth secret (BETTER_AUTH_SECRET or the generated one) for this purpose
 * only. Nothing is stored: a URL works until it expires, for that one object name.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignedCheck = { ok: true; expiresAt: number } | { ok: false; reason: "malformed" | "invalid" | "expired" };

export const signingKey = (secret: string) => createHmac("sha256", secret).update("crossroads storage signed URL v1").digest();

const mac = (key: Buffer, bucket: string, name: string, expires: number) =>
  createHmac("sha256", key).update(`${bucket}\n${name}\n${expires}`).digest();

export function signToken(key: Buffer, bucket: string, name: string, expiresAtSeconds: number): string {
  return `${expiresAtSeconds}.${mac(key, bucket, name, expiresAtSeconds).toString("base64url")}`;
}

export function verifyToken(key: Buffer, bucket: string, name: string, token: string | null, nowMs: number): SignedCheck {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return { ok: false, reason: "malformed" };
  const expires = Number(match[1]);
  const given = Buffer.from(match[2], "base64url");
  const wanted = mac(key, bucket, name, expires);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: "invalid" };
  if (expires * 1000 <= nowMs) return { ok: false, reason: "expired" };
  return { ok: true, expiresAt: expires * 1000 };
}
