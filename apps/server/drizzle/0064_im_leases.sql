CREATE TABLE "im_leases" (
	"company_id" integer NOT NULL,
	"platform" text NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "im_leases_company_id_platform_pk" PRIMARY KEY("company_id","platform")
);
--> statement-breakpoint
ALTER TABLE "im_leases" ADD CONSTRAINT "im_leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;