/**
 * Contact-form rate limit per client address (docs/requirements/leads.md#contact-form), counted in the database so every
 * server process shares it. The counters have a table of their own, contact_rate_limit: in
 * better-auth's rate_limit table its cleanup would delete them after a minute, cutting the
 * ten-minute window short. One atomic upsert per submission; window_start holds the start of the
 * current fixed window.
 */
import { lt, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { contactRateLimit } from "~/db/schema.server";

export const CONTACT_MAX_SUBMISSIONS = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;

export type SlotResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/** Counts one submission from `address`; refuses it when the window's allowance is used up. */
export function takeContactSlot(
  db: Database,
  address: string,
  options: { now?: number; max?: number; windowMs?: number } = {},
): Promise<SlotResult> {
  return takeAddressSlot(db, address, {
    now: options.now,
    max: options.max ?? CONTACT_MAX_SUBMISSIONS,
    windowMs: options.windowMs ?? CONTACT_WINDOW_MS,
  });
}

/**
 * The same per-address limit for another public form or endpoint, with its own allowance: `key`
 * names the counter ("search:<address>" for site search, docs/requirements/search.md). A window
 * shorter than the contact form's is pruned with theirs.
 */
export async function takeAddressSlot(
  db: Database,
  key: string,
  options: { now?: number; max: number; windowMs: number },
): Promise<SlotResult> {
  const now = options.now ?? Date.now();
  const { max, windowMs } = options;
  const address = key;
  const expired = sql`${contactRateLimit.windowStart} <= ${now - windowMs}`;
  const [row] = await db
    .insert(contactRateLimit)
    .values({ address, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: contactRateLimit.address,
      set: {
        count: sql`case when ${expired} then 1 else ${contactRateLimit.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now}::bigint else ${contactRateLimit.windowStart} end`,
      },
    })
    .returning({ count: contactRateLimit.count, windowStart: contactRateLimit.windowStart });
  if (row.count <= max) return { ok: true, remaining: max - row.count };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000)) };
}

/** Forgets windows that have ended (the leads worker calls this every 10 minutes). */
export async function pruneContactSlots(db: Database, options: { now?: number; windowMs?: number } = {}): Promise<void> {
  const now = options.now ?? Date.now();
  await db.delete(contactRateLimit).where(lt(contactRateLimit.windowStart, now - (options.windowMs ?? CONTACT_WINDOW_MS)));
}
