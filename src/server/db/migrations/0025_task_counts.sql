-- How many tasks each owner has per status, kept by the statements that change tasks. The task
-- list's tab counts read them instead of walking every completed or future task of the owner (a
-- consultant collects thousands over the years): "future" is planned minus today's short range.
CREATE TABLE "task_counts" (
  "owner_id" integer NOT NULL,
  "status" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("owner_id", "status")
);
--> statement-breakpoint
INSERT INTO task_counts (owner_id, status, n) SELECT owner_id, status, count(*) FROM tasks GROUP BY 1, 2;
--> statement-breakpoint
-- One upsert per (owner, status) per statement, in key order, so two statements never wait on each other crosswise.
CREATE FUNCTION task_counts_add(owners int[], statuses text[], deltas int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO task_counts AS c (owner_id, status, n)
  SELECT o, s, sum(d) FROM unnest(owners, statuses, deltas) AS a(o, s, d) GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (owner_id, status) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION task_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_counts_add(array_agg(owner_id), array_agg(status), array_agg(1)) FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose owner or status changed (a reschedule or an edit changes neither).
  PERFORM task_counts_add(array_agg(a.o), array_agg(a.s), array_agg(a.d))
  FROM (
    SELECT o.owner_id AS o, o.status AS s, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.owner_id <> o.owner_id OR n.status <> o.status
    UNION ALL
    SELECT n.owner_id, n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.owner_id <> o.owner_id OR n.status <> o.status
  ) a;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM task_counts_add(array_agg(owner_id), array_agg(status), array_agg(-1)) FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE task_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_counts_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER task_counts_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_updated();
--> statement-breakpoint
CREATE TRIGGER task_counts_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER task_counts_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION task_counts_truncated();
