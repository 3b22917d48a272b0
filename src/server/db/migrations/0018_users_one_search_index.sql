DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
-- An insert that brings its own path and has no referrer (a bulk import) needs nothing of the tree trigger;
-- every other insert gets the column default '' and goes through it.
DROP TRIGGER IF EXISTS users_tree_before_insert ON users;--> statement-breakpoint
CREATE TRIGGER users_tree_before_insert BEFORE INSERT ON users FOR EACH ROW
  WHEN (NEW.referrer_id IS NOT NULL OR NEW.path = ''::ltree) EXECUTE FUNCTION team_users_before_insert();
