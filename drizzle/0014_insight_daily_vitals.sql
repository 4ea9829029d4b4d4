CREATE TABLE "insight_daily_vitals" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"samples" integer NOT NULL,
	"good" integer NOT NULL,
	"needs_improvement" integer NOT NULL,
	"poor" integer NOT NULL,
	"histogram" jsonb NOT NULL,
	CONSTRAINT "insight_daily_vitals_day_metric_dimension_value_pk" PRIMARY KEY("day","metric","dimension","value")
);
--> statement-breakpoint
-- Days aggregated before this table existed have no Web Vitals rows: forget the aggregates of the
-- days whose raw events are still all kept, so that the hourly housekeeping writes them again with
-- their Web Vitals (until then the dashboard reads those days from the raw events).
DELETE FROM "insight_daily" WHERE "day" > (SELECT min("at") FROM "insight_events")::date;
