-- Time zones come from where a person comes from (issue 26), never from a fixed default: the browser
-- at registration, the visitor's browser on a landing form, the import's setting (the importer's zone
-- unless chosen), the creating staff member or admin. The application names a zone on every insert
-- (the schema in db/schema has no default for users.time_zone and events.time_zone); the columns'
-- old database default stays only for raw SQL fixtures of tests and scripts.
-- An import keeps the zone it gives its people; imports started before this gave 'Europe/Moscow'.
ALTER TABLE "user_imports" ADD COLUMN "time_zone" text;
--> statement-breakpoint
UPDATE "user_imports" SET "time_zone" = 'Europe/Moscow' WHERE "status" <> 'uploaded';
