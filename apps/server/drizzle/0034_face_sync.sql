CREATE SEQUENCE "public"."face_credentials_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "face_credentials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "face_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"person_kind" text NOT NULL,
	"person_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"seq" integer DEFAULT nextval('face_credentials_seq') NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"groups" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"digest" text DEFAULT '' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_pass_receipts" (
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"record_id" text NOT NULL,
	"pass_record_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "face_pass_receipts_device_id_record_id_pk" PRIMARY KEY("device_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "face_sync_state" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"visit_event_id" integer DEFAULT 0 NOT NULL,
	"fingerprint" text DEFAULT '' NOT NULL,
	"full_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "face_credentials" ADD CONSTRAINT "face_credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_credentials" ADD CONSTRAINT "face_credentials_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_pass_receipts" ADD CONSTRAINT "face_pass_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_pass_receipts" ADD CONSTRAINT "face_pass_receipts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_pass_receipts" ADD CONSTRAINT "face_pass_receipts_pass_record_id_pass_records_id_fk" FOREIGN KEY ("pass_record_id") REFERENCES "public"."pass_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_sync_state" ADD CONSTRAINT "face_sync_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "face_credentials_person_uq" ON "face_credentials" USING btree ("device_id","person_kind","person_id");--> statement-breakpoint
CREATE INDEX "face_credentials_device_seq_idx" ON "face_credentials" USING btree ("device_id","seq");--> statement-breakpoint
CREATE INDEX "face_credentials_company_person_idx" ON "face_credentials" USING btree ("company_id","person_kind","person_id");--> statement-breakpoint
CREATE INDEX "face_credentials_retry_idx" ON "face_credentials" USING btree ("next_attempt_at") WHERE "face_credentials"."next_attempt_at" IS NOT NULL;