ALTER TABLE "users" ADD COLUMN "path" "ltree" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "children_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "descendants_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_path_gist_idx" ON "users" USING gist ("path");--> statement-breakpoint
-- The referral tree (team area): users.path is the ltree of ids from the root down to the user;
-- children_count and descendants_count are counters kept by the triggers below, so a tree level with
-- its branch sizes is one index lookup. Every writer (registration, landings, imports, staff) gets it
-- right without code. Rebuilding from referrer_id (backfill, bulk loads) is team_rebuild_tree().
CREATE OR REPLACE FUNCTION team_ancestor_ids(p ltree) RETURNS int[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN nlevel(p) < 2 THEN '{}'::int[]
              ELSE string_to_array(ltree2text(subpath(p, 0, nlevel(p) - 1)), '.')::int[] END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_rebuild_tree() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE t(id, path) AS (
    SELECT id, id::text::ltree FROM users WHERE referrer_id IS NULL
    UNION ALL
    SELECT u.id, t.path || u.id::text FROM users u JOIN t ON u.referrer_id = t.id
  )
  UPDATE users SET path = t.path FROM t WHERE users.id = t.id AND users.path IS DISTINCT FROM t.path;
  -- Users caught in a referrer cycle (possible only in data older than the trigger) become roots.
  UPDATE users SET path = id::text::ltree WHERE NOT (path ~ ('*.' || id::text)::lquery);
  UPDATE users u SET children_count = coalesce(c.n, 0), descendants_count = coalesce(d.n, 0)
  FROM users x
  LEFT JOIN (SELECT referrer_id AS id, count(*)::int AS n FROM users WHERE referrer_id IS NOT NULL GROUP BY 1) c ON c.id = x.id
  LEFT JOIN (SELECT a AS id, count(*)::int AS n FROM users, unnest(team_ancestor_ids(path)) AS a GROUP BY 1) d ON d.id = x.id
  WHERE u.id = x.id AND (u.children_count, u.descendants_count) IS DISTINCT FROM (coalesce(c.n, 0), coalesce(d.n, 0));
END
$$;
--> statement-breakpoint
SELECT team_rebuild_tree();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_users_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE parent ltree;
BEGIN
  IF NEW.referrer_id IS NOT NULL THEN
    SELECT path INTO parent FROM users WHERE id = NEW.referrer_id;
  END IF;
  NEW.path := CASE WHEN parent IS NULL THEN NEW.id::text::ltree ELSE parent || NEW.id::text END;
  NEW.children_count := 0;
  NEW.descendants_count := 0;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_users_after_insert_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET descendants_count = descendants_count + 1,
                     children_count = children_count + (id = NEW.referrer_id)::int
    WHERE id = ANY (team_ancestor_ids(NEW.path));
  ELSE
    -- The children were re-rooted by the foreign key (SET NULL) through the UPDATE trigger.
    UPDATE users SET descendants_count = descendants_count - 1,
                     children_count = children_count - (id = OLD.referrer_id)::int
    WHERE id = ANY (team_ancestor_ids(OLD.path));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Statement level, so one UPDATE may move several users, even one inside another's branch: every
-- user whose path names a moved user is re-walked top-down from referrer_id, then each ancestor's
-- counter changes by (users that joined) - (users that left).
CREATE OR REPLACE FUNCTION team_users_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved int[];
  ids int[];
  old_paths ltree[];
  new_paths ltree[];
  affected int;
BEGIN
  SELECT array_agg(n.id) INTO moved FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.referrer_id IS DISTINCT FROM n.referrer_id;
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;

  SELECT count(*) INTO affected FROM users
  WHERE path ? (SELECT array_agg(('*.' || m || '.*')::lquery) FROM unnest(moved) m);

  WITH RECURSIVE aff AS (
    SELECT id, referrer_id, path FROM users
    WHERE path ? (SELECT array_agg(('*.' || m || '.*')::lquery) FROM unnest(moved) m)
  ), walk(id, old_path, new_path) AS (
    SELECT a.id, a.path, CASE WHEN p.path IS NULL THEN a.id::text::ltree ELSE p.path || a.id::text END
    FROM aff a LEFT JOIN users p ON p.id = a.referrer_id
    WHERE a.referrer_id IS NULL OR NOT EXISTS (SELECT 1 FROM aff b WHERE b.id = a.referrer_id)
    UNION ALL
    SELECT a.id, a.path, w.new_path || a.id::text FROM walk w JOIN aff a ON a.referrer_id = w.id
  )
  SELECT array_agg(id), array_agg(old_path), array_agg(new_path) INTO ids, old_paths, new_paths FROM walk;

  IF coalesce(array_length(ids, 1), 0) <> affected THEN
    RAISE EXCEPTION 'a user cannot be invited by someone of their own structure'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_referrer_cycle_check';
  END IF;

  UPDATE users u SET path = x.new_path
  FROM unnest(ids, new_paths) AS x(id, new_path)
  WHERE u.id = x.id AND u.path <> x.new_path;

  UPDATE users u SET descendants_count = u.descendants_count + d.delta
  FROM (
    SELECT a, sum(delta)::int AS delta FROM (
      SELECT unnest(team_ancestor_ids(op)) AS a, -1 AS delta FROM unnest(old_paths) AS op
      UNION ALL
      SELECT unnest(team_ancestor_ids(np)), 1 FROM unnest(new_paths) AS np
    ) s GROUP BY a HAVING sum(delta) <> 0
  ) d
  WHERE u.id = d.a;

  UPDATE users u SET children_count = u.children_count + d.delta
  FROM (
    SELECT r, sum(delta)::int AS delta FROM (
      SELECT o.referrer_id AS r, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.referrer_id IS DISTINCT FROM n.referrer_id AND o.referrer_id IS NOT NULL
      UNION ALL
      SELECT n.referrer_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.referrer_id IS DISTINCT FROM n.referrer_id AND n.referrer_id IS NOT NULL
    ) s GROUP BY r HAVING sum(delta) <> 0
  ) d
  WHERE u.id = d.r;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_tree_before_insert BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION team_users_before_insert();
--> statement-breakpoint
CREATE TRIGGER users_tree_after_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION team_users_after_insert_delete();
--> statement-breakpoint
CREATE TRIGGER users_tree_after_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION team_users_after_insert_delete();
--> statement-breakpoint
CREATE TRIGGER users_tree_after_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_users_after_update();
