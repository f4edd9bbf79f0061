CREATE TABLE "visit_day_stats" (
	"company_id" integer NOT NULL,
	"scope" integer NOT NULL,
	"day" text NOT NULL,
	"day_from" timestamp with time zone NOT NULL,
	"day_until" timestamp with time zone NOT NULL,
	"stats" jsonb NOT NULL,
	CONSTRAINT "visit_day_stats_company_id_scope_day_pk" PRIMARY KEY("company_id","scope","day")
);
--> statement-breakpoint
ALTER TABLE "visit_day_stats" ADD CONSTRAINT "visit_day_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_day_stats_from_idx" ON "visit_day_stats" USING btree ("company_id","day_from");