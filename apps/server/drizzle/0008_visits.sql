CREATE TABLE "visit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"sub_account_id" integer,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"permission" smallint DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"certificate_type" text DEFAULT 'idCard' NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"pdf" text DEFAULT '' NOT NULL,
	"protocol_accepted" boolean DEFAULT false NOT NULL,
	"emp_id" integer,
	"emp_name" text DEFAULT '' NOT NULL,
	"emp_phone" text DEFAULT '' NOT NULL,
	"tid" integer,
	"visit_type" text DEFAULT '' NOT NULL,
	"visit_reason" text DEFAULT '' NOT NULL,
	"followers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plate_num" text DEFAULT '' NOT NULL,
	"belongings" text DEFAULT '' NOT NULL,
	"temperature" numeric(4, 1),
	"extend" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"gid" integer,
	"sign_in_gate" text DEFAULT '' NOT NULL,
	"sign_out_gate" text DEFAULT '' NOT NULL,
	"sign_in_op" text DEFAULT '' NOT NULL,
	"sign_out_op" text DEFAULT '' NOT NULL,
	"card_no" text DEFAULT '' NOT NULL,
	"code" text,
	"appointment_at" timestamp with time zone,
	"visit_at" timestamp with time zone,
	"sign_out_at" timestamp with time zone,
	"leave_at" timestamp with time zone,
	"lang" text DEFAULT 'zh' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_events" ADD CONSTRAINT "visit_events_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_events_visit_idx" ON "visit_events" USING btree ("visit_id","at");--> statement-breakpoint
CREATE INDEX "visits_company_created_idx" ON "visits" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "visits_company_visit_idx" ON "visits" USING btree ("company_id","visit_at");--> statement-breakpoint
CREATE INDEX "visits_company_status_idx" ON "visits" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "visits_company_phone_idx" ON "visits" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "visits_company_appointment_idx" ON "visits" USING btree ("company_id","appointment_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_code_uq" ON "visits" USING btree ("company_id","code") WHERE "visits"."code" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_client_key_uq" ON "visits" USING btree ("company_id","client_key") WHERE "visits"."client_key" IS NOT NULL;