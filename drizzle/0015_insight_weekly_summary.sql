CREATE TABLE "insight_summary_sends" (
	"week" date NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "insight_summary_sends_week_user_id_pk" PRIMARY KEY("week","user_id"),
	CONSTRAINT "insight_summary_sends_status_check" CHECK (status in ('sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "insight_summary_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_summary_sends" ADD CONSTRAINT "insight_summary_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_summary_subscriptions" ADD CONSTRAINT "insight_summary_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;