-- Every write to the catalogue bumps app_meta('catalogue.version') in the same transaction, so
-- every process can tell cheaply whether its cached copy of the catalogue is still current.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_meta (key, value, updated_at) VALUES ('catalogue.version', '1', now())
  ON CONFLICT (key) DO UPDATE SET value = ((app_meta.value)::bigint + 1)::text, updated_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER product_sizes_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_sizes FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER product_images_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER categories_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER product_categories_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER shipping_zones_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zones FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER shipping_zone_postcodes_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zone_postcodes FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
