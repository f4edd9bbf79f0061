CREATE TABLE "operation_log_heads" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	"legacy_up_to" integer
);
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "pii_digest" text;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "redacted_by" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "operation_logs_chain_uq" ON "operation_logs" USING btree ("company_id","seq");--> statement-breakpoint
-- Entries written before the chain: each company's last one, which the start-up job seals into the chain (auditChain.ts).
INSERT INTO "operation_log_heads" ("company_id", "legacy_up_to")
SELECT "company_id", max("id") FROM "operation_logs" GROUP BY "company_id";
