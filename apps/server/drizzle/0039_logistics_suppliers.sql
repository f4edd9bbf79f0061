CREATE TABLE "logistics_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"log_num" text DEFAULT '' NOT NULL,
	"log_type" integer,
	"log_type_name" text DEFAULT '' NOT NULL,
	"carrier_id" integer,
	"carrier_name" text DEFAULT '' NOT NULL,
	"carrier_phone" text DEFAULT '' NOT NULL,
	"sname" text NOT NULL,
	"smobile" text NOT NULL,
	"scard_id" text DEFAULT '' NOT NULL,
	"dname" text NOT NULL,
	"dmobile" text NOT NULL,
	"dcard_id" text NOT NULL,
	"plate_num" text NOT NULL,
	"goods" text DEFAULT '' NOT NULL,
	"load_start" timestamp with time zone,
	"load_end" timestamp with time zone,
	"appointment_date" date NOT NULL,
	"member_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"driver_extend" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vehicle_extend" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"goods_extend" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"log_extend" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"pstatus" smallint DEFAULT 0 NOT NULL,
	"approver" text DEFAULT '' NOT NULL,
	"approve_time" timestamp with time zone,
	"approve_reason" text DEFAULT '' NOT NULL,
	"visitdate" timestamp with time zone,
	"exit_time" timestamp with time zone,
	"leave_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"source" text DEFAULT 'console' NOT NULL,
	"creator" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_carriers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_carriers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_links_company_uq" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "logistics_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logistics_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resident_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resident_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"file_key" text NOT NULL,
	"expires_on" date,
	"uploaded_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "resident_visitors" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "logistics_bookings" ADD CONSTRAINT "logistics_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_bookings" ADD CONSTRAINT "logistics_bookings_log_type_logistics_types_id_fk" FOREIGN KEY ("log_type") REFERENCES "public"."logistics_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_bookings" ADD CONSTRAINT "logistics_bookings_carrier_id_logistics_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."logistics_carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_carriers" ADD CONSTRAINT "logistics_carriers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_links" ADD CONSTRAINT "logistics_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_types" ADD CONSTRAINT "logistics_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_files" ADD CONSTRAINT "resident_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resident_files" ADD CONSTRAINT "resident_files_resident_id_resident_visitors_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."resident_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logistics_bookings_day_idx" ON "logistics_bookings" USING btree ("company_id","appointment_date","id");--> statement-breakpoint
CREATE INDEX "logistics_bookings_plate_idx" ON "logistics_bookings" USING btree ("company_id","plate_num","appointment_date");--> statement-breakpoint
CREATE INDEX "logistics_bookings_driver_idx" ON "logistics_bookings" USING btree ("company_id","dcard_id","appointment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_carriers_name_uq" ON "logistics_carriers" USING btree ("company_id","name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_types_name_uq" ON "logistics_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "resident_files_resident_idx" ON "resident_files" USING btree ("company_id","resident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_uq" ON "suppliers" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "resident_visitors" ADD CONSTRAINT "resident_visitors_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resident_visitors_supplier_idx" ON "resident_visitors" USING btree ("company_id","supplier_id");