-- Issue 28. A lead from a member's landing becomes a contact of that member (issue 28, item 6): the
-- contact keeps where it came from (the funnel's name), and the category "From funnels" that Atrium
-- creates for the owner is found again by its key, whatever the owner renames it to.
ALTER TABLE "contacts" ADD COLUMN "source" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "contact_categories" ADD COLUMN "system_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "contact_categories_owner_key_uq" ON "contact_categories" USING btree ("owner_id","system_key") WHERE "system_key" IS NOT NULL;
--> statement-breakpoint
-- Two-factor backup codes (item 7): ten single-use codes per user, only a keyed hash of each is kept;
-- a new set replaces the old one.
CREATE TABLE "totp_backup_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "totp_backup_codes" ADD CONSTRAINT "totp_backup_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "totp_backup_codes_user_code_uq" ON "totp_backup_codes" USING btree ("user_id","code_hash");
