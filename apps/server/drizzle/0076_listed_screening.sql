CREATE TABLE "listed_keys" (
	"company_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screening_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"visit_id" integer,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resume" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"decided_by" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "aliases" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "more_phones" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "credential_offline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "more_credentials" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "birth_date" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "level" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listed_people" ADD COLUMN "keys_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listed_keys" ADD CONSTRAINT "listed_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listed_keys" ADD CONSTRAINT "listed_keys_entry_id_listed_people_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."listed_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_reviews" ADD CONSTRAINT "screening_reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_reviews" ADD CONSTRAINT "screening_reviews_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listed_keys_key_idx" ON "listed_keys" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "listed_keys_entry_idx" ON "listed_keys" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "screening_reviews_company_idx" ON "screening_reviews" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_reviews_waiting_uq" ON "screening_reviews" USING btree ("company_id","subject","subject_id") WHERE "screening_reviews"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "listed_people_unkeyed_idx" ON "listed_people" USING btree ("company_id","keys_version");