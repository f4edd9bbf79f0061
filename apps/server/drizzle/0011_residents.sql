CREATE TABLE "resident_projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resident_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"leader" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resident_visitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resident_visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"certificate_type" text DEFAULT 'idCard' NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"sex" smallint DEFAULT 0 NOT NULL,
	"age" smallint,
	"job" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"leader" text DEFAULT '' NOT NULL,
	"plate_num" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"rstatus" smallint DEFAULT 0 NOT NULL,
	"refuse_cause" text DEFAULT '' NOT NULL,
	"approver" text DEFAULT '' NOT NULL,
	"face" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "resident_id" integer;--> statement-breakpoint
ALTER TABLE "resident_projects" ADD CONSTRAINT "resident_projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_visitors" ADD CONSTRAINT "resident_visitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_visitors" ADD CONSTRAINT "resident_visitors_project_id_resident_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."resident_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resident_projects_name_uq" ON "resident_projects" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "resident_visitors_company_idx" ON "resident_visitors" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "resident_visitors_project_idx" ON "resident_visitors" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resident_visitors_phone_uq" ON "resident_visitors" USING btree ("company_id","phone") WHERE "resident_visitors"."phone" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "resident_visitors_id_number_uq" ON "resident_visitors" USING btree ("company_id","id_number") WHERE "resident_visitors"."id_number" <> '';--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_resident_id_resident_visitors_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."resident_visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_resident_idx" ON "visits" USING btree ("resident_id","visit_at") WHERE "visits"."resident_id" IS NOT NULL;