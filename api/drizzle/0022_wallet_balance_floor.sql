CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 31: no wallet below zero (decision 0033). Entries written meanwhile by another instance wait
-- until this migration commits, so the balances below count every entry.
LOCK TABLE "wallet_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- A wallet that went below zero before the rule is brought back to zero by an entry of its own, shown in
-- its history, so that the check holds from the first row (the store bears what was overspent).
INSERT INTO "wallet_entries" ("user_id", "amount", "reason", "reference")
  SELECT "user_id", -sum("amount"), 'Ajuste: la cartera estaba en negativo antes de que la tienda lo impidiera',
    'ajuste-saldo-negativo:' || "user_id"
  FROM "wallet_entries" GROUP BY "user_id" HAVING sum("amount") < 0;--> statement-breakpoint
INSERT INTO "wallets" ("user_id", "balance")
  SELECT "user_id", sum("amount") FROM "wallet_entries" GROUP BY "user_id";--> statement-breakpoint
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
$$;--> statement-breakpoint
CREATE TRIGGER wallet_entries_keep_balance
  AFTER INSERT ON "wallet_entries"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_wallet_balance();
