CREATE TABLE "booking_app_signatures" (
	"app_code" text NOT NULL,
	"authid" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_app_signatures_app_code_authid_pk" PRIMARY KEY("app_code","authid")
);
--> statement-breakpoint
ALTER TABLE "booking_app_signatures" ADD CONSTRAINT "booking_app_signatures_app_code_booking_apps_app_code_fk" FOREIGN KEY ("app_code") REFERENCES "public"."booking_apps"("app_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_app_signatures_expiry_idx" ON "booking_app_signatures" USING btree ("app_code","expires_at");