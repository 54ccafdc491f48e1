-- record_stock_movement: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- Every stock change is a movement, whatever made it: an order, an expiry, a cancellation, a
-- seller. The kind and the actor come from the transaction's settings (setStockContext in
-- api/src/modules/stock); unset, it is an 'ajuste' by no one in particular.
CREATE OR REPLACE FUNCTION record_stock_movement(product uuid, product_size text, change integer, stock_after integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF change = 0 THEN
    RETURN;
  END IF;
  -- Dated when written, not when the transaction began (now()): changes of one row are written
  -- under its lock, so the ledger's order is the order they happened in, even for a transaction
  -- that waited for another's lock.
  INSERT INTO stock_movements (product_id, size, kind, change, stock_after, actor_id, without_version, created_at)
  VALUES (
    product,
    product_size,
    COALESCE(NULLIF(current_setting('mercado.stock_kind', true), ''), 'ajuste')::stock_movement_kind,
    change,
    stock_after,
    NULLIF(current_setting('mercado.stock_actor', true), '')::uuid,
    COALESCE(current_setting('mercado.stock_without_version', true), '') = 'on',
    clock_timestamp()
  );
END;
$$;
