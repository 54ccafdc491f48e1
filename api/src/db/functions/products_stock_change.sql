-- products_stock_change: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- The same for a product without sizes; with sizes, its total follows them and they record it.
-- A product given its first size leaves its single stock behind: that stock leaves the ledger.
CREATE OR REPLACE FUNCTION products_stock_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.has_sizes AND NOT OLD.has_sizes THEN
    PERFORM record_stock_movement(NEW.id, '', -OLD.stock, 0);
    RETURN NEW;
  END IF;
  IF NEW.has_sizes OR OLD.has_sizes OR NEW.stock IS NOT DISTINCT FROM OLD.stock THEN
    RETURN NEW;
  END IF;
  PERFORM record_stock_movement(NEW.id, '', NEW.stock - OLD.stock, NEW.stock);
  IF NEW.low_stock_threshold > 0 AND NEW.stock <= NEW.low_stock_threshold AND NOT NEW.low_stock_notified THEN
    PERFORM low_stock_notice(NEW.id, '', NEW.stock);
    NEW.low_stock_notified := true;
  ELSIF NEW.stock > NEW.low_stock_threshold THEN
    NEW.low_stock_notified := false;
  END IF;
  RETURN NEW;
END;
$$;
