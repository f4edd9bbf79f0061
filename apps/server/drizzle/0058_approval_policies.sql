CREATE TABLE "approval_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"sub_company_id" integer,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"mode" text DEFAULT 'steps' NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"material" jsonb DEFAULT '["time","gate","visitType","companions"]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"subject_kind" text DEFAULT 'visit' NOT NULL,
	"visit_id" integer,
	"policy_id" integer,
	"policy_name" text DEFAULT '' NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"material" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stage" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"submitter" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_seats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_seats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"visit_id" integer,
	"step" smallint NOT NULL,
	"seat" smallint DEFAULT 0 NOT NULL,
	"spec" jsonb,
	"emp_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"hse" boolean DEFAULT false NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"stand_ins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"decider_kind" text,
	"decider_id" integer,
	"decider_name" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approver_leaves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approver_leaves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"emp_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"stand_in_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_sub_company_id_sub_accounts_id_fk" FOREIGN KEY ("sub_company_id") REFERENCES "public"."sub_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_seats" ADD CONSTRAINT "approval_seats_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_seats" ADD CONSTRAINT "approval_seats_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approver_leaves" ADD CONSTRAINT "approver_leaves_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approver_leaves" ADD CONSTRAINT "approver_leaves_emp_id_employees_id_fk" FOREIGN KEY ("emp_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approver_leaves" ADD CONSTRAINT "approver_leaves_stand_in_id_employees_id_fk" FOREIGN KEY ("stand_in_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policies_name_uq" ON "approval_policies" USING btree ("company_id",coalesce("sub_company_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policies_default_uq" ON "approval_policies" USING btree ("company_id",coalesce("sub_company_id", 0)) WHERE "approval_policies"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_waiting_uq" ON "approval_requests" USING btree ("visit_id") WHERE "approval_requests"."status" = 0;--> statement-breakpoint
CREATE INDEX "approval_requests_visit_idx" ON "approval_requests" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "approval_requests_policy_idx" ON "approval_requests" USING btree ("company_id","policy_id") WHERE "approval_requests"."status" = 0;--> statement-breakpoint
CREATE INDEX "approval_seats_request_idx" ON "approval_seats" USING btree ("request_id","step");--> statement-breakpoint
CREATE INDEX "approval_seats_visit_idx" ON "approval_seats" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "approval_seats_waiting_emp_idx" ON "approval_seats" USING gin ("emp_ids") WHERE "approval_seats"."status" = 0;--> statement-breakpoint
CREATE INDEX "approval_seats_waiting_idx" ON "approval_seats" USING btree ("company_id","created_at") WHERE "approval_seats"."status" = 0;--> statement-breakpoint
CREATE INDEX "approval_seats_due_idx" ON "approval_seats" USING btree ("due_at") WHERE "approval_seats"."status" = 0 AND "approval_seats"."due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_seats_decider_idx" ON "approval_seats" USING btree ("company_id","decider_kind","decider_id");--> statement-breakpoint
CREATE INDEX "approver_leaves_emp_idx" ON "approver_leaves" USING btree ("company_id","emp_id","end_date");--> statement-breakpoint
-- The original's approval areas become policies, ids kept (an area's aid is its policy's pid): areas naming gates
-- first, then those without, each group in the order it was tried; each level a step any one of its approvers decides.
INSERT INTO "approval_policies" ("id", "company_id", "name", "address", "mode", "conditions", "steps", "position", "created_at", "updated_at")
OVERRIDING SYSTEM VALUE
SELECT a."id", a."company_id", a."name", a."address", 'steps',
  CASE WHEN cardinality(a."gids") > 0
    THEN jsonb_build_array(jsonb_build_object('field', 'gate', 'not', false, 'in', to_jsonb(a."gids")))
    ELSE '[]'::jsonb END,
  COALESCE((
    SELECT jsonb_agg(jsonb_build_object('name', '', 'parallel', false, 'approvers', l."approvers",
      'quorum', jsonb_build_object('mode', 'any', 'count', 1), 'reasonToApprove', false, 'fields', '[]'::jsonb,
      'deadline', NULL) ORDER BY l."level")
    FROM (
      SELECT r."level", jsonb_agg(CASE r."r_type"
        WHEN 0 THEN jsonb_build_object('kind', 'role', 'id', r."ref_id")
        WHEN 1 THEN jsonb_build_object('kind', 'employee', 'id', r."ref_id")
        WHEN 2 THEN jsonb_build_object('kind', 'hse')
        ELSE jsonb_build_object('kind', 'admin') END ORDER BY r."id") AS "approvers"
      FROM "process_rules" r WHERE r."area_id" = a."id" GROUP BY r."level"
    ) l), '[]'::jsonb),
  row_number() OVER (PARTITION BY a."company_id" ORDER BY cardinality(a."gids") = 0, a."id"),
  a."created_at", a."updated_at"
FROM "process_areas" a;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('approval_policies', 'id'), COALESCE((SELECT max("id") FROM "approval_policies"), 0) + 1, false);
--> statement-breakpoint
-- One request per visit with records, its state from the visit's latest record, its steps its area's as they are now
-- (as the original continued a waiting visit).
INSERT INTO "approval_requests" ("company_id", "subject_kind", "visit_id", "policy_id", "policy_name", "plan", "stage", "status", "submitter", "decided_at", "created_at", "updated_at")
SELECT DISTINCT ON (pr."visit_id") pr."company_id", 'visit', pr."visit_id", pr."area_id", pr."area_name",
  COALESCE((SELECT p."steps" FROM "approval_policies" p WHERE p."id" = pr."area_id"), '[]'::jsonb),
  pr."level" - 1,
  CASE pr."status" WHEN 2 THEN 1 WHEN 3 THEN 2 WHEN 4 THEN 3 ELSE 0 END,
  pr."submitter",
  CASE WHEN pr."status" IN (2, 3, 4) THEN pr."decided_at" END,
  (SELECT min(f."created_at") FROM "process_records" f WHERE f."visit_id" = pr."visit_id"),
  pr."updated_at"
FROM "process_records" pr
ORDER BY pr."visit_id", pr."id" DESC;
--> statement-breakpoint
-- Decided levels keep their ids (the rid the queues answered).
INSERT INTO "approval_seats" ("id", "company_id", "request_id", "visit_id", "step", "seat", "status", "decider_kind", "decider_id", "decider_name", "remark", "decided_at", "created_at", "updated_at")
OVERRIDING SYSTEM VALUE
SELECT pr."id", pr."company_id", q."id", pr."visit_id", pr."level" - 1, 0, pr."status", pr."decider_kind", pr."decider_id",
  pr."decider_name", pr."remark", pr."decided_at", pr."created_at", pr."updated_at"
FROM "process_records" pr JOIN "approval_requests" q ON q."visit_id" = pr."visit_id"
WHERE pr."status" <> 0;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('approval_seats', 'id'), COALESCE((SELECT max("id") FROM "process_records"), 0) + 1, false);
--> statement-breakpoint
-- A waiting level becomes one seat per approver of it, with the people who may fill it now.
INSERT INTO "approval_seats" ("company_id", "request_id", "visit_id", "step", "seat", "spec", "emp_ids", "hse", "admin", "created_at")
SELECT pr."company_id", q."id", pr."visit_id", pr."level" - 1,
  (row_number() OVER (PARTITION BY pr."id" ORDER BY r."id")) - 1,
  CASE r."r_type"
    WHEN 0 THEN jsonb_build_object('kind', 'role', 'id', r."ref_id")
    WHEN 1 THEN jsonb_build_object('kind', 'employee', 'id', r."ref_id")
    WHEN 2 THEN jsonb_build_object('kind', 'hse')
    ELSE jsonb_build_object('kind', 'admin') END,
  CASE r."r_type"
    WHEN 0 THEN COALESCE((SELECT array_agg(m."emp_id") FROM "role_members" m WHERE m."role_id" = r."ref_id"), '{}'::int[])
    WHEN 1 THEN ARRAY[r."ref_id"]
    ELSE '{}'::int[] END,
  r."r_type" = 2, r."r_type" = 3, pr."created_at"
FROM "process_records" pr
JOIN "approval_requests" q ON q."visit_id" = pr."visit_id"
JOIN "process_rules" r ON r."area_id" = pr."area_id" AND r."level" = pr."level"
WHERE pr."status" = 0;
--> statement-breakpoint
-- A waiting level whose area or approvers are gone is the administrator's, as a step nobody can fill is now.
INSERT INTO "approval_seats" ("company_id", "request_id", "visit_id", "step", "seat", "spec", "admin", "note", "created_at")
SELECT pr."company_id", q."id", pr."visit_id", pr."level" - 1, 0, jsonb_build_object('kind', 'admin'), true, 'unresolved', pr."created_at"
FROM "process_records" pr
JOIN "approval_requests" q ON q."visit_id" = pr."visit_id"
WHERE pr."status" = 0
  AND NOT EXISTS (SELECT 1 FROM "process_rules" r WHERE r."area_id" = pr."area_id" AND r."level" = pr."level");
