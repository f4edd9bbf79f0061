ALTER TABLE "listed_people" ADD COLUMN "credential_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "credential_masked" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "listed_people_credential_hash_uq" ON "listed_people" USING btree ("company_id","kind","credential_hash") WHERE "listed_people"."credential_hash" <> '';