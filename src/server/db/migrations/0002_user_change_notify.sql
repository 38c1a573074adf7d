-- Every committed change to what the per-user read cache holds (users, sessions, subscriptions)
-- is announced on the channel user_changed with the user's id: each server process listens and
-- drops its cached copy (src/server/db/change-feed.ts). PostgreSQL sends notifications at commit,
-- in commit order, once per distinct payload per transaction.
CREATE OR REPLACE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('user_changed', to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER INSERT OR UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION notify_user_changed('id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_changed AFTER INSERT OR UPDATE OR DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION notify_user_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_changed AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
	FOR EACH ROW EXECUTE FUNCTION notify_user_changed('user_id');
