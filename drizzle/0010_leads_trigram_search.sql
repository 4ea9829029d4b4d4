-- The leads search's trigram index (docs/requirements/leads.md#leads, ADR 018). pg_trgm is in PostgreSQL's
-- contrib (Debian's postgresql-15 package has it) and trusted: the database's owner may create it.
-- The embedded PGlite loads it when it opens (app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin (lower("full_name" || E'\x1f' || "email" || E'\x1f' || "company" || E'\x1f' || "message") gin_trgm_ops);
