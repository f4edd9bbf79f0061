CREATE TABLE "im_apps" (
	"company_id" integer NOT NULL,
	"platform" text NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"agent_id" text DEFAULT '' NOT NULL,
	"api_base" text DEFAULT '' NOT NULL,
	"secrets" text DEFAULT '' NOT NULL,
	"last_test" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_apps_company_id_platform_pk" PRIMARY KEY("company_id","platform")
);
--> statement-breakpoint
ALTER TABLE "im_apps" ADD CONSTRAINT "im_apps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;