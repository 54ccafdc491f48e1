-- reject_wallet_entry_change: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- Wallets are ledgers: an entry, once written, is never changed or removed.
CREATE OR REPLACE FUNCTION reject_wallet_entry_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los movimientos de la cartera no se modifican ni se borran.' USING ERRCODE = 'restrict_violation';
END;
$$;
