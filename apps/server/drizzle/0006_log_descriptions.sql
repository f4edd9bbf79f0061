ALTER TABLE "operation_logs" ADD COLUMN "desc_key" text;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "desc_params" jsonb;