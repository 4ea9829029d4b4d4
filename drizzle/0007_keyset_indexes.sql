DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "leads_created_at_id_idx" ON "leads" USING btree ("created_at","id");