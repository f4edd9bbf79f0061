CREATE TABLE "pass_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pass_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"device_id" integer,
	"device_name" text DEFAULT '' NOT NULL,
	"device_code" text DEFAULT '' NOT NULL,
	"group_id" integer,
	"group_name" text DEFAULT '' NOT NULL,
	"gid" integer,
	"gate_name" text DEFAULT '' NOT NULL,
	"person_type" smallint DEFAULT -1 NOT NULL,
	"person_id" integer,
	"visit_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"way" text DEFAULT 'qr' NOT NULL,
	"result" smallint NOT NULL,
	"code" integer DEFAULT 0 NOT NULL,
	"temperature" numeric(4, 1),
	"photo" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"device_id" integer,
	"device_name" text DEFAULT '' NOT NULL,
	"device_code" text DEFAULT '' NOT NULL,
	"plate" text NOT NULL,
	"vehicle_type" text DEFAULT '' NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"visit_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"result" smallint NOT NULL,
	"code" integer DEFAULT 0 NOT NULL,
	"photo" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pass_records" ADD CONSTRAINT "pass_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_records" ADD CONSTRAINT "pass_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_records" ADD CONSTRAINT "pass_records_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_records" ADD CONSTRAINT "pass_records_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_records" ADD CONSTRAINT "vehicle_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_records" ADD CONSTRAINT "vehicle_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_records" ADD CONSTRAINT "vehicle_records_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pass_records_company_at_idx" ON "pass_records" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "pass_records_visit_idx" ON "pass_records" USING btree ("visit_id") WHERE "pass_records"."visit_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "pass_records_device_idx" ON "pass_records" USING btree ("company_id","device_id","at");--> statement-breakpoint
CREATE INDEX "vehicle_records_company_at_idx" ON "vehicle_records" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "vehicle_records_plate_idx" ON "vehicle_records" USING btree ("company_id","plate","at");--> statement-breakpoint
CREATE INDEX "vehicle_records_visit_idx" ON "vehicle_records" USING btree ("visit_id") WHERE "vehicle_records"."visit_id" IS NOT NULL;