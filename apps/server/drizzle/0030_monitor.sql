CREATE TABLE "monitor_error_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_error_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"monitor_id" integer NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"offline_minutes" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitored_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitored_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"client_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"gate_id" integer,
	"device_id" integer,
	"ip" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"last_heartbeat_at" timestamp with time zone NOT NULL,
	"offline_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitor_error_logs" ADD CONSTRAINT "monitor_error_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_error_logs" ADD CONSTRAINT "monitor_error_logs_monitor_id_monitored_devices_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitored_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_settings" ADD CONSTRAINT "monitor_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_devices" ADD CONSTRAINT "monitored_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_devices" ADD CONSTRAINT "monitored_devices_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_devices" ADD CONSTRAINT "monitored_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_error_logs_company_idx" ON "monitor_error_logs" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "monitor_error_logs_monitor_idx" ON "monitor_error_logs" USING btree ("monitor_id","id");--> statement-breakpoint
CREATE INDEX "monitor_error_logs_created_idx" ON "monitor_error_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_devices_client_uq" ON "monitored_devices" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "monitored_devices_heartbeat_idx" ON "monitored_devices" USING btree ("last_heartbeat_at");--> statement-breakpoint
CREATE INDEX "monitored_devices_alerted_idx" ON "monitored_devices" USING btree ("offline_alerted_at") WHERE "monitored_devices"."offline_alerted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "monitored_devices_device_idx" ON "monitored_devices" USING btree ("device_id");