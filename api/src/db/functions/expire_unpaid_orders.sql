-- expire_unpaid_orders: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- The expiry notice speaks in tú, like every other text of the store (issue 13).
-- An order with an offer waiting for its seller keeps its stock until the offer is answered or lapses;
-- the lapse is this same sweep's job and reads «Caducada», never «Rechazada» (decision 0038).
-- It answers one row per order it expired, and whether its customer was told (the notice here, the mail
-- that expireUnpaidOrders queues in the same transaction: api/src/modules/orders/expiry.ts). Until
-- 2026-11-29 it answered a count: CREATE OR REPLACE cannot change a return type, so that one is dropped.
DO $drop$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'expire_unpaid_orders' AND prorettype = 'integer'::regtype) THEN
    DROP FUNCTION expire_unpaid_orders();
  END IF;
END
$drop$;

CREATE OR REPLACE FUNCTION expire_unpaid_orders() RETURNS TABLE (expired_order uuid, customer_told boolean)
  LANGUAGE plpgsql AS $$
DECLARE
  expired uuid[];
  still_open uuid[];
  open_orders uuid[];
  lapsing uuid[];
BEGIN
  -- Offers past their deadline lapse; their orders are locked first, as every other change to them does.
  lapsing := ARRAY(
    SELECT id FROM orders
    WHERE id IN (
      SELECT so.order_id FROM offers o JOIN shop_orders so ON so.id = o.shop_order_id
      WHERE o.status = 'pendiente' AND o.expires_at <= now()
    )
    FOR UPDATE SKIP LOCKED
  );
  UPDATE offers SET status = 'caducada', answered_at = now()
  WHERE status = 'pendiente' AND expires_at <= now()
    AND shop_order_id IN (SELECT id FROM shop_orders WHERE order_id = ANY (lapsing));

  SELECT coalesce(array_agg(due.id), '{}') INTO expired FROM (
    SELECT id FROM orders
    WHERE payment_status = 'sin_pagar' AND expired_at IS NULL AND expires_at <= now()
      AND NOT EXISTS (
        SELECT 1 FROM offers o JOIN shop_orders so ON so.id = o.shop_order_id
        WHERE so.order_id = orders.id AND o.status = 'pendiente'
      )
    FOR UPDATE SKIP LOCKED
  ) due;
  IF cardinality(expired) = 0 THEN
    RETURN;
  END IF;

  -- A part a seller cancelled already gave its stock back; an order they cancelled whole was told so.
  open_orders := ARRAY(SELECT id FROM orders WHERE id = ANY (expired) AND delivery_status <> 'cancelado');
  still_open := ARRAY(SELECT id FROM shop_orders WHERE order_id = ANY (expired) AND delivery_status <> 'cancelado');
  UPDATE orders SET delivery_status = 'cancelado', expired_at = now() WHERE id = ANY (expired);
  UPDATE shop_orders SET delivery_status = 'cancelado' WHERE id = ANY (still_open);

  PERFORM give_back_stock(still_open);
  PERFORM release_coupon_uses(expired);

  INSERT INTO notifications (user_id, type, message, order_id)
  SELECT user_id, 'pedido', format({{orderExpired}}, upper(left(id::text, 8))), id
  FROM orders WHERE id = ANY (open_orders);

  RETURN QUERY SELECT due.id, due.id = ANY (open_orders) FROM unnest(expired) AS due(id);
END;
$$;
