-- A session's header view changes when its admin rights do (sessions.is_admin, kept by
-- app/server/accounts/admin-rights.server.ts when an address is granted, removed or verified) and ends with the
-- session (sign-out, a password reset ending the others, expiry pruning): every store process drops the views it
-- keeps for that user (app/server/http/shopper-view-cache.server.ts), as for a cart's change (0013).
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_user text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  PERFORM pg_notify('store_changes', json_build_object('name', 'shopper-views', 'key', changed_user)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_admin_change
  AFTER UPDATE OF is_admin ON sessions
  FOR EACH ROW WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin)
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_end
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
