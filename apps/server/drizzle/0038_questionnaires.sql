CREATE TABLE "exam_answers" (
	"paper_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"questionnaire_id" integer,
	"question_id" integer,
	"position" smallint NOT NULL,
	"chosen" smallint[] NOT NULL,
	"correct" boolean NOT NULL,
	"score" smallint NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_answers_paper_id_position_pk" PRIMARY KEY("paper_id","position")
);
--> statement-breakpoint
CREATE TABLE "exam_papers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"questionnaire_id" integer,
	"title" text NOT NULL,
	"version" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"visitor_type_id" integer,
	"visit_id" integer,
	"source" text NOT NULL,
	"lang" text NOT NULL,
	"questions" jsonb NOT NULL,
	"full_score" smallint NOT NULL,
	"pass_score" smallint NOT NULL,
	"answer_from" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"validity_days" smallint NOT NULL,
	"submitted_at" timestamp with time zone,
	"total_score" smallint,
	"passed" boolean,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_visitor_types" (
	"company_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"visitor_type_id" integer NOT NULL,
	CONSTRAINT "questionnaire_visitor_types_questionnaire_id_visitor_type_id_pk" PRIMARY KEY("questionnaire_id","visitor_type_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topic_num" smallint NOT NULL,
	"pass_score" smallint NOT NULL,
	"ans_time" smallint NOT NULL,
	"validity_days" smallint NOT NULL,
	"max_attempts" smallint DEFAULT 0 NOT NULL,
	"video_id" integer,
	"min_watch_percent" smallint DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lang" text DEFAULT 'both' NOT NULL,
	"question_zh" text DEFAULT '' NOT NULL,
	"question_en" text DEFAULT '' NOT NULL,
	"options" jsonb NOT NULL,
	"answer" smallint[] NOT NULL,
	"score" smallint NOT NULL,
	"picture_key" text,
	"qorder" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_paper_id_exam_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exam_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_visitor_type_id_visitor_types_id_fk" FOREIGN KEY ("visitor_type_id") REFERENCES "public"."visitor_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_visitor_types" ADD CONSTRAINT "questionnaire_visitor_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_visitor_types" ADD CONSTRAINT "questionnaire_visitor_types_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_visitor_types" ADD CONSTRAINT "questionnaire_visitor_types_visitor_type_id_visitor_types_id_fk" FOREIGN KEY ("visitor_type_id") REFERENCES "public"."visitor_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_video_id_training_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."training_videos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_videos" ADD CONSTRAINT "training_videos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_answers_question_idx" ON "exam_answers" USING btree ("company_id","questionnaire_id","submitted_at");--> statement-breakpoint
CREATE INDEX "exam_papers_company_idx" ON "exam_papers" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "exam_papers_phone_idx" ON "exam_papers" USING btree ("company_id","phone") WHERE "exam_papers"."passed" and "exam_papers"."phone" <> '';--> statement-breakpoint
CREATE INDEX "exam_papers_id_number_idx" ON "exam_papers" USING btree ("company_id","id_number") WHERE "exam_papers"."passed" and "exam_papers"."id_number" <> '';--> statement-breakpoint
CREATE INDEX "exam_papers_email_idx" ON "exam_papers" USING btree ("company_id",lower("email")) WHERE "exam_papers"."passed" and "exam_papers"."email" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_visitor_types_type_uq" ON "questionnaire_visitor_types" USING btree ("visitor_type_id");--> statement-breakpoint
CREATE INDEX "questionnaires_company_idx" ON "questionnaires" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaires_title_uq" ON "questionnaires" USING btree ("company_id",lower("title"));--> statement-breakpoint
CREATE INDEX "questions_questionnaire_idx" ON "questions" USING btree ("questionnaire_id","qorder");--> statement-breakpoint
CREATE INDEX "training_videos_company_idx" ON "training_videos" USING btree ("company_id","id");