CREATE TABLE "contact_department_links" (
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"dept_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_department_links_company_id_source_external_id_pk" PRIMARY KEY("company_id","source","external_id")
);
--> statement-breakpoint
CREATE TABLE "contact_employee_links" (
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"emp_id" integer NOT NULL,
	"stopped_by_sync" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_employee_links_company_id_source_external_id_pk" PRIMARY KEY("company_id","source","external_id")
);
--> statement-breakpoint
CREATE TABLE "contact_sync" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"dd_secret" text DEFAULT '' NOT NULL,
	"auto_channel" text,
	"last_result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"running_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "contact_department_links" ADD CONSTRAINT "contact_department_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_department_links" ADD CONSTRAINT "contact_department_links_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_employee_links" ADD CONSTRAINT "contact_employee_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_employee_links" ADD CONSTRAINT "contact_employee_links_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_sync" ADD CONSTRAINT "contact_sync_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_department_links_dept_uq" ON "contact_department_links" USING btree ("company_id","source","dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_employee_links_emp_uq" ON "contact_employee_links" USING btree ("company_id","source","emp_id");--> statement-breakpoint
CREATE INDEX "contact_sync_auto_idx" ON "contact_sync" USING btree ("auto_channel");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_uq" ON "jobs" USING btree ("key");