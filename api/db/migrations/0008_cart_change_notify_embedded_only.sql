-- Cart changes are announced only by a session that asked for it (SET fuelyard.announce_cart_changes
-- = 'on'): the embedded database's, whose process listens. On PostgreSQL nobody listens, and a
-- transaction that has sent NOTIFY takes a cluster-wide lock while it commits, which would put
-- every cart write in one queue.
CREATE OR REPLACE FUNCTION announce_cart_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('fuelyard.announce_cart_changes', true), '') <> 'on' THEN
    RETURN NULL;
  END IF;
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
