-- bump_stock_version: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- A seller's stock form carries the version it was read at (issue 11): every change of the stock
-- bumps it. A size's change reaches products through sync_product_stock, which bumps it itself:
-- moving units from one size to another leaves the total as it was, and must still make a form
-- read before it stale.
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stock IS DISTINCT FROM OLD.stock AND NEW.stock_version = OLD.stock_version THEN
    NEW.stock_version := OLD.stock_version + 1;
  END IF;
  RETURN NEW;
END;
$$;
