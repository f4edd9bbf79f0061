CREATE TABLE "gates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"field_name" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"input_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_type_fields" (
	"company_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "visitor_type_fields_type_id_field_id_pk" PRIMARY KEY("type_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "visitor_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sub_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pov_days" smallint DEFAULT 1 NOT NULL,
	"gids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gates" ADD CONSTRAINT "gates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_fields" ADD CONSTRAINT "visitor_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_type_fields" ADD CONSTRAINT "visitor_type_fields_type_id_visitor_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."visitor_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_type_fields" ADD CONSTRAINT "visitor_type_fields_field_id_visitor_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."visitor_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_types" ADD CONSTRAINT "visitor_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gates_name_uq" ON "gates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_fields_name_uq" ON "visitor_fields" USING btree ("company_id","field_name");--> statement-breakpoint
CREATE INDEX "visitor_fields_order_idx" ON "visitor_fields" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE INDEX "visitor_type_fields_field_idx" ON "visitor_type_fields" USING btree ("company_id","field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_types_name_zh_uq" ON "visitor_types" USING btree ("company_id",lower("name_zh"));--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_types_name_en_uq" ON "visitor_types" USING btree ("company_id",lower("name_en"));