CREATE TABLE "face_sync_queue" (
	"company_id" integer NOT NULL,
	"emp_id" integer PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "ac_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "ac_start" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "ac_end" date;--> statement-breakpoint
ALTER TABLE "face_sync_queue" ADD CONSTRAINT "face_sync_queue_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_sync_queue" ADD CONSTRAINT "face_sync_queue_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_sync_queue_company_idx" ON "face_sync_queue" USING btree ("company_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_card_no_uq" ON "employees" USING btree ("company_id","card_no") WHERE "employees"."card_no" <> '';--> statement-breakpoint
CREATE INDEX "employees_sub_account_idx" ON "employees" USING btree ("company_id","sub_account_id");