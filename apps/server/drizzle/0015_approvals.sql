CREATE TABLE "process_areas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "process_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"gids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "process_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"area_id" integer,
	"area_name" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"levels" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"submitter" text DEFAULT '' NOT NULL,
	"decider_kind" text,
	"decider_id" integer,
	"decider_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "process_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"r_type" smallint NOT NULL,
	"ref_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_areas" ADD CONSTRAINT "process_areas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_records" ADD CONSTRAINT "process_records_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_rules" ADD CONSTRAINT "process_rules_area_id_process_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."process_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_areas_name_uq" ON "process_areas" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "process_records_visit_idx" ON "process_records" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_records_waiting_uq" ON "process_records" USING btree ("visit_id") WHERE "process_records"."status" = 0;--> statement-breakpoint
CREATE INDEX "process_records_waiting_idx" ON "process_records" USING btree ("company_id","area_id","level") WHERE "process_records"."status" = 0;--> statement-breakpoint
CREATE INDEX "process_records_decider_idx" ON "process_records" USING btree ("company_id","decider_kind","decider_id");--> statement-breakpoint
CREATE INDEX "process_rules_area_idx" ON "process_rules" USING btree ("area_id","level");