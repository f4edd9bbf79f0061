-- Who is on site, in the visit list's order (company, when, id): the on-site list's page reads its 20 entries instead of
-- walking visits_company_when_idx past every visit that has left (about 9,500 rows at a million visits). Still partial,
-- so it holds only the few on site; replaced rather than added, so a sign-in or sign-out updates no more indexes.
DROP INDEX "visits_on_site_idx";--> statement-breakpoint
CREATE INDEX "visits_on_site_idx" ON "visits" USING btree ("company_id",coalesce("visit_at", "appointment_at", "created_at"),"id") WHERE "visits"."visit_at" IS NOT NULL AND "visits"."sign_out_at" IS NULL;