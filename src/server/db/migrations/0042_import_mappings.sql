-- Imports (issue 29): a mapping chosen for a file is offered again for the next file with the same
-- header; each import names the defaults of its people (country, language, besides the phone region
-- and time zone it had) and whether they are invited, and the invitations go out a few at a time.
CREATE TABLE "import_mappings" (
	"columns_key" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"saved_by_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "default_country" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "user_imports" ADD COLUMN "send_invitations" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_import_invitations" (
	"import_id" integer NOT NULL REFERENCES "user_imports"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"sent_at" timestamp with time zone,
	CONSTRAINT "user_import_invitations_pk" PRIMARY KEY ("import_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "user_import_invitations_pending_idx" ON "user_import_invitations" ("import_id") WHERE "sent_at" IS NULL;
