CREATE TABLE "user_work_zones" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"work_zone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_work_zones" ADD CONSTRAINT "user_work_zones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;