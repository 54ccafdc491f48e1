-- give_back_stock: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- The products and their sizes are locked first, in the one order every writer of them uses
-- (lock_products), so a give-back (expiry, a cancellation) and an order being placed, an edit or an
-- import of the same products queue behind each other instead of deadlocking. The stock then comes
-- back line by line.
CREATE OR REPLACE FUNCTION give_back_stock(cancelled_shop_orders uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  caller_kind text := current_setting('mercado.stock_kind', true);
  line record;
BEGIN
  -- The products and their sizes first, in the order every writer of them takes (lock_products).
  PERFORM lock_products(
    ARRAY(SELECT DISTINCT product_id FROM order_items WHERE shop_order_id = ANY (cancelled_shop_orders)), NULL, false);
  IF COALESCE(caller_kind, '') = '' THEN
    PERFORM set_config('mercado.stock_kind', 'caducidad', true);
  END IF;
  FOR line IN
    SELECT product_id, size, sum(quantity)::integer AS quantity FROM order_items
    WHERE shop_order_id = ANY (cancelled_shop_orders)
    GROUP BY product_id, size
    ORDER BY product_id, size COLLATE "C"
  LOOP
    IF line.size = '' THEN
      UPDATE products SET stock = stock + line.quantity WHERE id = line.product_id;
    ELSE
      UPDATE product_sizes SET stock = stock + line.quantity WHERE product_id = line.product_id AND size = line.size;
    END IF;
  END LOOP;
  PERFORM set_config('mercado.stock_kind', COALESCE(caller_kind, ''), true);
END;
$$;
