-- keep_wallet_balance: its one current definition. Edit it here, never in a migration: it is applied with
-- CREATE OR REPLACE after the migrations on every start (api/src/db/functions.ts, decision 0027).
-- Moves each wallet's kept balance by the entries one statement inserted (trigger wallet_entries_keep_balance,
-- migration 0022), summed per wallet so a statement's order of rows does not matter. The CHECK
-- wallets_balance_non_negative then refuses, with the whole statement, any movement that would take a
-- wallet below zero (decision 0033). Wallets are locked in user order, the order the API locks them in.
CREATE OR REPLACE FUNCTION keep_wallet_balance() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- A wallet's first entry makes its row, at zero: an upsert would check the CHECK against the entries'
  -- sum alone, before it finds the row.
  INSERT INTO wallets (user_id, balance)
    SELECT DISTINCT user_id, 0 FROM added ORDER BY user_id
  ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM wallets WHERE user_id IN (SELECT user_id FROM added) ORDER BY user_id FOR UPDATE;
  UPDATE wallets SET balance = wallets.balance + moved.amount, updated_at = now()
    FROM (SELECT user_id, sum(amount) AS amount FROM added GROUP BY user_id) AS moved
    WHERE wallets.user_id = moved.user_id;
  RETURN NULL;
END;
$$;
