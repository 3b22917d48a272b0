CREATE TABLE "staff_stats_country_days" (
	"employee_id" integer NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"country" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"donations_cents" bigint DEFAULT 0 NOT NULL,
	"subscriptions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_stats_country_days_pk" PRIMARY KEY("employee_id","grain","day","country"),
	CONSTRAINT "staff_stats_country_days_grain_check" CHECK ("staff_stats_country_days"."grain" in ('day', 'month'))
);
--> statement-breakpoint
CREATE TABLE "staff_stats_days" (
	"employee_id" integer NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"completed_tasks" integer DEFAULT 0 NOT NULL,
	"time_spent_us" bigint DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"donations_cents" bigint DEFAULT 0 NOT NULL,
	"subscriptions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_stats_days_pk" PRIMARY KEY("employee_id","grain","day"),
	CONSTRAINT "staff_stats_days_grain_check" CHECK ("staff_stats_days"."grain" in ('day', 'month'))
);
--> statement-breakpoint
CREATE TABLE "staff_stats_fresh" (
	"employee_id" integer NOT NULL,
	"joined_day" date NOT NULL,
	"completed_day" date NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_stats_fresh_pk" PRIMARY KEY("employee_id","joined_day","completed_day")
);
--> statement-breakpoint
DROP INDEX "tasks_owner_idx";--> statement-breakpoint
DROP INDEX "tasks_linked_idx";--> statement-breakpoint
DROP INDEX "tasks_completed_idx";--> statement-breakpoint
DROP INDEX "tasks_owner_completed_idx";--> statement-breakpoint
CREATE INDEX "staff_stats_days_period_idx" ON "staff_stats_days" USING btree ("grain","day","employee_id","completed_tasks","time_spent_us","registrations","donations_cents","subscriptions");--> statement-breakpoint
CREATE INDEX "staff_stats_fresh_period_idx" ON "staff_stats_fresh" USING btree ("joined_day","completed_day","employee_id","tasks");--> statement-breakpoint
CREATE INDEX "tasks_owner_idx" ON "tasks" USING btree ("owner_id","status","start_at","id");--> statement-breakpoint
CREATE INDEX "tasks_linked_idx" ON "tasks" USING btree ("linked_user_id","status","completed_at","owner_id");--> statement-breakpoint
CREATE INDEX "tasks_completed_idx" ON "tasks" USING btree ("completed_at","owner_id","type","start_at","end_at","linked_user_id") WHERE "tasks"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "tasks_owner_completed_idx" ON "tasks" USING btree ("owner_id","completed_at" NULLS FIRST,"id","type","start_at","end_at","linked_user_id") WHERE "tasks"."status" = 'completed';--> statement-breakpoint
-- Statistics roll-ups of the staff dashboard (services/statistics), kept exact by the triggers below
-- whoever writes tasks, payments or users (API, imports, bulk SQL). Buckets are UTC days and UTC
-- calendar months (grain 'day' / 'month', day = the first day); employee_id 0 is the whole
-- organisation (every task, payment and user, also those nobody is responsible for).
--   staff_stats_days: completed tasks the employee owns (by completed_at) and their meet/call time;
--     registrations (by date_joined), paid donations and subscriptions (by paid_at) of the users the
--     employee is responsible for.
--   staff_stats_country_days: those registrations and payments by the user's country.
--   staff_stats_fresh: completed tasks linked to a user, by the user's join day and the completion
--     day; for an employee only their own tasks about users they are responsible for.
-- Figures depend on other tables' rows (a payment's user's responsible and country; a task's linked
-- user's date_joined and responsible): a statement adds what it changes as the other tables are at
-- that moment. A deleted user's figures go BEFORE the row does (the foreign keys then delete or unlink
-- payments and tasks, whose triggers no longer find the user). Updates that change no counted column
-- return at once. TRUNCATE rebuilds everything (staff_stats_rebuild()).
CREATE FUNCTION staff_stats_task_us(type text, start_at timestamptz, end_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN type IN ('meet', 'call') AND end_at > start_at THEN (extract(epoch FROM (end_at - start_at)) * 1000000)::bigint ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_month(day date) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT day - (extract(day FROM day)::int - 1) $$;
--> statement-breakpoint
-- The adders take parallel arrays of signed figures per employee (null: skipped) and UTC day, sum
-- them into the day's and the month's bucket, and upsert in key order (one lock order for all writers).
CREATE FUNCTION staff_stats_add_days(emp int[], day date[], done int[], us bigint[], reg int[], cents bigint[], subs int[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO staff_stats_days AS s (employee_id, grain, day, completed_tasks, time_spent_us, registrations, donations_cents, subscriptions)
  SELECT a.e, b.grain, b.day, sum(a.n), sum(a.t), sum(a.r), sum(a.c), sum(a.x)
  FROM unnest(emp, day, done, us, reg, cents, subs) AS a(e, d, n, t, r, c, x)
  CROSS JOIN LATERAL (VALUES ('day', a.d), ('month', staff_stats_month(a.d))) AS b(grain, day)
  WHERE a.e IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(a.n) <> 0 OR sum(a.t) <> 0 OR sum(a.r) <> 0 OR sum(a.c) <> 0 OR sum(a.x) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (employee_id, grain, day) DO UPDATE SET
    completed_tasks = s.completed_tasks + excluded.completed_tasks,
    time_spent_us = s.time_spent_us + excluded.time_spent_us,
    registrations = s.registrations + excluded.registrations,
    donations_cents = s.donations_cents + excluded.donations_cents,
    subscriptions = s.subscriptions + excluded.subscriptions
$$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_add_country_days(emp int[], day date[], country text[], reg int[], cents bigint[], subs int[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO staff_stats_country_days AS s (employee_id, grain, day, country, registrations, donations_cents, subscriptions)
  SELECT a.e, b.grain, b.day, a.k, sum(a.r), sum(a.c), sum(a.x)
  FROM unnest(emp, day, country, reg, cents, subs) AS a(e, d, k, r, c, x)
  CROSS JOIN LATERAL (VALUES ('day', a.d), ('month', staff_stats_month(a.d))) AS b(grain, day)
  WHERE a.e IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum(a.r) <> 0 OR sum(a.c) <> 0 OR sum(a.x) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (employee_id, grain, day, country) DO UPDATE SET
    registrations = s.registrations + excluded.registrations,
    donations_cents = s.donations_cents + excluded.donations_cents,
    subscriptions = s.subscriptions + excluded.subscriptions
$$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_add_fresh(emp int[], joined date[], completed date[], n int[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO staff_stats_fresh AS s (employee_id, joined_day, completed_day, tasks)
  SELECT a.e, a.j, a.c, sum(a.n)
  FROM unnest(emp, joined, completed, n) AS a(e, j, c, n)
  WHERE a.e IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(a.n) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (employee_id, joined_day, completed_day) DO UPDATE SET tasks = s.tasks + excluded.tasks
$$;
--> statement-breakpoint
-- Completed tasks, added (sign 1) or taken away (-1): the owner's and the organisation's buckets, and
-- the fresh-task pairs through the linked user as the users table has it now.
CREATE FUNCTION staff_stats_apply_tasks(sign int, owner int[], linked int[], type text[], start_at timestamptz[], end_at timestamptz[], completed_at timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  SELECT staff_stats_add_days(array_agg(k.e), array_agg(staff_stats_day(t.c)), array_agg(sign), array_agg(sign * staff_stats_task_us(t.ty, t.s, t.en)),
                              array_agg(0), array_agg(0::bigint), array_agg(0))
  FROM unnest(owner, type, start_at, end_at, completed_at) AS t(o, ty, s, en, c)
  CROSS JOIN LATERAL (VALUES (0), (t.o)) AS k(e);
  SELECT staff_stats_add_fresh(array_agg(k.e), array_agg(staff_stats_day(u.date_joined)), array_agg(staff_stats_day(t.c)), array_agg(sign))
  FROM unnest(owner, linked, completed_at) AS t(o, l, c)
  JOIN users u ON u.id = t.l
  CROSS JOIN LATERAL (VALUES (0), (CASE WHEN u.responsible_id = t.o THEN t.o END)) AS k(e);
$$;
--> statement-breakpoint
-- Paid donations and subscriptions, under the payer's responsible (as the users table has it now)
-- and the organisation, also by the payer's country.
CREATE FUNCTION staff_stats_apply_payments(sign int, payer int[], kind text[], amount int[], paid_at timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  SELECT staff_stats_add_days(a.e, a.d, a.z, a.z::bigint[], a.z, a.c, a.x), staff_stats_add_country_days(a.e, a.d, a.k, a.z, a.c, a.x)
  FROM (
    SELECT array_agg(k.e) AS e, array_agg(staff_stats_day(p.at)) AS d, array_agg(u.country) AS k, array_agg(0) AS z,
           array_agg(sign * CASE WHEN p.kind = 'donation' THEN p.amount ELSE 0 END::bigint) AS c,
           array_agg(sign * (p.kind = 'subscription')::int) AS x
    FROM unnest(payer, kind, amount, paid_at) AS p(uid, kind, amount, at)
    JOIN users u ON u.id = p.uid
    CROSS JOIN LATERAL (VALUES (0), (u.responsible_id)) AS k(e)
  ) a;
$$;
--> statement-breakpoint
-- Users with the given responsible, country and date_joined (the old values when taken away): their
-- registration and, when `related`, their paid payments and the completed tasks linked to them.
CREATE FUNCTION staff_stats_apply_users(sign int, ids int[], responsible int[], country text[], joined timestamptz[], related boolean) RETURNS void
LANGUAGE sql AS $$
  SELECT staff_stats_add_days(a.e, a.d, a.z, a.z::bigint[], a.r, a.z::bigint[], a.z), staff_stats_add_country_days(a.e, a.d, a.k, a.r, a.z::bigint[], a.z)
  FROM (
    SELECT array_agg(k.e) AS e, array_agg(staff_stats_day(c.joined)) AS d, array_agg(c.country) AS k, array_agg(sign) AS r, array_agg(0) AS z
    FROM unnest(responsible, country, joined) AS c(resp, country, joined)
    CROSS JOIN LATERAL (VALUES (0), (c.resp)) AS k(e)
  ) a;
  SELECT staff_stats_add_days(a.e, a.d, a.z, a.z::bigint[], a.z, a.c, a.x), staff_stats_add_country_days(a.e, a.d, a.k, a.z, a.c, a.x)
  FROM (
    SELECT array_agg(k.e) AS e, array_agg(staff_stats_day(p.paid_at)) AS d, array_agg(c.country) AS k, array_agg(0) AS z,
           array_agg(sign * CASE WHEN p.kind = 'donation' THEN p.amount_cents ELSE 0 END::bigint) AS c,
           array_agg(sign * (p.kind = 'subscription')::int) AS x
    FROM unnest(ids, responsible, country) AS c(id, resp, country)
    JOIN payments p ON p.user_id = c.id AND p.state = 'paid' AND p.paid_at IS NOT NULL AND p.kind IN ('donation', 'subscription')
    CROSS JOIN LATERAL (VALUES (0), (c.resp)) AS k(e)
    WHERE related
  ) a;
  SELECT staff_stats_add_fresh(array_agg(k.e), array_agg(staff_stats_day(c.joined)), array_agg(staff_stats_day(t.completed_at)), array_agg(sign))
  FROM unnest(ids, responsible, joined) AS c(id, resp, joined)
  JOIN tasks t ON t.linked_user_id = c.id AND t.status = 'completed' AND t.completed_at IS NOT NULL
  CROSS JOIN LATERAL (VALUES (0), (CASE WHEN c.resp = t.owner_id THEN c.resp END)) AS k(e)
  WHERE related;
$$;
--> statement-breakpoint
-- Statement triggers: one grouped upsert per statement, however many rows it wrote. EXCEPT ALL spots
-- an update that changed no counted column without joining the two transition tables.
CREATE FUNCTION staff_stats_tasks_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT owner_id, linked_user_id, type, status, start_at, end_at, completed_at FROM new_rows EXCEPT ALL SELECT owner_id, linked_user_id, type, status, start_at, end_at, completed_at FROM old_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM staff_stats_apply_tasks(-1, array_agg(owner_id), array_agg(linked_user_id), array_agg(type), array_agg(start_at), array_agg(end_at), array_agg(completed_at))
    FROM old_rows WHERE status = 'completed' AND completed_at IS NOT NULL HAVING count(*) > 0;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM staff_stats_apply_tasks(1, array_agg(owner_id), array_agg(linked_user_id), array_agg(type), array_agg(start_at), array_agg(end_at), array_agg(completed_at))
    FROM new_rows WHERE status = 'completed' AND completed_at IS NOT NULL HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_payments_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT user_id, kind, state, amount_cents, paid_at FROM new_rows EXCEPT ALL SELECT user_id, kind, state, amount_cents, paid_at FROM old_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM staff_stats_apply_payments(-1, array_agg(user_id), array_agg(kind), array_agg(amount_cents), array_agg(paid_at))
    FROM old_rows WHERE state = 'paid' AND paid_at IS NOT NULL AND kind IN ('donation', 'subscription') HAVING count(*) > 0;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM staff_stats_apply_payments(1, array_agg(user_id), array_agg(kind), array_agg(amount_cents), array_agg(paid_at))
    FROM new_rows WHERE state = 'paid' AND paid_at IS NOT NULL AND kind IN ('donation', 'subscription') HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- New users are registrations; an update moves the users whose responsible, country or date_joined
-- changed, with their payments and fresh tasks (old values out, new values in).
CREATE FUNCTION staff_stats_users_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staff_stats_apply_users(1, array_agg(id), array_agg(responsible_id), array_agg(country), array_agg(date_joined), false)
    FROM new_rows HAVING count(*) > 0;
    RETURN NULL;
  END IF;
  PERFORM staff_stats_apply_users(-1, array_agg(id), array_agg(responsible_id), array_agg(country), array_agg(date_joined), true)
  FROM (SELECT id, responsible_id, country, date_joined FROM old_rows EXCEPT SELECT id, responsible_id, country, date_joined FROM new_rows) o
  HAVING count(*) > 0;
  PERFORM staff_stats_apply_users(1, array_agg(id), array_agg(responsible_id), array_agg(country), array_agg(date_joined), true)
  FROM (SELECT id, responsible_id, country, date_joined FROM new_rows EXCEPT SELECT id, responsible_id, country, date_joined FROM old_rows) n
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_user_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_stats_apply_users(-1, ARRAY[OLD.id], ARRAY[OLD.responsible_id], ARRAY[OLD.country], ARRAY[OLD.date_joined], true);
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Recomputes the roll-ups from the base tables (the backfill below; after a TRUNCATE).
CREATE FUNCTION staff_stats_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM staff_stats_days;
  DELETE FROM staff_stats_country_days;
  DELETE FROM staff_stats_fresh;
  WITH u AS (
    SELECT responsible_id, country, staff_stats_day(date_joined) AS day, count(*)::int AS r, 0::bigint AS c, 0 AS x
    FROM users GROUP BY 1, 2, 3
    UNION ALL
    SELECT u.responsible_id, u.country, staff_stats_day(p.paid_at), 0,
           coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'donation'), 0), (count(*) FILTER (WHERE p.kind = 'subscription'))::int
    FROM payments p JOIN users u ON u.id = p.user_id
    WHERE p.state = 'paid' AND p.paid_at IS NOT NULL AND p.kind IN ('donation', 'subscription') GROUP BY 1, 2, 3
  ), uc AS (
    SELECT k.e, u.day, u.country, sum(u.r)::int AS r, sum(u.c)::bigint AS c, sum(u.x)::int AS x
    FROM u CROSS JOIN LATERAL (VALUES (0), (u.responsible_id)) AS k(e) WHERE k.e IS NOT NULL GROUP BY 1, 2, 3
  ), t AS (
    SELECT owner_id, staff_stats_day(completed_at) AS day, count(*)::int AS n, sum(staff_stats_task_us(type, start_at, end_at))::bigint AS us
    FROM tasks WHERE status = 'completed' AND completed_at IS NOT NULL GROUP BY 1, 2
  ), c AS (
    INSERT INTO staff_stats_country_days (employee_id, grain, day, country, registrations, donations_cents, subscriptions)
    SELECT e, 'day', day, country, r, c, x FROM uc WHERE (r, c, x) <> (0, 0, 0)
  )
  INSERT INTO staff_stats_days (employee_id, grain, day, completed_tasks, time_spent_us, registrations, donations_cents, subscriptions)
  SELECT e, 'day', day, sum(n), sum(us), sum(r), sum(c), sum(x) FROM (
    SELECT k.e, t.day, t.n, t.us, 0 AS r, 0::bigint AS c, 0 AS x FROM t CROSS JOIN LATERAL (VALUES (0), (t.owner_id)) AS k(e)
    UNION ALL
    SELECT e, day, 0, 0, r, c, x FROM uc
  ) a GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(us) <> 0 OR sum(r) <> 0 OR sum(c) <> 0 OR sum(x) <> 0;
  INSERT INTO staff_stats_days (employee_id, grain, day, completed_tasks, time_spent_us, registrations, donations_cents, subscriptions)
  SELECT employee_id, 'month', staff_stats_month(day), sum(completed_tasks), sum(time_spent_us), sum(registrations), sum(donations_cents), sum(subscriptions)
  FROM staff_stats_days WHERE grain = 'day' GROUP BY 1, 2, 3;
  INSERT INTO staff_stats_country_days (employee_id, grain, day, country, registrations, donations_cents, subscriptions)
  SELECT employee_id, 'month', staff_stats_month(day), country, sum(registrations), sum(donations_cents), sum(subscriptions)
  FROM staff_stats_country_days WHERE grain = 'day' GROUP BY 1, 2, 3, 4;
  INSERT INTO staff_stats_fresh (employee_id, joined_day, completed_day, tasks)
  SELECT k.e, staff_stats_day(u.date_joined), staff_stats_day(t.completed_at), count(*)
  FROM tasks t JOIN users u ON u.id = t.linked_user_id
  CROSS JOIN LATERAL (VALUES (0), (CASE WHEN u.responsible_id = t.owner_id THEN t.owner_id END)) AS k(e)
  WHERE t.status = 'completed' AND t.completed_at IS NOT NULL AND k.e IS NOT NULL
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_stats_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT staff_stats_rebuild();
--> statement-breakpoint
CREATE TRIGGER staff_stats_tasks_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_tasks_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_tasks_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_tasks_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_payments_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_payments_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_payments_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_payments_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_payments_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_payments_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_users_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_users_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_users_changed();
--> statement-breakpoint
CREATE TRIGGER staff_stats_users_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION staff_stats_user_deleting();
--> statement-breakpoint
CREATE TRIGGER staff_stats_tasks_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_truncated();
--> statement-breakpoint
CREATE TRIGGER staff_stats_payments_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_truncated();
--> statement-breakpoint
CREATE TRIGGER staff_stats_users_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION staff_stats_truncated();
