-- The import that created a person (issue #40, finding 17): their lead source is the import's file,
-- without a history entry per imported person. No foreign key (see users.importId in the schema).
ALTER TABLE "users" ADD COLUMN "import_id" integer;
--> statement-breakpoint
-- People imported before: those an import invited are known by its invitations.
UPDATE "users" SET "import_id" = i."import_id" FROM "user_import_invitations" i WHERE i."user_id" = "users"."id";
