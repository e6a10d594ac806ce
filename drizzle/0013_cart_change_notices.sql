-- Every commit that changes a cart's lines tells each store process whose header count changed (issue 16, decision
-- 0021): the cart's owner (the account's user id, or the visitor's cart id) on the channel the processes LISTEN on
-- (app/server/http/shared-invalidation.server.ts). In the database, so no writer is missed: the cart's own writes,
-- the sign-in merge, a paid order's lines leaving the cart, and cascades from a deleted product or account.
-- NOTIFY is sent at commit (none for a rolled-back change) and one per distinct payload per transaction.
CREATE FUNCTION notify_cart_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_cart text := CASE WHEN TG_OP = 'DELETE' THEN OLD.cart_id ELSE NEW.cart_id END;
  owner text;
BEGIN
  SELECT coalesce(c.user_id, c.id) INTO owner FROM carts c WHERE c.id = changed_cart;
  PERFORM pg_notify('store_changes',
    json_build_object('name', 'shopper-views', 'key', coalesce(owner, changed_cart))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cart_lines_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON cart_lines
  FOR EACH ROW EXECUTE FUNCTION notify_cart_change();
