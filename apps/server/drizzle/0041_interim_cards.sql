CREATE TABLE "interim_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interim_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"emp_id" integer,
	"name" text NOT NULL,
	"dept_name" text DEFAULT '' NOT NULL,
	"emp_no" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"office" text DEFAULT '' NOT NULL,
	"card_no" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"refuse_reason" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lent_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interim_cards" ADD CONSTRAINT "interim_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interim_cards" ADD CONSTRAINT "interim_cards_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interim_cards_company_idx" ON "interim_cards" USING btree ("company_id","submitted_at");--> statement-breakpoint
CREATE INDEX "interim_cards_emp_idx" ON "interim_cards" USING btree ("company_id","emp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interim_cards_lent_uq" ON "interim_cards" USING btree ("company_id",lower("card_no")) WHERE "interim_cards"."status" = 1;