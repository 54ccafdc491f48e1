-- lock_products: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- The one order in which every write of products' rows or stock locks them (api/src/modules/stock/locks.ts):
-- the product rows in id order, then all their sizes in (product id, size byte by byte) order. Orders
-- being placed, give-backs (expiry, cancellations, returns), the stock screen, seller edits (renames and
-- deletes included) and imports all take it first, so none of them can hold a size while it waits for
-- a product another holds, nor the other way round. `for_key` takes the products FOR UPDATE, which a
-- change of their unique slug or a delete needs; otherwise FOR NO KEY UPDATE, which the size trigger's
-- update of the product's total needs anyway (an order's items' key-share locks come after it, its own).
-- `shop`, when given, leaves other shops' products alone (a seller's ids are locked only if theirs).
CREATE OR REPLACE FUNCTION lock_products(ids uuid[], shop uuid, for_key boolean) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  wanted uuid[] := ARRAY(SELECT id FROM products WHERE id = ANY (ids) AND (shop IS NULL OR shop_id = shop));
BEGIN
  IF for_key THEN
    PERFORM 1 FROM products WHERE id = ANY (wanted) ORDER BY id FOR UPDATE;
  ELSE
    PERFORM 1 FROM products WHERE id = ANY (wanted) ORDER BY id FOR NO KEY UPDATE;
  END IF;
  PERFORM 1 FROM product_sizes WHERE product_id = ANY (wanted) ORDER BY product_id, size COLLATE "C" FOR UPDATE;
END;
$$;
