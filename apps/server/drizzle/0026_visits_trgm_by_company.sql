-- The substring indexes led by the company (a search reads only its own company's matches): btree_gin gives the
-- integer column a GIN operator class. PGlite loads the extension itself (db/client.ts); Debian's PostgreSQL ships it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "visits_name_trgm_idx";--> statement-breakpoint
DROP INDEX "visits_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "visits_company_name_trgm_idx";--> statement-breakpoint
DROP INDEX "visits_emp_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "visits_name_trgm_idx" ON "visits" USING gin ("company_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_phone_trgm_idx" ON "visits" USING gin ("company_id","phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_company_name_trgm_idx" ON "visits" USING gin ("company_id","company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_emp_name_trgm_idx" ON "visits" USING gin ("company_id","emp_name" gin_trgm_ops);