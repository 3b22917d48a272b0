CREATE TABLE "user_import_batches" (
	"import_id" integer NOT NULL,
	"first_row" integer NOT NULL,
	"last_row" integer NOT NULL,
	CONSTRAINT "user_import_batches_import_id_first_row_pk" PRIMARY KEY("import_id","first_row")
);
--> statement-breakpoint
DROP INDEX "action_logs_view_as_idx";--> statement-breakpoint
ALTER TABLE "user_import_batches" ADD CONSTRAINT "user_import_batches_import_id_user_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."user_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_logs_view_as_idx" ON "action_logs" USING btree ("view_as_id","created_at" DESC NULLS LAST) WHERE "action_logs"."view_as_id" is not null;--> statement-breakpoint
-- Imports part-way through keep what their contiguous cursor said was done.
INSERT INTO "user_import_batches" ("import_id", "first_row", "last_row")
SELECT "id", 1, "cursor" FROM "user_imports" WHERE "cursor" > 1;
