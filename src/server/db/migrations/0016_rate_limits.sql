-- Rate-limit counters shared by every server process on this database (src/server/http/rate-limit-store.ts),
-- so a limit holds however many processes serve the API. Unlogged: a counter is not worth a write-ahead
-- log entry per request; a PostgreSQL crash only empties the current windows.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_at_idx" ON "rate_limit_hits" USING btree ("reset_at");
