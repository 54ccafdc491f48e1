-- product_sizes_removed: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- A size removed with units left takes them out of the ledger too (not when its product is being
-- deleted: its movements go with it).
CREATE OR REPLACE FUNCTION product_sizes_removed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.stock <> 0 AND EXISTS (SELECT 1 FROM products WHERE id = OLD.product_id) THEN
    PERFORM record_stock_movement(OLD.product_id, OLD.size, -OLD.stock, 0);
  END IF;
  RETURN NULL;
END;
$$;
