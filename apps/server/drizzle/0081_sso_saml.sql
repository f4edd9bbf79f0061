ALTER TABLE "sso_connections" ADD COLUMN "entry_point" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "idp_entity_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "idp_cert" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD COLUMN "request_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD COLUMN "profile" jsonb;