CREATE TABLE "listed_keys" (
	"company_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "aliases" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "more_phones" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "more_credentials" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "birth_date" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "level" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "keys_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_keys" ADD CONSTRAINT "listed_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listed_keys" ADD CONSTRAINT "listed_keys_entry_id_listed_people_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."listed_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listed_keys_key_idx" ON "listed_keys" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "listed_keys_entry_idx" ON "listed_keys" USING btree ("entry_id");