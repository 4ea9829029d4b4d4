CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"from_name" text,
	"to_name" text,
	"note" text,
	CONSTRAINT "lead_events_kind_check" CHECK (kind in ('status', 'owner', 'note'))
);
--> statement-breakpoint
DROP INDEX "leads_open_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "spam_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_at_id_idx" ON "lead_events" USING btree ("lead_id","at","id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_status_created_at_id_idx" ON "leads" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_owner_created_at_id_idx" ON "leads" USING btree ("owner_id","created_at","id") WHERE owner_id is not null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK (status in ('new', 'contacted', 'qualified', 'won', 'lost', 'spam'));--> statement-breakpoint
-- Every lead is New (the status column's default, ADR 030). A lead marked handled before the
-- pipeline keeps that mark in its history, as a note by whoever marked it, at that time.
INSERT INTO "lead_events" ("lead_id", "at", "actor_id", "actor_name", "kind", "note")
SELECT l."id", l."handled_at", u."id", coalesce(nullif(u."name", ''), u."email"), 'note', 'Marked handled (before the lead pipeline).'
FROM "leads" l LEFT JOIN "user" u ON u."id" = l."handled_by"
WHERE l."handled_at" IS NOT NULL;
