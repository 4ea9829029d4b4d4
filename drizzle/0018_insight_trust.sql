CREATE TABLE "insight_daily_filtered" (
	"filter" text NOT NULL,
	"filter_value" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"bounces" integer NOT NULL,
	"converted" integer NOT NULL,
	"leads" integer NOT NULL,
	"calls" integer NOT NULL,
	"emails" integer NOT NULL,
	CONSTRAINT "insight_daily_filtered_pk" PRIMARY KEY("filter","filter_value","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "insight_intake" (
	"scope" text NOT NULL,
	"period" text NOT NULL,
	"accepted" integer NOT NULL,
	"dropped" integer NOT NULL,
	CONSTRAINT "insight_intake_scope_period_pk" PRIMARY KEY("scope","period"),
	CONSTRAINT "insight_intake_scope_check" CHECK (scope in ('minute', 'day'))
);
--> statement-breakpoint
CREATE TABLE "insight_visits" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"entry" text,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"pageviews" integer NOT NULL,
	"leads" integer NOT NULL,
	"calls" integer NOT NULL,
	"emails" integer NOT NULL,
	"pages" text[] NOT NULL,
	"page_views" integer[] NOT NULL,
	"phone_at" text[] NOT NULL,
	"email_at" text[] NOT NULL,
	CONSTRAINT "insight_visits_visitor_started_pk" PRIMARY KEY("visitor","started")
);
--> statement-breakpoint
CREATE INDEX "insight_daily_filtered_day_idx" ON "insight_daily_filtered" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_visits_day_idx" ON "insight_visits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_visits_entry_day_idx" ON "insight_visits" USING btree ("entry","day");--> statement-breakpoint
CREATE INDEX "insight_visits_referrer_day_idx" ON "insight_visits" USING btree ("referrer","day");--> statement-breakpoint
CREATE INDEX "insight_visits_source_day_idx" ON "insight_visits" USING btree ("utm_source","day");--> statement-breakpoint
CREATE INDEX "insight_visits_medium_day_idx" ON "insight_visits" USING btree ("utm_medium","day");--> statement-breakpoint
CREATE INDEX "insight_visits_campaign_day_idx" ON "insight_visits" USING btree ("utm_campaign","day");--> statement-breakpoint
CREATE INDEX "insight_visits_pages_idx" ON "insight_visits" USING gin ("pages");--> statement-breakpoint
-- The days whose events are all still kept are aggregated again by the housekeeping, oldest first
-- (as in 0017): that writes their visits (insight_visits, for filtered views) and counts them by
-- the new rules (a contact request is a stored lead; a visit counts once for its phone and e-mail
-- taps). Until then the dashboard reads those days from the events.
DELETE FROM "insight_daily" WHERE "day" > (SELECT min("at") FROM "insight_events")::date;--> statement-breakpoint
DELETE FROM "insight_daily_vitals" WHERE "day" > (SELECT min("at") FROM "insight_events")::date;
