CREATE TABLE "insight_daily_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"aggregated_at" timestamp with time zone NOT NULL,
	"events" integer NOT NULL
);
