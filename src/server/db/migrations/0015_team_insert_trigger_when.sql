-- A user without a referrer has no ancestors to count: skip the per-row trigger for them (bulk
-- imports and staff-created leads insert such users by the thousand).
DROP TRIGGER users_tree_after_insert ON users;
--> statement-breakpoint
CREATE TRIGGER users_tree_after_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.referrer_id IS NOT NULL) EXECUTE FUNCTION team_users_after_insert_delete();
