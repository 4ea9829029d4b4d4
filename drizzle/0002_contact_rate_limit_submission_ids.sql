CREATE TABLE "contact_rate_limit" (
	"address" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_submission_id_unique" UNIQUE("submission_id");--> statement-breakpoint
-- The contact form's counters move out of better-auth's table (whose cleanup deletes them).
INSERT INTO "contact_rate_limit" ("address", "count", "window_start")
  SELECT substr("key", 9), "count", "last_request" FROM "rate_limit" WHERE "key" LIKE 'contact:%'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "rate_limit" WHERE "key" LIKE 'contact:%';
