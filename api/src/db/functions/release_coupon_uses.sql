-- release_coupon_uses: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
CREATE OR REPLACE FUNCTION release_coupon_uses(cancelled_orders uuid[]) RETURNS void
  LANGUAGE sql AS $$
  WITH released AS (
    DELETE FROM coupon_redemptions WHERE order_id = ANY (cancelled_orders) RETURNING coupon_code
  )
  UPDATE coupons SET used_count = coupons.used_count - uses.count
  FROM (SELECT coupon_code, count(*)::integer AS count FROM released GROUP BY coupon_code) uses
  WHERE coupons.code = uses.coupon_code;
$$;
