ALTER TABLE "im_cards" ADD COLUMN "recipient" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "im_cards" ADD COLUMN "update_code" text DEFAULT '' NOT NULL;