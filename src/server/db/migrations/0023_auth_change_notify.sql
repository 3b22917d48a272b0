-- Every server process keeps checked sessions for a few seconds (auth/session-cache.ts). Whatever
-- changes a user's sign-in state, from any process or by hand, notifies them all with the user's id.
CREATE FUNCTION auth_changed_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('atrium_auth', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('atrium_auth', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF role, is_superuser, language, time_zone, is_active, is_blocked ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.is_superuser IS DISTINCT FROM NEW.is_superuser
    OR OLD.language IS DISTINCT FROM NEW.language OR OLD.time_zone IS DISTINCT FROM NEW.time_zone
    OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_blocked IS DISTINCT FROM NEW.is_blocked)
  EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF ended_at, expires_at, user_id ON sessions
  FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE FUNCTION auth_truncated_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_auth', 'all');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION auth_truncated_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION auth_truncated_notify();
