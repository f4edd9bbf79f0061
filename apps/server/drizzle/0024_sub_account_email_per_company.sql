DROP INDEX "sub_accounts_email_uq";--> statement-breakpoint
DROP INDEX "sub_accounts_company_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_company_email_uq" ON "sub_accounts" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE INDEX "sub_accounts_email_idx" ON "sub_accounts" USING btree (lower("email"));