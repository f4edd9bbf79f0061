DROP TABLE "process_areas" CASCADE;--> statement-breakpoint
DROP TABLE "process_records" CASCADE;--> statement-breakpoint
DROP TABLE "process_rules" CASCADE;