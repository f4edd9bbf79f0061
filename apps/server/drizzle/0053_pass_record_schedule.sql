-- The schedule whose hours refused a door pass, named on its record (issue 35): '' on every existing row.
ALTER TABLE "pass_records" ADD COLUMN "schedule_name" text DEFAULT '' NOT NULL;
