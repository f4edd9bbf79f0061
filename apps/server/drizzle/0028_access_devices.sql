CREATE TABLE "device_group_devices" (
	"company_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "device_group_devices_group_id_device_id_pk" PRIMARY KEY("group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"person_kind" smallint DEFAULT 0 NOT NULL,
	"default_on" boolean DEFAULT false NOT NULL,
	"gids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"ext_code" text DEFAULT '' NOT NULL,
	"door_no" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"port" integer,
	"reader_no" text DEFAULT '' NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"kind" text DEFAULT 'qr' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"secret_hash" text DEFAULT '' NOT NULL,
	"secret_set_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_device_groups" (
	"company_id" integer NOT NULL,
	"emp_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "employee_device_groups_emp_id_group_id_pk" PRIMARY KEY("emp_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "resident_device_groups" (
	"company_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "resident_device_groups_resident_id_group_id_pk" PRIMARY KEY("resident_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "visitor_type_device_groups" (
	"company_id" integer NOT NULL,
	"visitor_type_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "visitor_type_device_groups_visitor_type_id_group_id_pk" PRIMARY KEY("visitor_type_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "device_group_devices" ADD CONSTRAINT "device_group_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_group_devices" ADD CONSTRAINT "device_group_devices_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_group_devices" ADD CONSTRAINT "device_group_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_device_groups" ADD CONSTRAINT "employee_device_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_device_groups" ADD CONSTRAINT "employee_device_groups_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_device_groups" ADD CONSTRAINT "employee_device_groups_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_device_groups" ADD CONSTRAINT "resident_device_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_device_groups" ADD CONSTRAINT "resident_device_groups_resident_id_resident_visitors_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."resident_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_device_groups" ADD CONSTRAINT "resident_device_groups_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_type_device_groups" ADD CONSTRAINT "visitor_type_device_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_type_device_groups" ADD CONSTRAINT "visitor_type_device_groups_visitor_type_id_visitor_types_id_fk" FOREIGN KEY ("visitor_type_id") REFERENCES "public"."visitor_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_type_device_groups" ADD CONSTRAINT "visitor_type_device_groups_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_group_devices_device_idx" ON "device_group_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_name_uq" ON "device_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "devices_name_uq" ON "devices" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "devices_code_uq" ON "devices" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_ext_code_uq" ON "devices" USING btree ("company_id","ext_code") WHERE "devices"."ext_code" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "devices_reader_no_uq" ON "devices" USING btree ("company_id","reader_no") WHERE "devices"."reader_no" <> '';--> statement-breakpoint
CREATE INDEX "employee_device_groups_group_idx" ON "employee_device_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "resident_device_groups_group_idx" ON "resident_device_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "visitor_type_device_groups_group_idx" ON "visitor_type_device_groups" USING btree ("group_id");