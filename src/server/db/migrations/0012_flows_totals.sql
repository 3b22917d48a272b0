ALTER TABLE "flows" ADD COLUMN "views_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "signups_total" integer DEFAULT 0 NOT NULL;