-- A ZKTeco readback is asked for at the device's next poll and answered over later requests (credentials.iclock.readback.ts):
-- the wish and the answer in progress live with the device's link, so any server process may serve the polls.
ALTER TABLE "device_links" ADD COLUMN "readback_wanted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_links" ADD COLUMN "readback_answer" jsonb;--> statement-breakpoint
ALTER TABLE "device_links" ADD COLUMN "stamps" jsonb;