/**
 * Webhook signing secrets (ADR 031): made as Standard Webhooks says (`whsec_` and the base64 of 32
 * random bytes), shown once, stored encrypted, and used to sign each attempt: `v1,` and the base64
 * HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret's decoded bytes.
 *
 * Stored secrets are sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's
 * own secret (BETTER_AUTH_SECRET, or the one generated into DATA_DIR/auth-secret), with the
 * endpoint's id as associated data: a database dump alone cannot sign, and a sealed secret copied
 * to another endpoint's row does not open. They are opened only to sign an attempt. Changing
 * BETTER_AUTH_SECRET makes them unreadable: each endpoint's secret must then be rotated.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

import { authSecret } from "~/auth/auth.server";
import type { Env } from "~/env.server";

export const SECRET_PREFIX = "whsec_";
/** Random bytes of a secret (Standard Webhooks: 24 to 64). */
export const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** The HMAC key of a `whsec_` secret: its base64 part, decoded. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** The content signed: `${id}.${timestamp}.${body}`. */
export const signedContent = (id: string, timestamp: number, body: string) => `${id}.${timestamp}.${body}`;

/** One signature, `v1,<base64>`. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret))
    .update(signedContent(id, timestamp, body), "utf8")
    .digest("base64")}`;
}

/** The webhook-signature header: one signature per secret still valid, space-separated (the current one first). */
export const signatureHeader = (secrets: readonly string[], id: string, timestamp: number, body: string) =>
  secrets.map((secret) => sign(secret, id, timestamp, body)).join(" ");

/** A sealed secret that does not open: the server's secret changed, or the row was altered. */
export class SecretUnreadableError extends Error {
  constructor() {
    super("The signing secret cannot be read (BETTER_AUTH_SECRET changed since it was made?): rotate the endpoint's secret.");
    this.name = "SecretUnreadableError";
  }
}

const SEALED_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals and opens signing secrets with the key derived from the server's secret. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync("sha256", serverSecret, "crossroads-webhooks", "webhook signing secrets v1", 32));
  }

  /** `v1:` and the base64 of the IV, the tag and the ciphertext. */
  seal(secret: string, endpointId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(endpointId, "utf8"));
    const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return `${SEALED_VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
  }

  open(sealed: string, endpointId: string): string {
    const [version, data] = sealed.split(":", 2);
    if (version !== SEALED_VERSION || !data) throw new SecretUnreadableError();
    const bytes = Buffer.from(data, "base64");
    if (bytes.length <= IV_BYTES + TAG_BYTES) throw new SecretUnreadableError();
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(endpointId, "utf8"));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretUnreadableError();
    }
  }
}

const boxes = new Map<string, SecretBox>();

/** The box of the server's secret in `env` (made once per secret). */
export function secretBox(env: Pick<Env, "BETTER_AUTH_SECRET" | "DATA_DIR">): SecretBox {
  const secret = authSecret(env);
  let box = boxes.get(secret);
  if (!box) boxes.set(secret, (box = new SecretBox(secret)));
  return box;
}
