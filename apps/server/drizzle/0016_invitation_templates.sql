CREATE TABLE "invitation_snapshots" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_type" smallint NOT NULL,
	"template_id" integer,
	"source" text DEFAULT '' NOT NULL,
	"invite_content" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"traffic" text DEFAULT '' NOT NULL,
	"company_profile" text DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitation_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"template_type" smallint NOT NULL,
	"gid" integer,
	"emp_id" integer,
	"invite_content" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"traffic" text DEFAULT '' NOT NULL,
	"company_profile" text DEFAULT '' NOT NULL,
	"invite_content_en" text DEFAULT '' NOT NULL,
	"address_en" text DEFAULT '' NOT NULL,
	"traffic_en" text DEFAULT '' NOT NULL,
	"company_profile_en" text DEFAULT '' NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invitation_snapshots" ADD CONSTRAINT "invitation_snapshots_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_templates" ADD CONSTRAINT "invitation_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_templates" ADD CONSTRAINT "invitation_templates_gid_gates_id_fk" FOREIGN KEY ("gid") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_templates" ADD CONSTRAINT "invitation_templates_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_templates_company_uq" ON "invitation_templates" USING btree ("company_id","template_type",coalesce("gid", 0)) WHERE "invitation_templates"."emp_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_templates_emp_uq" ON "invitation_templates" USING btree ("company_id","emp_id","template_type") WHERE "invitation_templates"."emp_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invitation_templates_gid_idx" ON "invitation_templates" USING btree ("gid");--> statement-breakpoint
CREATE INDEX "invitation_templates_emp_idx" ON "invitation_templates" USING btree ("emp_id");