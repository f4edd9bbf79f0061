CREATE TABLE "listed_people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listed_people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"credential_no" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listed_people" ADD CONSTRAINT "listed_people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listed_people_company_idx" ON "listed_people" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listed_people_phone_uq" ON "listed_people" USING btree ("company_id","kind","phone") WHERE "listed_people"."phone" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "listed_people_credential_uq" ON "listed_people" USING btree ("company_id","kind","credential_no") WHERE "listed_people"."credential_no" <> '';