-- Issue 35: the schedule whose hours refused a door pass, named on its record ('' on existing rows); whether a
-- questionnaire's retry asks for its video again (off: a person who submitted a paper goes straight to the questions).
ALTER TABLE "pass_records" ADD COLUMN "schedule_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "rewatch_on_retry" boolean DEFAULT false NOT NULL;
