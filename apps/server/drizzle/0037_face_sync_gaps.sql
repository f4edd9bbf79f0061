ALTER SEQUENCE "public"."face_credentials_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9007199254740991 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "face_credentials" ALTER COLUMN "seq" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "face_credentials" ALTER COLUMN "seq" SET DEFAULT nextval('face_credentials_seq');--> statement-breakpoint
ALTER TABLE "face_credentials" ADD COLUMN "card_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "face_credentials" ADD COLUMN "ack_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "face_credentials_ack_due_idx" ON "face_credentials" USING btree ("company_id","ack_due_at") WHERE "face_credentials"."ack_due_at" IS NOT NULL;