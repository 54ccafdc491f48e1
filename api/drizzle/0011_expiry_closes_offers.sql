-- Expiry also closes the expired orders' pending offers and tells each customer (DESIGN.md sections 3 and 4).
-- Giving back the stock of cancelled sub-orders and the coupon uses of cancelled orders, shared by
-- expiry (below) and a seller's or admin's cancellation (api/src/modules/orders/status.ts).
CREATE FUNCTION give_back_stock(cancelled_shop_orders uuid[]) RETURNS void
  LANGUAGE sql AS $$
  -- Summed per product and size first: an UPDATE ... FROM applies only one matching row per target.
  UPDATE products SET stock = products.stock + returned.quantity
  FROM (
    SELECT product_id, sum(quantity) AS quantity FROM order_items
    WHERE shop_order_id = ANY (cancelled_shop_orders) AND size = ''
    GROUP BY product_id
  ) returned
  WHERE products.id = returned.product_id;

  UPDATE product_sizes SET stock = product_sizes.stock + returned.quantity
  FROM (
    SELECT product_id, size, sum(quantity) AS quantity FROM order_items
    WHERE shop_order_id = ANY (cancelled_shop_orders) AND size <> ''
    GROUP BY product_id, size
  ) returned
  WHERE product_sizes.product_id = returned.product_id AND product_sizes.size = returned.size;
$$;--> statement-breakpoint
CREATE FUNCTION release_coupon_uses(cancelled_orders uuid[]) RETURNS void
  LANGUAGE sql AS $$
  WITH released AS (
    DELETE FROM coupon_redemptions WHERE order_id = ANY (cancelled_orders) RETURNING coupon_code
  )
  UPDATE coupons SET used_count = coupons.used_count - uses.count
  FROM (SELECT coupon_code, count(*)::integer AS count FROM released GROUP BY coupon_code) uses
  WHERE coupons.code = uses.coupon_code;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION expire_unpaid_orders() RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  expired uuid[];
  still_open uuid[];
  open_orders uuid[];
BEGIN
  SELECT coalesce(array_agg(due.id), '{}') INTO expired FROM (
    SELECT id FROM orders
    WHERE payment_status = 'sin_pagar' AND expired_at IS NULL AND expires_at <= now()
    FOR UPDATE SKIP LOCKED
  ) due;
  IF cardinality(expired) = 0 THEN
    RETURN 0;
  END IF;

  -- A part a seller cancelled already gave its stock back; an order they cancelled whole was told so.
  open_orders := ARRAY(SELECT id FROM orders WHERE id = ANY (expired) AND delivery_status <> 'cancelado');
  still_open := ARRAY(SELECT id FROM shop_orders WHERE order_id = ANY (expired) AND delivery_status <> 'cancelado');
  UPDATE orders SET delivery_status = 'cancelado', expired_at = now() WHERE id = ANY (expired);
  UPDATE shop_orders SET delivery_status = 'cancelado' WHERE id = ANY (still_open);

  PERFORM give_back_stock(still_open);
  PERFORM release_coupon_uses(expired);

  -- An offer on an order nobody can pay any more is closed, so sellers no longer see it pending.
  UPDATE offers SET status = 'rechazada', answered_at = now()
  WHERE status = 'pendiente' AND shop_order_id IN (SELECT id FROM shop_orders WHERE order_id = ANY (expired));

  INSERT INTO notifications (user_id, type, message, order_id)
  SELECT user_id, 'pedido', 'Su pedido ' || upper(left(id::text, 8)) || ' caducó sin pagarse y se ha cancelado.', id
  FROM orders WHERE id = ANY (open_orders);

  RETURN cardinality(expired);
END;
$$;
