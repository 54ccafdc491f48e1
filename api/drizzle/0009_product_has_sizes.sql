ALTER TABLE "products" ADD COLUMN "has_sizes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The size trigger of migration 0002 now also keeps has_sizes, so product cards need no subquery.
CREATE OR REPLACE FUNCTION sync_product_stock() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET
        stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = OLD.product_id), 0),
        has_sizes = EXISTS (SELECT 1 FROM product_sizes WHERE product_id = OLD.product_id)
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    UPDATE products SET
        stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = NEW.product_id), 0),
        has_sizes = true
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
UPDATE products SET has_sizes = EXISTS (SELECT 1 FROM product_sizes WHERE product_sizes.product_id = products.id);
