CREATE TABLE "retention_rules" (
	"company_id" integer NOT NULL,
	"tid" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_rules_company_id_tid_pk" PRIMARY KEY("company_id","tid")
);
--> statement-breakpoint
CREATE TABLE "retention_sweeps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_sweeps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_deletions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "purged" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_sweeps" ADD CONSTRAINT "retention_sweeps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_sweeps_company_idx" ON "retention_sweeps" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "file_deletions_company_idx" ON "file_deletions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "mails_visit_idx" ON "mails" USING btree ("company_id","visit_id") WHERE "mails"."visit_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "visits_retention_idx" ON "visits" USING btree ("company_id",coalesce("sign_out_at", CASE WHEN "visit_at" IS NULL THEN coalesce("leave_at", "appointment_at", "created_at") END)) WHERE cardinality("visits"."purged") < 10;