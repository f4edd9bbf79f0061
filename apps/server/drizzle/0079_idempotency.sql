CREATE TABLE "idempotency_keys" (
	"company_id" integer NOT NULL,
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"call" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response" json,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_company_id_principal_key_pk" PRIMARY KEY("company_id","principal","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");