DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree (lower("actor_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_log_target_email_idx" ON "audit_log" USING btree (lower("target_email") text_pattern_ops);