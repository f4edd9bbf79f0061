-- Trigram operator classes for the substring (ILIKE %text%) indexes below; PGlite loads the extension itself (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "visits_on_site_idx" ON "visits" USING btree ("company_id","gid") WHERE "visits"."visit_at" IS NOT NULL AND "visits"."sign_out_at" IS NULL;--> statement-breakpoint
CREATE INDEX "visits_resident_when_idx" ON "visits" USING btree ("company_id",coalesce("visit_at", "appointment_at", "created_at"),"id") WHERE "visits"."kind" = 'resident';--> statement-breakpoint
CREATE INDEX "visits_name_trgm_idx" ON "visits" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_phone_trgm_idx" ON "visits" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_company_name_trgm_idx" ON "visits" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_emp_name_trgm_idx" ON "visits" USING gin ("emp_name" gin_trgm_ops);