CREATE TABLE "device_links" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"hold_until" timestamp with time zone,
	"last_contact_at" timestamp with time zone,
	"event_cursor" bigint DEFAULT 0 NOT NULL,
	"readback_at" timestamp with time zone,
	"drift" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "driver" text DEFAULT 'openvisit' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "driver_user" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "driver_secret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "driver_tls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "face_credentials" ADD COLUMN "qr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "face_credentials" ADD COLUMN "pass_limit" integer;--> statement-breakpoint
ALTER TABLE "device_links" ADD CONSTRAINT "device_links_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_links" ADD CONSTRAINT "device_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_zkteco_sn_uq" ON "devices" USING btree ("code") WHERE "devices"."driver" = 'zkteco';