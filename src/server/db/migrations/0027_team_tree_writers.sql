-- Writers of the referral tree at once. A sign-up reads its referrer's path and a paid donation its
-- payer's path; a move (a removed user's referrals go up) rewrites the paths of a branch and carries
-- the branch's donations over. Run side by side, each missed the other's uncommitted rows: a sign-up
-- under a moving branch kept the old path for good, a donation paid meanwhile stayed with the old
-- ancestors. Readers of paths now take a shared lock and movers an exclusive one, so a move waits for
-- the sign-ups and payments under way and they wait for the move, then read the committed paths.
-- Sign-ups and payments do not wait for each other. A mover takes the lock before any row of users
-- (removeUser calls team_tree_lock_exclusive() first), so the two never wait on each other's rows.
CREATE FUNCTION team_tree_lock_shared() RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock_shared(hashtext('atrium:referral-tree')) $$;
--> statement-breakpoint
CREATE FUNCTION team_tree_lock_exclusive() RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock(hashtext('atrium:referral-tree')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_users_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE parent ltree;
BEGIN
  IF NEW.referrer_id IS NOT NULL THEN
    PERFORM team_tree_lock_shared();
    SELECT path INTO parent FROM users WHERE id = NEW.referrer_id;
  END IF;
  NEW.path := CASE WHEN parent IS NULL THEN NEW.id::text::ltree ELSE parent || NEW.id::text END;
  NEW.children_count := 0;
  NEW.descendants_count := 0;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_payments_donations() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counted_before boolean := TG_OP <> 'INSERT' AND OLD.kind = 'donation' AND OLD.state = 'paid' AND OLD.paid_at IS NOT NULL;
  counted_after boolean  := TG_OP <> 'DELETE' AND NEW.kind = 'donation' AND NEW.state = 'paid' AND NEW.paid_at IS NOT NULL;
BEGIN
  IF counted_before OR counted_after THEN
    PERFORM team_tree_lock_shared();
  END IF;
  IF counted_before THEN
    PERFORM team_donations_add(u.path, team_donation_month(OLD.paid_at), -OLD.amount_cents) FROM users u WHERE u.id = OLD.user_id;
  END IF;
  IF counted_after THEN
    PERFORM team_donations_add(u.path, team_donation_month(NEW.paid_at), NEW.amount_cents) FROM users u WHERE u.id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every statement that may move users or re-root them (deleting a referrer sets referrer_id to null).
CREATE FUNCTION team_users_before_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM team_tree_lock_exclusive();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_tree_before_move BEFORE UPDATE OF referrer_id ON users
  FOR EACH STATEMENT EXECUTE FUNCTION team_users_before_move();
--> statement-breakpoint
CREATE TRIGGER users_tree_before_delete BEFORE DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION team_users_before_move();
