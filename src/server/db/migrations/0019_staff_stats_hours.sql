-- Hour buckets next to the day and month ones (the rules are in migration 0017): a period in a time
-- zone with a whole-hour offset is then a few buckets per employee, with nothing left to read from the
-- base tables. The adders take instants now; the roll-ups are emptied here and rebuilt at the end.
DROP FUNCTION staff_stats_add_days(int[], date[], int[], bigint[], int[], bigint[], int[]);--> statement-breakpoint
DROP FUNCTION staff_stats_add_country_days(int[], date[], text[], int[], bigint[], int[]);--> statement-breakpoint
DROP FUNCTION staff_stats_month(date);--> statement-breakpoint
TRUNCATE staff_stats_days, staff_stats_country_days, staff_stats_fresh;--> statement-breakpoint
ALTER TABLE "staff_stats_country_days" DROP CONSTRAINT "staff_stats_country_days_pk";--> statement-breakpoint
ALTER TABLE "staff_stats_days" DROP CONSTRAINT "staff_stats_days_pk";--> statement-breakpoint
ALTER TABLE "staff_stats_country_days" DROP CONSTRAINT "staff_stats_country_days_grain_check";--> statement-breakpoint
ALTER TABLE "staff_stats_days" DROP CONSTRAINT "staff_stats_days_grain_check";--> statement-breakpoint
DROP INDEX "staff_stats_days_period_idx";--> statement-breakpoint
ALTER TABLE "staff_stats_country_days" DROP COLUMN "day";--> statement-breakpoint
ALTER TABLE "staff_stats_days" DROP COLUMN "day";--> statement-breakpoint
ALTER TABLE "staff_stats_country_days" ADD COLUMN "bucket" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_stats_days" ADD COLUMN "bucket" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_stats_country_days" ADD CONSTRAINT "staff_stats_country_days_pk" PRIMARY KEY("employee_id","grain","bucket","country");--> statement-breakpoint
ALTER TABLE "staff_stats_days" ADD CONSTRAINT "staff_stats_days_pk" PRIMARY KEY("employee_id","grain","bucket");--> statement-breakpoint
CREATE INDEX "staff_stats_days_period_idx" ON "staff_stats_days" USING btree ("grain","bucket","employee_id","completed_tasks","time_spent_us","registrations","donations_cents","subscriptions");--> statement-breakpoint
ALTER TABLE "staff_stats_country_days" ADD CONSTRAINT "staff_stats_country_days_grain_check" CHECK ("staff_stats_country_days"."grain" in ('hour', 'day', 'month'));--> statement-breakpoint
ALTER TABLE "staff_stats_days" ADD CONSTRAINT "staff_stats_days_grain_check" CHECK ("staff_stats_days"."grain" in ('hour', 'day', 'month'));--> statement-breakpoint
-- Rows are kept for the organisation (0) and for existing users only. A user's deletion drops their
-- rows first (staff_stats_user_deleting); the triggers of the statements the foreign keys cascade to
-- fire only after the whole deletion (PostgreSQL runs them at the end of the outer statement), and
-- what they would add or take away under the deleted employee is skipped here.
CREATE FUNCTION staff_stats_kept(employee int) RETURNS boolean
LANGUAGE sql STABLE AS $$ SELECT employee = 0 OR EXISTS (SELECT 1 FROM users WHERE id = employee) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION staff_stats_add_fresh(emp int[], joined date[], completed date[], n int[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO staff_stats_fresh AS s (employee_id, joined_day, completed_day, tasks)
  SELECT a.e, a.j, a.c, sum(a.n)
  FROM unnest(emp, joined, completed, n) AS a(e, j, c, n)
  WHERE a.e IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(a.n) <> 0 AND staff_stats_kept(a.e)
  ORDER BY 1, 2, 3
  ON CONFLICT (employee_id, joined_day, completed_day) DO UPDATE SET tasks = s.tasks + excluded.tasks
$$;
--> statement-breakpoint
-- Before a user goes: their own figures (registration, payments, fresh tasks about them) leave their
-- responsible's and the organisation's rows, and the rows kept for them as an employee go.
CREATE OR REPLACE FUNCTION staff_stats_user_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_stats_apply_users(-1, ARRAY[OLD.id], ARRAY[OLD.responsible_id], ARRAY[OLD.country], ARRAY[OLD.date_joined], true);
  DELETE FROM staff_stats_days WHERE employee_id = OLD.id;
  DELETE FROM staff_stats_country_days WHERE employee_id = OLD.id;
  DELETE FROM staff_stats_fresh WHERE employee_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- The three UTC buckets of an instant.
CREATE FUNCTION staff_stats_buckets(at timestamptz) RETURNS TABLE (grain text, bucket timestamptz)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  VALUES ('hour', date_trunc('hour', at, 'UTC')), ('day', date_trunc('day', at, 'UTC')), ('month', date_trunc('month', at, 'UTC'))
$$;
--> statement-breakpoint
-- The adders take parallel arrays of signed figures per employee (null: skipped) and instant, sum
-- them into the instant's hour, day and month, and upsert in key order (one lock order for all writers).
CREATE FUNCTION staff_stats_add_days(emp int[], at timestamptz[], done int[], us bigint[], reg int[], cents bigint[], subs int[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO staff_stats_days AS s (employee_id, grain, bucket, completed_tasks, time_spent_us, registrations, donations_cents, subscriptions)
  SELECT a.e, b.grain, b.bucket, sum(a.n), sum(a.t), sum(a.r), sum(a.c), sum(a.x)
  FROM unnest(emp, at, done, us, reg, cents, subs) AS a(e, d, n, t, r, c, x)
  CROSS JOIN LATERAL staff_stats_buckets(a.d) AS b
  WHERE a.e IS NOT NULL
  GROUP BY 1, 2, 3 HAVING (sum(a.n) <> 0 OR sum(a.t) <> 0 OR sum(a.r) <> 0 OR sum(a.c) <> 0 OR sum(a.x) <> 0) AND staff_stats_kept(a.e)
  ORDER BY 1, 2, 3
  ON CONFLICT (employee_id, grain, bucket) DO UPDATE SET
    completed_tasks = s.completed_tasks + excluded.completed_tasks,
    time_spent_us = s.time_spent_us + excluded.time_spent_us,
    registrations = s.registrations + excluded.registrations,
    donations_cents = s.donations_cents + excluded.donations_cents,
    subscriptions = s.subscriptions + excluded.subscriptions
$$;
--> statement-breakpoint
CREATE FUNCTION staff_stats_add_country_days(emp int[], at timestamptz[], country text[], reg int[], cents bigint[], subs int[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO staff_stats_country_days AS s (employee_id, grain, bucket, country, registrations, donations_cents, subscriptions)
  SELECT a.e, b.grain, b.bucket, a.k, sum(a.r), sum(a.c), sum(a.x)
  FROM unnest(emp, at, country, reg, cents, subs) AS a(e, d, k, r, c, x)
  CROSS JOIN LATERAL staff_stats_buckets(a.d) AS b
  WHERE a.e IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING (sum(a.r) <> 0 OR sum(a.c) <> 0 OR sum(a.x) <> 0) AND staff_stats_kept(a.e)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (employee_id, grain, bucket, country) DO UPDATE SET
    registrations = s.registrations + excluded.registrations,
    donations_cents = s.donations_cents + excluded.donations_cents,
    subscriptions = s.subscriptions + excluded.subscriptions
$$;
--> statement-breakpoint
-- Completed tasks, added (sign 1) or taken away (-1): the owner's and the organisation's buckets, and
-- the fresh-task pairs through the linked user as the users table has it now.
CREATE OR REPLACE FUNCTION staff_stats_apply_tasks(sign int, owner int[], linked int[], type text[], start_at timestamptz[], end_at timestamptz[], completed_at timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  SELECT staff_stats_add_days(array_agg(k.e), array_agg(t.c), array_agg(sign), array_agg(sign * staff_stats_task_us(t.ty, t.s, t.en)),
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
CREATE OR REPLACE FUNCTION staff_stats_apply_payments(sign int, payer int[], kind text[], amount int[], paid_at timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  SELECT staff_stats_add_days(a.e, a.d, a.z, a.z::bigint[], a.z, a.c, a.x), staff_stats_add_country_days(a.e, a.d, a.k, a.z, a.c, a.x)
  FROM (
    SELECT array_agg(k.e) AS e, array_agg(p.at) AS d, array_agg(u.country) AS k, array_agg(0) AS z,
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
CREATE OR REPLACE FUNCTION staff_stats_apply_users(sign int, ids int[], responsible int[], country text[], joined timestamptz[], related boolean) RETURNS void
LANGUAGE sql AS $$
  SELECT staff_stats_add_days(a.e, a.d, a.z, a.z::bigint[], a.r, a.z::bigint[], a.z), staff_stats_add_country_days(a.e, a.d, a.k, a.r, a.z::bigint[], a.z)
  FROM (
    SELECT array_agg(k.e) AS e, array_agg(c.joined) AS d, array_agg(c.country) AS k, array_agg(sign) AS r, array_agg(0) AS z
    FROM unnest(responsible, country, joined) AS c(resp, country, joined)
    CROSS JOIN LATERAL (VALUES (0), (c.resp)) AS k(e)
  ) a;
  SELECT staff_stats_add_days(a.e, a.d, a.z, a.z::bigint[], a.z, a.c, a.x), staff_stats_add_country_days(a.e, a.d, a.k, a.z, a.c, a.x)
  FROM (
    SELECT array_agg(k.e) AS e, array_agg(p.paid_at) AS d, array_agg(c.country) AS k, array_agg(0) AS z,
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
-- Recomputes the roll-ups from the base tables (after this migration; after a TRUNCATE): the hours,
-- then the days and months from them.
CREATE OR REPLACE FUNCTION staff_stats_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM staff_stats_days;
  DELETE FROM staff_stats_country_days;
  DELETE FROM staff_stats_fresh;
  WITH u AS (
    SELECT responsible_id, country, date_trunc('hour', date_joined, 'UTC') AS at, count(*)::int AS r, 0::bigint AS c, 0 AS x
    FROM users GROUP BY 1, 2, 3
    UNION ALL
    SELECT u.responsible_id, u.country, date_trunc('hour', p.paid_at, 'UTC'), 0,
           coalesce(sum(p.amount_cents) FILTER (WHERE p.kind = 'donation'), 0), (count(*) FILTER (WHERE p.kind = 'subscription'))::int
    FROM payments p JOIN users u ON u.id = p.user_id
    WHERE p.state = 'paid' AND p.paid_at IS NOT NULL AND p.kind IN ('donation', 'subscription') GROUP BY 1, 2, 3
  ), uc AS (
    SELECT k.e, u.at, u.country, sum(u.r)::int AS r, sum(u.c)::bigint AS c, sum(u.x)::int AS x
    FROM u CROSS JOIN LATERAL (VALUES (0), (u.responsible_id)) AS k(e) WHERE k.e IS NOT NULL GROUP BY 1, 2, 3
  ), t AS (
    SELECT owner_id, date_trunc('hour', completed_at, 'UTC') AS at, count(*)::int AS n, sum(staff_stats_task_us(type, start_at, end_at))::bigint AS us
    FROM tasks WHERE status = 'completed' AND completed_at IS NOT NULL GROUP BY 1, 2
  ), c AS (
    INSERT INTO staff_stats_country_days (employee_id, grain, bucket, country, registrations, donations_cents, subscriptions)
    SELECT e, 'hour', at, country, r, c, x FROM uc WHERE (r, c, x) <> (0, 0, 0)
  )
  INSERT INTO staff_stats_days (employee_id, grain, bucket, completed_tasks, time_spent_us, registrations, donations_cents, subscriptions)
  SELECT e, 'hour', at, sum(n), sum(us), sum(r), sum(c), sum(x) FROM (
    SELECT k.e, t.at, t.n, t.us, 0 AS r, 0::bigint AS c, 0 AS x FROM t CROSS JOIN LATERAL (VALUES (0), (t.owner_id)) AS k(e)
    UNION ALL
    SELECT e, at, 0, 0, r, c, x FROM uc
  ) a GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(us) <> 0 OR sum(r) <> 0 OR sum(c) <> 0 OR sum(x) <> 0;
  INSERT INTO staff_stats_days (employee_id, grain, bucket, completed_tasks, time_spent_us, registrations, donations_cents, subscriptions)
  SELECT employee_id, g.grain, date_trunc(g.grain, bucket, 'UTC'), sum(completed_tasks), sum(time_spent_us), sum(registrations), sum(donations_cents), sum(subscriptions)
  FROM staff_stats_days CROSS JOIN (VALUES ('day'), ('month')) AS g(grain) WHERE staff_stats_days.grain = 'hour' GROUP BY 1, 2, 3;
  INSERT INTO staff_stats_country_days (employee_id, grain, bucket, country, registrations, donations_cents, subscriptions)
  SELECT employee_id, g.grain, date_trunc(g.grain, bucket, 'UTC'), country, sum(registrations), sum(donations_cents), sum(subscriptions)
  FROM staff_stats_country_days CROSS JOIN (VALUES ('day'), ('month')) AS g(grain) WHERE staff_stats_country_days.grain = 'hour' GROUP BY 1, 2, 3, 4;
  INSERT INTO staff_stats_fresh (employee_id, joined_day, completed_day, tasks)
  SELECT k.e, staff_stats_day(u.date_joined), staff_stats_day(t.completed_at), count(*)
  FROM tasks t JOIN users u ON u.id = t.linked_user_id
  CROSS JOIN LATERAL (VALUES (0), (CASE WHEN u.responsible_id = t.owner_id THEN t.owner_id END)) AS k(e)
  WHERE t.status = 'completed' AND t.completed_at IS NOT NULL AND k.e IS NOT NULL
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT staff_stats_rebuild();
