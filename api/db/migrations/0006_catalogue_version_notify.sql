-- The catalogue version bump also announces the new version (NOTIFY catalogue_version), in the
-- same transaction, so it is delivered on commit. The embedded database (PGlite) belongs to one
-- process, which hears every one of its own commits: it knows the version without reading it.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped text;
BEGIN
  INSERT INTO app_meta (key, value, updated_at) VALUES ('catalogue.version', '1', now())
  ON CONFLICT (key) DO UPDATE SET value = ((app_meta.value)::bigint + 1)::text, updated_at = now()
  RETURNING value INTO bumped;
  PERFORM pg_notify('catalogue_version', bumped);
  RETURN NULL;
END
$$;
