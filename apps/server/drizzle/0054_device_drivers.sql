CREATE TABLE "device_links" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"hold_until" timestamp with time zone,
	"last_contact_at" timestamp with time zone,
	"run_until" timestamp with time zone,
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
CREATE UNIQUE INDEX "devices_zkteco_sn_uq" ON "devices" USING btree ("code") WHERE "devices"."driver" = 'zkteco';--> statement-breakpoint
-- A change to what the door devices must hold names its company on 'credentials_changed' at commit: the credential
-- pipeline reconciles that company in seconds (modules/credentials/credentials.live.ts) instead of at its next run.
CREATE OR REPLACE FUNCTION notify_credentials() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('credentials_changed', OLD.company_id::text);
  ELSE
    PERFORM pg_notify('credentials_changed', NEW.company_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER visit_events_credentials AFTER INSERT ON visit_events FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER employees_credentials AFTER INSERT OR UPDATE OR DELETE ON employees FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER resident_visitors_credentials AFTER INSERT OR UPDATE OR DELETE ON resident_visitors FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER listed_people_credentials AFTER INSERT OR UPDATE OR DELETE ON listed_people FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER device_group_devices_credentials AFTER INSERT OR DELETE ON device_group_devices FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER employee_device_groups_credentials AFTER INSERT OR DELETE ON employee_device_groups FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER visitor_type_device_groups_credentials AFTER INSERT OR DELETE ON visitor_type_device_groups FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER resident_device_groups_credentials AFTER INSERT OR DELETE ON resident_device_groups FOR EACH ROW EXECUTE FUNCTION notify_credentials();
