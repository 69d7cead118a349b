-- Every change to a cart or its lines announces the cart's id (NOTIFY cart_changed), delivered on
-- commit; a TRUNCATE announces '*'. The embedded database (PGlite) belongs to one process, which
-- hears every one of its own commits: it keeps the carts it has read until they change.
CREATE OR REPLACE FUNCTION announce_cart_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('cart_changed', '*');
  ELSIF TG_TABLE_NAME = 'carts' THEN
    PERFORM pg_notify('cart_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  ELSE
    PERFORM pg_notify('cart_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.cart_id ELSE NEW.cart_id END)::text);
    IF TG_OP = 'UPDATE' AND OLD.cart_id IS DISTINCT FROM NEW.cart_id THEN
      PERFORM pg_notify('cart_changed', OLD.cart_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER carts_announce_change AFTER INSERT OR UPDATE OR DELETE ON carts FOR EACH ROW EXECUTE FUNCTION announce_cart_change();
--> statement-breakpoint
CREATE TRIGGER carts_announce_truncate AFTER TRUNCATE ON carts FOR EACH STATEMENT EXECUTE FUNCTION announce_cart_change();
--> statement-breakpoint
CREATE TRIGGER cart_items_announce_change AFTER INSERT OR UPDATE OR DELETE ON cart_items FOR EACH ROW EXECUTE FUNCTION announce_cart_change();
--> statement-breakpoint
CREATE TRIGGER cart_items_announce_truncate AFTER TRUNCATE ON cart_items FOR EACH STATEMENT EXECUTE FUNCTION announce_cart_change();
