-- Wrong logins per account and client address (src/server/services/login-throttle.ts): the address
-- that guesses waits longer after each wrong password, while the owner elsewhere is not held up.
-- Unlogged like rate_limit_hits: a PostgreSQL crash only forgets the counts.
CREATE UNLOGGED TABLE "login_failures" (
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_pkey" PRIMARY KEY ("account", "ip")
);
--> statement-breakpoint
CREATE INDEX "login_failures_last_at_idx" ON "login_failures" USING btree ("last_at");
