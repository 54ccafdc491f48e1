CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- Words enter search_terms when products are added or their text changes.
CREATE OR REPLACE FUNCTION collect_inserted_search_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
    SELECT DISTINCT lexeme FROM inserted_products, unnest(tsvector_to_array(inserted_products.search_vector)) AS lexeme
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_collect_search_terms_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION collect_inserted_search_terms();--> statement-breakpoint
CREATE OR REPLACE FUNCTION collect_updated_search_terms() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_collect_search_terms_update
  AFTER UPDATE OF name, brand, tag, color, description ON products
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION collect_updated_search_terms();--> statement-breakpoint
INSERT INTO search_terms (term)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM products
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The full-text query of a shopper's search: each word must match (AND), either as itself or,
-- when it is not a word of the catalogue, as the start of one (typing in progress) or as one of
-- the three most similar catalogue words (a typo: 'bulpadel' -> 'bullpadel').
CREATE OR REPLACE FUNCTION product_search_query(search text) RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT string_agg(per_word.alternatives, ' & ')::tsquery
  FROM (
    SELECT '(' || string_agg(DISTINCT '''' || replace(replace(alternative.term, '\', '\\'), '''', '''''') || '''' || alternative.suffix, ' | ') || ')' AS alternatives
    FROM unnest(tsvector_to_array(to_tsvector('spanish', f_unaccent(lower(search))))) AS word(lexeme)
    CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM search_terms WHERE term = word.lexeme) AS known) AS lookup
    CROSS JOIN LATERAL (
      SELECT word.lexeme AS term, CASE WHEN lookup.known THEN '' ELSE ':*' END AS suffix
      UNION ALL
      (SELECT candidate.term, '' FROM search_terms AS candidate
        WHERE NOT lookup.known AND candidate.term % word.lexeme AND similarity(candidate.term, word.lexeme) >= 0.45
        ORDER BY similarity(candidate.term, word.lexeme) DESC, candidate.term
        LIMIT 3)
    ) AS alternative
    GROUP BY word.lexeme
  ) AS per_word
$$;
