-- Unpaid orders past expires_at are cancelled and give back their stock and coupon use. The work is
-- done here, in one function, so any API instance (or a scheduler) may call it at any time: orders
-- another caller is handling are skipped (SKIP LOCKED) and an expired order is never picked again.
CREATE OR REPLACE FUNCTION expire_unpaid_orders() RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  expired uuid[];
BEGIN
  SELECT coalesce(array_agg(due.id), '{}') INTO expired FROM (
    SELECT id FROM orders
    WHERE payment_status = 'sin_pagar' AND expired_at IS NULL AND expires_at <= now()
    FOR UPDATE SKIP LOCKED
  ) due;
  IF cardinality(expired) = 0 THEN
    RETURN 0;
  END IF;

  UPDATE orders SET delivery_status = 'cancelado', expired_at = now() WHERE id = ANY (expired);
  UPDATE shop_orders SET delivery_status = 'cancelado' WHERE order_id = ANY (expired);

  -- Summed per product and size first: an UPDATE ... FROM applies only one matching row per target.
  UPDATE products SET stock = products.stock + returned.quantity
  FROM (
    SELECT i.product_id, sum(i.quantity) AS quantity
    FROM order_items i JOIN shop_orders s ON s.id = i.shop_order_id
    WHERE s.order_id = ANY (expired) AND i.size = ''
    GROUP BY i.product_id
  ) returned
  WHERE products.id = returned.product_id;

  UPDATE product_sizes SET stock = product_sizes.stock + returned.quantity
  FROM (
    SELECT i.product_id, i.size, sum(i.quantity) AS quantity
    FROM order_items i JOIN shop_orders s ON s.id = i.shop_order_id
    WHERE s.order_id = ANY (expired) AND i.size <> ''
    GROUP BY i.product_id, i.size
  ) returned
  WHERE product_sizes.product_id = returned.product_id AND product_sizes.size = returned.size;

  WITH released AS (
    DELETE FROM coupon_redemptions WHERE order_id = ANY (expired) RETURNING coupon_code
  )
  UPDATE coupons SET used_count = coupons.used_count - uses.count
  FROM (SELECT coupon_code, count(*)::integer AS count FROM released GROUP BY coupon_code) uses
  WHERE coupons.code = uses.coupon_code;

  RETURN cardinality(expired);
END;
$$;--> statement-breakpoint
-- Wallets are ledgers: an entry, once written, is never changed or removed.
CREATE OR REPLACE FUNCTION reject_wallet_entry_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los movimientos de la cartera no se modifican ni se borran.' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER wallet_entries_append_only
  BEFORE UPDATE OR DELETE ON wallet_entries
  FOR EACH ROW EXECUTE FUNCTION reject_wallet_entry_change();--> statement-breakpoint
CREATE TRIGGER wallet_entries_no_truncate
  BEFORE TRUNCATE ON wallet_entries
  FOR EACH STATEMENT EXECUTE FUNCTION reject_wallet_entry_change();--> statement-breakpoint
-- The /gift page's coupons (SPEC.md sections 2 and 9): once per user, up to max_uses orders in all.
INSERT INTO coupons (code, kind, value, max_uses, valid_from, valid_until) VALUES
  ('AHORRA20', 'porcentaje', 20, 1000, '2024-01-01 00:00:00+00', '2032-01-01 00:00:00+00'),
  ('REGALO50', 'importe', 5000, 500, '2024-01-01 00:00:00+00', '2032-01-01 00:00:00+00'),
  ('VALE100', 'importe', 10000, 200, '2024-01-01 00:00:00+00', '2032-01-01 00:00:00+00');--> statement-breakpoint
-- The /gift page's vouchers with the spec's dates, valid through the whole last day (UTC); they show
-- as expired until an admin moves the date (DESIGN.md section 3).
INSERT INTO vouchers (code, amount, expires_at) VALUES
  ('VOUCHER200', 20000, '2024-09-01 00:00:00+00'),
  ('VOUCHER500', 50000, '2024-09-11 00:00:00+00'),
  ('VOUCHER1000', 100000, '2024-08-18 00:00:00+00');
