CREATE TABLE "logistics_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "logistics_uploads_at_idx" ON "logistics_uploads" USING btree ("uploaded_at");