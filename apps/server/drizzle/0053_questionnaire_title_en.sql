-- Questionnaires get a title for visitors reading English (issue 35, item 8); '' shows the title as before.
ALTER TABLE "questionnaires" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;