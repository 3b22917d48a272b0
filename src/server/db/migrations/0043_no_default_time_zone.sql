-- Issue 26: a person's or an event's zone is always named by whoever creates the row (see 0036); the
-- last silent fixed default goes, so an insert that forgets the zone fails instead of meaning Moscow.
ALTER TABLE "users" ALTER COLUMN "time_zone" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "time_zone" DROP DEFAULT;
