-- How many history entries each actor made (0 = no actor), kept by the inserting statement. The
-- history is append-only (action_logs_no_change refuses UPDATE and DELETE), so the counts stay exact,
-- and the admin's history list answers "entries by this employee" and "all entries" without counting
-- up to a million index entries per page.
CREATE TABLE "action_log_counts" (
  "actor_id" integer PRIMARY KEY,
  "n" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO action_log_counts (actor_id, n) SELECT coalesce(actor_id, 0), count(*) FROM action_logs GROUP BY 1;
--> statement-breakpoint
-- One upsert per actor per statement, in actor order, so two statements never wait on each other crosswise.
CREATE FUNCTION action_log_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO action_log_counts AS c (actor_id, n)
  SELECT coalesce(actor_id, 0), count(*) FROM added GROUP BY 1 ORDER BY 1
  ON CONFLICT (actor_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER action_log_counts_add AFTER INSERT ON "action_logs"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION action_log_counts_add();
--> statement-breakpoint
CREATE FUNCTION action_log_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE action_log_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER action_log_counts_clear AFTER TRUNCATE ON "action_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION action_log_counts_clear();
