CREATE TABLE "im_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"platform" text NOT NULL,
	"message_id" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"template" jsonb NOT NULL,
	"decided" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "im_cards" ADD CONSTRAINT "im_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "im_cards_message_uq" ON "im_cards" USING btree ("platform","message_id");