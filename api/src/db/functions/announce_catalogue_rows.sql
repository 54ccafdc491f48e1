-- announce_catalogue_rows: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- Every write to a row a public catalogue page shows (a product's stock after a sale, expiry or
-- adjustment, its rating, price, images, sizes, category or shop; a review or its author's name; a
-- banner) is announced on 'catalogue_rows' when its transaction commits, whoever made it: the API,
-- a SQL function, a script. PostgreSQL sends identical notices of one transaction once. The API
-- instances drop the listing and product answers they keep and move to a new catalogue generation
-- on it (api/src/modules/catalog/changes.ts).
CREATE OR REPLACE FUNCTION announce_catalogue_rows() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_rows', '');
  RETURN NULL;
END;
$$;
