-- give_back_stock: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- Stock comes back line by line in placeOrder's order (product, then size, compared byte by byte like
-- its `bySize`), each size row before its product (the size trigger updates the product's total), so
-- a give-back (expiry, a cancellation) and an order being placed over the same products queue behind
-- each other instead of deadlocking. The former UPDATE ... FROM locked rows in whatever order its plan chose.
CREATE OR REPLACE FUNCTION give_back_stock(cancelled_shop_orders uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  caller_kind text := current_setting('mercado.stock_kind', true);
  line record;
BEGIN
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
