-- sync_product_stock: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
CREATE OR REPLACE FUNCTION sync_product_stock() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.product_id = OLD.product_id AND NEW.stock = OLD.stock THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET
        stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = OLD.product_id), 0),
        has_sizes = EXISTS (SELECT 1 FROM product_sizes WHERE product_id = OLD.product_id),
        stock_version = stock_version + 1
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    UPDATE products SET
        stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = NEW.product_id), 0),
        has_sizes = true,
        stock_version = stock_version + 1
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END;
$$;
