-- collect_updated_search_terms: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
CREATE OR REPLACE FUNCTION collect_updated_search_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
