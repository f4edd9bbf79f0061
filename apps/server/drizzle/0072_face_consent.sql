CREATE TABLE "agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lang" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD COLUMN "face_threshold" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "face_consent_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "face_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "face_consent_via" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "face_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_version_uq" ON "agreements" USING btree ("company_id","kind","lang","version");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_face_consent_id_agreements_id_fk" FOREIGN KEY ("face_consent_id") REFERENCES "public"."agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_face_consent_idx" ON "visits" USING btree ("face_consent_id") WHERE "visits"."face_consent_id" IS NOT NULL;