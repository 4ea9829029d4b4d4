/**
 * Insights events for the integration tests: rows of `insight_events` written straight into the
 * database, each a page view on "/" from desktop Chrome unless it says otherwise.
 */
import type { Database } from "~/db/client.server";
import { insightEvents } from "~/db/schema.server";

/** An event as a test writes it: `at` in milliseconds, the visitor's hash, any other column. */
export type TestEvent = Omit<Partial<typeof insightEvents.$inferInsert>, "at"> & { at: number; visitor: string };

export async function seedEvents(db: Database, events: TestEvent[]): Promise<void> {
  await db.insert(insightEvents).values(
    events.map((e) => ({
      kind: "page_view" as const,
      path: "/",
      device: "desktop" as const,
      browser: "Chrome",
      ...e,
      at: new Date(e.at),
    })),
  );
}
