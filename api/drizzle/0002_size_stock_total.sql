-- A product with sizes keeps its total stock equal to the sum of its sizes (SPEC.md section 5),
-- maintained by the database so no code path can let the two drift apart.
CREATE OR REPLACE FUNCTION sync_product_stock() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = OLD.product_id), 0)
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    UPDATE products SET stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = NEW.product_id), 0)
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_sizes_sync_stock
  AFTER INSERT OR UPDATE OF stock, product_id OR DELETE ON product_sizes
  FOR EACH ROW EXECUTE FUNCTION sync_product_stock();
