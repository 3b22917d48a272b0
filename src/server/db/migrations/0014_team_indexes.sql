CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || coalesce("email"::text, '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_date_joined_idx" ON "users" USING btree ("date_joined" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_waiting_pool_idx" ON "users" USING btree ("date_joined","id") WHERE "users"."lead_status" = 'waiting' and "users"."responsible_id" is null;--> statement-breakpoint
-- The tree trigger joins the statement's OLD and NEW transition tables, which have no statistics: a
-- nested loop there is quadratic on a bulk UPDATE of users (100,000 rows: minutes). Hash joins only.
ALTER FUNCTION team_users_after_update() SET enable_nestloop = off;
