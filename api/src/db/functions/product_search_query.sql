-- product_search_query: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
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
