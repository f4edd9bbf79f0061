CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"dept_no" text DEFAULT '' NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"manager_emp_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_departments" (
	"company_id" integer NOT NULL,
	"emp_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	CONSTRAINT "employee_departments_emp_id_dept_id_pk" PRIMARY KEY("emp_id","dept_id")
);
--> statement-breakpoint
DROP INDEX "employees_company_idx";--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "emp_no" SET DEFAULT '';--> statement-breakpoint
UPDATE "employees" SET "emp_no" = '' WHERE "emp_no" IS NULL;--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "emp_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "position" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "card_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "telephone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "workbay" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "superior_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "superior_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domain_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "visit_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "default_notify" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "default_receiver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "is_leader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "default_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "forbid_appointment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "forbid_invite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "hide_from_pad" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "face" smallint;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "avatar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_departments" ADD CONSTRAINT "employee_departments_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_departments" ADD CONSTRAINT "employee_departments_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_sibling_name_uq" ON "departments" USING btree ("company_id","parent_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "departments_no_uq" ON "departments" USING btree ("company_id","dept_no") WHERE "departments"."dept_no" <> '';--> statement-breakpoint
CREATE INDEX "employee_departments_dept_idx" ON "employee_departments" USING btree ("company_id","dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_emp_no_uq" ON "employees" USING btree ("company_id","emp_no") WHERE "employees"."emp_no" <> '';--> statement-breakpoint
CREATE INDEX "employees_company_idx" ON "employees" USING btree ("company_id","created_at");