ALTER TABLE "approval_requests" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "summary" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_subject_waiting_uq" ON "approval_requests" USING btree ("company_id","subject_kind","subject_id") WHERE "approval_requests"."status" = 0 AND "approval_requests"."subject_id" IS NOT NULL;