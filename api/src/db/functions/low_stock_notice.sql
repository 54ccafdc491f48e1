-- low_stock_notice: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- The seller's low-stock notice wrote «tiene 2 unidad(es)»: it now says «1 unidad» or «2 unidades».
CREATE OR REPLACE FUNCTION low_stock_notice(product uuid, product_size text, stock_left integer) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  units text := format('%s %s', stock_left, CASE WHEN stock_left = 1 THEN {{unit}} ELSE {{units}} END);
BEGIN
  INSERT INTO notifications (user_id, type, message, product_id)
  SELECT shops.owner_id, 'stock',
    CASE WHEN product_size = ''
      THEN format({{lowStock}}, products.name, units)
      ELSE format({{lowStockOfSize}}, products.name, product_size, units)
    END,
    products.id
  FROM products JOIN shops ON shops.id = products.shop_id
  WHERE products.id = product;
END;
$$;
