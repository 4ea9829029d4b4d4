/**
 * Contact-form rate limit per client address (DECISIONS §3), counted in the database's rate_limit
 * table so every server process shares it (DECISIONS §8). Keys are "contact:<address>"; for them
 * last_request holds the start of the current window. One atomic upsert per submission.
 */
import { and, like, lt, sql } from "drizzle-orm";
import { database, type Database } from "~/db/client.server";
import { rateLimit } from "~/db/schema.server";

export const CONTACT_MAX_SUBMISSIONS = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;
const PREFIX = "contact:";

export type SlotResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/** Counts one submission from `address`; refuses it when the window's allowance is used up. */
export async function takeContactSlot(address: string, options: { now?: number; db?: Database; max?: number; windowMs?: number } = {}): Promise<SlotResult> {
  const now = options.now ?? Date.now();
  const max = options.max ?? CONTACT_MAX_SUBMISSIONS;
  const windowMs = options.windowMs ?? CONTACT_WINDOW_MS;
  const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}`;
  const [row] = await (options.db ?? (await database()))
    .insert(rateLimit)
    .values({ key: `${PREFIX}${address}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (row.count <= max) return { ok: true, remaining: max - row.count };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000)) };
}

/** Forgets windows that have ended (the outbox calls this now and then). */
export async function pruneContactSlots(options: { now?: number; db?: Database; windowMs?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now();
  await (options.db ?? (await database()))
    .delete(rateLimit)
    .where(and(like(rateLimit.key, `${PREFIX}%`), lt(rateLimit.lastRequest, now - (options.windowMs ?? CONTACT_WINDOW_MS))));
}
