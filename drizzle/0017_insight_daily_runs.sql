CREATE TABLE "insight_daily_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"aggregated_at" timestamp with time zone NOT NULL,
	"events" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_vitals_running" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"samples" integer NOT NULL,
	"good" integer NOT NULL,
	"needs_improvement" integer NOT NULL,
	"poor" integer NOT NULL,
	"histogram" jsonb NOT NULL,
	CONSTRAINT "insight_vitals_running_day_metric_dimension_value_pk" PRIMARY KEY("day","metric","dimension","value")
);
--> statement-breakpoint
-- The aggregates now keep each day's hours, and Web Vitals' running sums (ADR 023): the days whose
-- events are all still kept are written again by the housekeeping, oldest first, so that each
-- day's running sums are written once (until then the dashboard reads those days from the events).
DELETE FROM "insight_daily" WHERE "day" > (SELECT min("at") FROM "insight_events")::date;--> statement-breakpoint
DELETE FROM "insight_daily_vitals" WHERE "day" > (SELECT min("at") FROM "insight_events")::date;
