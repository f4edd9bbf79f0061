CREATE TABLE "sign_in_failures" (
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"source" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locks" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_failures_kind_account_id_source_pk" PRIMARY KEY("kind","account_id","source")
);
--> statement-breakpoint
DROP INDEX "staff_accounts_account_uq";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_failures_updated_idx" ON "sign_in_failures" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_company_account_uq" ON "staff_accounts" USING btree ("company_id",lower("account"));--> statement-breakpoint
CREATE INDEX "staff_accounts_account_idx" ON "staff_accounts" USING btree (lower("account"));