CREATE TABLE "sub_account_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_account_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"gids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"egids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"va_perm" smallint DEFAULT 3 NOT NULL,
	"admin_type" smallint DEFAULT 0 NOT NULL,
	"modules" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "logo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "floor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "room_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "gids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "egids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "va_perm" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "manager_emp_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sub_account_templates" ADD CONSTRAINT "sub_account_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sub_account_templates_name_uq" ON "sub_account_templates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_company_name_uq" ON "sub_accounts" USING btree ("company_id",lower("company_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_short_name_uq" ON "sub_accounts" USING btree ("company_id",lower("short_name")) WHERE "sub_accounts"."short_name" <> '';