ALTER TABLE "face_credentials" ADD COLUMN "temp_card" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A temporary card lent or returned, and a device disabled, enabled or re-driven, change what the door devices must
-- hold (0054's notify_credentials). Only these columns of devices: its last-seen stamp changes every minute.
CREATE TRIGGER interim_cards_credentials AFTER INSERT OR UPDATE OR DELETE ON interim_cards FOR EACH ROW EXECUTE FUNCTION notify_credentials();--> statement-breakpoint
CREATE TRIGGER devices_credentials AFTER UPDATE OF status, kind, driver ON devices FOR EACH ROW EXECUTE FUNCTION notify_credentials();
