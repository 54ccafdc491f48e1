-- products_initial_stock: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- A new product's first stock, after the row exists (the movement references it).
CREATE OR REPLACE FUNCTION products_initial_stock() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.has_sizes THEN
    PERFORM record_stock_movement(NEW.id, '', NEW.stock, NEW.stock);
  END IF;
  RETURN NULL;
END;
$$;
