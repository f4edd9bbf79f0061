DROP INDEX "invitation_templates_company_uq";--> statement-breakpoint
ALTER TABLE "invitation_templates" ADD COLUMN "sub_account_id" integer;--> statement-breakpoint
ALTER TABLE "invitation_templates" ADD CONSTRAINT "invitation_templates_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_templates_sub_idx" ON "invitation_templates" USING btree ("sub_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_templates_company_uq" ON "invitation_templates" USING btree ("company_id","template_type",coalesce("gid", 0),coalesce("sub_account_id", 0)) WHERE "invitation_templates"."emp_id" IS NULL;