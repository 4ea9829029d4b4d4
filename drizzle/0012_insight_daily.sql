-- Insights daily aggregates (docs/requirements/insights.md#insights-dashboard, ADR 022): per day (office time zone), dimension
-- and value, the sums of the visits, written by the hourly housekeeping and kept 25 months.
CREATE TABLE "insight_daily" (
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
	CONSTRAINT "insight_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE INDEX "insight_daily_dimension_day_idx" ON "insight_daily" USING btree ("dimension","day");