/**
 * What a failed query means, read from PostgreSQL's error code: the same on both drivers (the
 * embedded PGlite and node-postgres), through however many of Drizzle's wrappers hold it.
 */

/** PostgreSQL's unique_violation (23505): a write that a unique index refused. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === "23505") return true;
  }
  return false;
}
