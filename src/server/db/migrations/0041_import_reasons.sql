-- Honest import counts (issue 29): each entry of user_import_warnings says whether its row was
-- skipped or imported with warnings, and carries the parameters of its message keys (the line a
-- duplicate repeats, the region a phone was read in, the fields of a malformed line), as
-- {"<key>": {...}}. warnings_count now counts the rows imported with warnings (success + skipped =
-- total); older imports get theirs recounted from the entries of the notes they had.
ALTER TABLE "user_import_warnings" ADD COLUMN "skipped" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_import_warnings" ADD COLUMN "params" jsonb;
--> statement-breakpoint
UPDATE "user_import_warnings" SET "skipped" = false
WHERE "reason" ~ '^(import_country_unknown|import_phone_region_guessed)(,|$)';
--> statement-breakpoint
UPDATE "user_imports" i SET "warnings_count" =
  (SELECT count(*)::int FROM "user_import_warnings" w WHERE w."import_id" = i."id" AND NOT w."skipped");
