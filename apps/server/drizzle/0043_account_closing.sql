CREATE TABLE "closed_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "closed_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"former_company_id" integer NOT NULL,
	"name" text NOT NULL,
	"requested_at" timestamp with time zone,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"files_removed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closing_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "data_exported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "companies_closing_idx" ON "companies" USING btree ("closing_due") WHERE closing_due IS NOT NULL;