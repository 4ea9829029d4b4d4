-- Insights (docs/requirements/insights.md#insights, ADR 021): raw first-party events, kept INSIGHTS_RETENTION_DAYS,
-- and one random salt per day (office time zone) for the visitor hash; no address or user agent is stored.
CREATE TABLE "insight_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insight_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"visitor" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"click_location" text,
	"metric" text,
	"value" double precision,
	"rating" text,
	CONSTRAINT "insight_events_kind_check" CHECK (kind in ('page_view', 'form_submit', 'phone_call', 'email_click', 'web_vital')),
	CONSTRAINT "insight_events_device_check" CHECK (device in ('mobile', 'tablet', 'desktop')),
	CONSTRAINT "insight_events_metric_check" CHECK (metric is null or metric in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "insight_events_rating_check" CHECK (rating is null or rating in ('good', 'needs-improvement', 'poor'))
);
--> statement-breakpoint
CREATE TABLE "insight_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_events_at_idx" ON "insight_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "insight_events_kind_at_idx" ON "insight_events" USING btree ("kind","at");