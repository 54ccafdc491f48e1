-- collect_inserted_search_terms: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- Words enter search_terms when products are added or their text changes.
CREATE OR REPLACE FUNCTION collect_inserted_search_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT lexeme FROM inserted_products, unnest(tsvector_to_array(inserted_products.search_vector)) AS lexeme
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
