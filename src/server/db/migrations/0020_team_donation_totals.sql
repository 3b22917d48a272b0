CREATE TABLE "team_donation_totals" (
	"ancestor_id" integer NOT NULL,
	"month" date NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_donation_totals_ancestor_id_month_pk" PRIMARY KEY("ancestor_id","month")
);
--> statement-breakpoint
-- Adds cents to the month of every ancestor of a user (strictly above them in the tree).
CREATE OR REPLACE FUNCTION team_donations_add(p_path ltree, p_month date, p_cents bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO team_donation_totals (ancestor_id, month, cents)
  SELECT a, p_month, p_cents FROM unnest(team_ancestor_ids(p_path)) AS a WHERE p_cents <> 0
  ON CONFLICT (ancestor_id, month) DO UPDATE SET cents = team_donation_totals.cents + excluded.cents
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_donation_month(paid_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('month', paid_at AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_payments_donations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.kind = 'donation' AND OLD.state = 'paid' AND OLD.paid_at IS NOT NULL THEN
    PERFORM team_donations_add(u.path, team_donation_month(OLD.paid_at), -OLD.amount_cents) FROM users u WHERE u.id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'donation' AND NEW.state = 'paid' AND NEW.paid_at IS NOT NULL THEN
    PERFORM team_donations_add(u.path, team_donation_month(NEW.paid_at), NEW.amount_cents) FROM users u WHERE u.id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_team_donations_ins AFTER INSERT ON payments
  FOR EACH ROW WHEN (NEW.kind = 'donation' AND NEW.state = 'paid') EXECUTE FUNCTION team_payments_donations();
--> statement-breakpoint
CREATE TRIGGER payments_team_donations_upd AFTER UPDATE OF user_id, kind, state, amount_cents, paid_at ON payments
  FOR EACH ROW EXECUTE FUNCTION team_payments_donations();
--> statement-breakpoint
CREATE TRIGGER payments_team_donations_del AFTER DELETE ON payments
  FOR EACH ROW WHEN (OLD.kind = 'donation' AND OLD.state = 'paid') EXECUTE FUNCTION team_payments_donations();
--> statement-breakpoint
-- A moved subtree takes its donations from the old ancestors to the new ones (every moved user's path changes).
CREATE OR REPLACE FUNCTION team_users_donations_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT n.id, o.path AS old_path, n.path AS new_path FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.path <> n.path
  ), donated AS (
    SELECT p.user_id, team_donation_month(p.paid_at) AS month, sum(p.amount_cents)::bigint AS cents
    FROM payments p WHERE p.user_id IN (SELECT id FROM moved) AND p.kind = 'donation' AND p.state = 'paid' AND p.paid_at IS NOT NULL
    GROUP BY 1, 2
  )
  INSERT INTO team_donation_totals (ancestor_id, month, cents)
  SELECT a, month, sum(c) FROM (
    SELECT unnest(team_ancestor_ids(m.old_path)) AS a, d.month, -d.cents AS c FROM moved m JOIN donated d ON d.user_id = m.id
    UNION ALL
    SELECT unnest(team_ancestor_ids(m.new_path)), d.month, d.cents FROM moved m JOIN donated d ON d.user_id = m.id
  ) s GROUP BY a, month HAVING sum(c) <> 0
  ON CONFLICT (ancestor_id, month) DO UPDATE SET cents = team_donation_totals.cents + excluded.cents;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_team_donations_moved AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_users_donations_moved();
--> statement-breakpoint
-- A removed user's donations leave their ancestors' totals before the cascade removes the payments
-- (the payments' own trigger then finds no user and changes nothing).
CREATE OR REPLACE FUNCTION team_users_donations_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM team_donations_add(OLD.path, team_donation_month(p.paid_at), -sum(p.amount_cents)::bigint)
  FROM payments p WHERE p.user_id = OLD.id AND p.kind = 'donation' AND p.state = 'paid' AND p.paid_at IS NOT NULL
  GROUP BY team_donation_month(p.paid_at);
  DELETE FROM team_donation_totals WHERE ancestor_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_team_donations_removed BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION team_users_donations_removed();
--> statement-breakpoint
INSERT INTO team_donation_totals (ancestor_id, month, cents)
SELECT a, month, sum(cents) FROM (
  SELECT unnest(team_ancestor_ids(u.path)) AS a, team_donation_month(p.paid_at) AS month, p.amount_cents::bigint AS cents
  FROM payments p JOIN users u ON u.id = p.user_id
  WHERE p.kind = 'donation' AND p.state = 'paid' AND p.paid_at IS NOT NULL
) s GROUP BY a, month;
