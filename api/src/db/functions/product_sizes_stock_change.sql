-- product_sizes_stock_change: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
CREATE OR REPLACE FUNCTION product_sizes_stock_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  threshold smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_stock_movement(NEW.product_id, NEW.size, NEW.stock, NEW.stock);
    RETURN NEW;
  END IF;
  IF NEW.stock IS NOT DISTINCT FROM OLD.stock THEN
    RETURN NEW;
  END IF;
  PERFORM record_stock_movement(NEW.product_id, NEW.size, NEW.stock - OLD.stock, NEW.stock);
  SELECT low_stock_threshold INTO threshold FROM products WHERE id = NEW.product_id;
  IF threshold > 0 AND NEW.stock <= threshold AND NOT NEW.low_stock_notified THEN
    PERFORM low_stock_notice(NEW.product_id, NEW.size, NEW.stock);
    NEW.low_stock_notified := true;
  ELSIF NEW.stock > threshold THEN
    NEW.low_stock_notified := false;
  END IF;
  RETURN NEW;
END;
$$;
