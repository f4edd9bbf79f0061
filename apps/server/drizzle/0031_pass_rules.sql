CREATE TABLE "gate_pass_ways" (
	"gate_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pass_way" text DEFAULT 'both' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"day" text NOT NULL,
	"name" text NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_config_groups" (
	"company_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "pass_config_groups_config_id_group_id_pk" PRIMARY KEY("config_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "pass_config_visitor_types" (
	"company_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"visitor_type_id" integer NOT NULL,
	CONSTRAINT "pass_config_visitor_types_config_id_visitor_type_id_pk" PRIMARY KEY("config_id","visitor_type_id")
);
--> statement-breakpoint
CREATE TABLE "pass_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pass_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"for_employees" boolean DEFAULT false NOT NULL,
	"for_visitors" boolean DEFAULT false NOT NULL,
	"for_residents" boolean DEFAULT false NOT NULL,
	"rule_id" integer NOT NULL,
	"max_days" integer DEFAULT 0 NOT NULL,
	"max_uses" integer DEFAULT 0 NOT NULL,
	"entry_mode" text DEFAULT 'multiple' NOT NULL,
	"pass_way" text DEFAULT 'both' NOT NULL,
	"explain" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pass_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" text DEFAULT '' NOT NULL,
	"end_date" text DEFAULT '' NOT NULL,
	"week" jsonb NOT NULL,
	"hol" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hol_mode" smallint DEFAULT 0 NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"days_off_mode" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_pass_ways" ADD CONSTRAINT "gate_pass_ways_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_pass_ways" ADD CONSTRAINT "gate_pass_ways_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_config_groups" ADD CONSTRAINT "pass_config_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_config_groups" ADD CONSTRAINT "pass_config_groups_config_id_pass_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."pass_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_config_groups" ADD CONSTRAINT "pass_config_groups_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_config_visitor_types" ADD CONSTRAINT "pass_config_visitor_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_config_visitor_types" ADD CONSTRAINT "pass_config_visitor_types_config_id_pass_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."pass_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_config_visitor_types" ADD CONSTRAINT "pass_config_visitor_types_visitor_type_id_visitor_types_id_fk" FOREIGN KEY ("visitor_type_id") REFERENCES "public"."visitor_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_configs" ADD CONSTRAINT "pass_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_configs" ADD CONSTRAINT "pass_configs_rule_id_pass_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."pass_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_rules" ADD CONSTRAINT "pass_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_day_uq" ON "holidays" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "pass_config_groups_group_idx" ON "pass_config_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "pass_config_visitor_types_type_idx" ON "pass_config_visitor_types" USING btree ("visitor_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_configs_name_uq" ON "pass_configs" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pass_configs_rule_idx" ON "pass_configs" USING btree ("rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_rules_name_uq" ON "pass_rules" USING btree ("company_id",lower("name"));