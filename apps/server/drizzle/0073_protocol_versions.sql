ALTER TABLE "visits" ADD COLUMN "protocol_agreement_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "protocol_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "protocol_via" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_protocol_agreement_id_agreements_id_fk" FOREIGN KEY ("protocol_agreement_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_protocol_agreement_idx" ON "visits" USING btree ("protocol_agreement_id") WHERE "visits"."protocol_agreement_id" IS NOT NULL;