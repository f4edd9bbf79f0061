ALTER TABLE "visits" ADD COLUMN "privacy_notice_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "privacy_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "privacy_notice_via" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_privacy_notice_id_agreements_id_fk" FOREIGN KEY ("privacy_notice_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_privacy_notice_idx" ON "visits" USING btree ("privacy_notice_id") WHERE "visits"."privacy_notice_id" IS NOT NULL;