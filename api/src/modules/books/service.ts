import { sql } from "drizzle-orm";
import {
  walletBelowPendingSales,
  walletBelowZero,
  walletStoredMismatch,
  withdrawalLedgerMismatch,
  withdrawalMissing,
  type BooksAnswer,
  type ShopBooks,
  type WalletBooks,
  type WithdrawalBooks,
} from "#contract/books";
import type { WithdrawalStatus } from "#contract/withdrawal-labels";
import type { WithdrawalSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import { saleAvailable } from "../withdrawals/availability.js";

type BooksRow = {
  shop_id: string;
  shop_name: string;
  owner_id: string;
  paid_sales: number;
  cancelled_sales: number;
  returned_sales: number;
  withdrawals: number;
  ledger: number;
};

/**
 * Each shop's books, in one statement. What the orders and withdrawals say (the expected balance)
 * is computed apart from the ledger rows, so a missing, doubled or misdirected entry shows as a
 * difference.
 */
async function shopsBooks(tx: Transaction): Promise<ShopBooks[]> {
  const result = await tx.execute<BooksRow>(sql`
    select s.id as shop_id, s.name as shop_name, s.owner_id,
      (select coalesce(sum(so.total - so.commission), 0)::integer from shop_orders so
        where so.shop_id = s.id and so.payment_status in ('pagado', 'reembolsado')) as paid_sales,
      (select coalesce(sum(so.total - so.commission), 0)::integer from shop_orders so
        where so.shop_id = s.id and so.payment_status = 'reembolsado' and so.delivery_status = 'cancelado') as cancelled_sales,
      (select coalesce(sum(r.seller_reversal), 0)::integer from order_returns r
        join shop_orders so on so.id = r.shop_order_id
        where so.shop_id = s.id and r.status = 'reembolsada') as returned_sales,
      (select coalesce(sum(w.amount), 0)::integer from withdrawals w
        where w.shop_id = s.id and w.status <> 'rechazado') as withdrawals,
      (select coalesce(sum(we.amount), 0)::integer from shop_orders so
        join wallet_entries we on we.reference in ('venta:' || so.id::text, 'anulacion:' || so.id::text)
        where so.shop_id = s.id and we.user_id = s.owner_id)
      + (select coalesce(sum(we.amount), 0)::integer from order_returns r
        join shop_orders so on so.id = r.shop_order_id
        join wallet_entries we on we.reference = 'devolucion-venta:' || so.id::text || ':' || r.id::text
        where so.shop_id = s.id and we.user_id = s.owner_id)
      + (select coalesce(sum(we.amount), 0)::integer from withdrawals w
        join wallet_entries we on we.reference in ('retiro:' || w.id::text, 'retiro-rechazado:' || w.id::text)
        where w.shop_id = s.id and we.user_id = s.owner_id) as ledger
    from shops s
    where exists (select 1 from shop_orders so where so.shop_id = s.id) or exists (select 1 from withdrawals w where w.shop_id = s.id)`);
  const shops = result.rows.map((row) => {
    const paidSales = Number(row.paid_sales);
    const cancelledSales = Number(row.cancelled_sales);
    const returnedSales = Number(row.returned_sales);
    const withdrawals = Number(row.withdrawals);
    const ledger = Number(row.ledger);
    const expected = paidSales - cancelledSales - returnedSales - withdrawals;
    return {
      shopId: row.shop_id,
      shopName: row.shop_name,
      ownerId: row.owner_id,
      paidSales,
      cancelledSales,
      returnedSales,
      withdrawals,
      expected,
      ledger,
      difference: ledger - expected,
    };
  });
  shops.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference) || a.shopName.localeCompare(b.shopName, "es"));
  return shops;
}

/**
 * The wallets that do not add up, in one statement: the balance the database keeps (`wallets`)
 * against the sum of the entries, a sum below zero, and a sum below the owner's sales not yet
 * available (money a cancellation can still take back was spent).
 */
async function walletsBooks(tx: Transaction, settings: WithdrawalSettings): Promise<WalletBooks[]> {
  const result = await tx.execute<{
    user_id: string;
    name: string;
    email: string;
    ledger: number;
    stored: number;
    pending_sales: number;
  }>(sql`
    with sums as (
      select user_id, sum(amount)::integer as ledger from wallet_entries group by user_id
    ), pending as (
      select we.user_id, sum(we.amount)::integer as pending_sales
      from wallet_entries we
      join shop_orders so on so.id::text = split_part(we.reference, ':', 2)
      where split_part(we.reference, ':', 1) in ('venta', 'anulacion', 'devolucion-venta')
        and not ${saleAvailable(settings)}
      group by we.user_id
    ), figures as (
      select coalesce(sums.user_id, kept.user_id) as user_id, coalesce(sums.ledger, 0) as ledger,
             coalesce(kept.balance, 0) as stored
      from sums full join wallets kept on kept.user_id = sums.user_id
    )
    select figures.user_id, u.name, u.email, figures.ledger, figures.stored,
           coalesce(pending.pending_sales, 0) as pending_sales
    from figures
    join users u on u.id = figures.user_id
    left join pending on pending.user_id = figures.user_id
    where figures.ledger <> figures.stored or figures.ledger < 0 or figures.ledger < coalesce(pending.pending_sales, 0)
    order by u.name, figures.user_id`);
  return result.rows.map((row) => {
    const ledger = Number(row.ledger);
    const stored = Number(row.stored);
    const pendingSales = Number(row.pending_sales);
    const problems: string[] = [];
    if (stored !== ledger) problems.push(walletStoredMismatch(stored, ledger));
    if (ledger < 0) problems.push(walletBelowZero(ledger));
    if (ledger < pendingSales) problems.push(walletBelowPendingSales(ledger, pendingSales));
    return { userId: row.user_id, name: row.name, email: row.email, ledger, stored, pendingSales, problems };
  });
}

/**
 * The withdrawals whose entries do not match them, in one statement: a request holds its amount
 * (`retiro:<id>`, −amount) and a rejection gives it back (`retiro-rechazado:<id>`), both in the
 * requester's wallet; entries naming a request that does not exist (or someone else's) are listed too.
 */
async function withdrawalsBooks(tx: Transaction): Promise<WithdrawalBooks[]> {
  const result = await tx.execute<{
    withdrawal_id: string;
    user_id: string;
    shop_name: string | null;
    amount: number | null;
    status: WithdrawalStatus | null;
    expected: number;
    ledger: number;
  }>(sql`
    with entries as (
      select split_part(reference, ':', 2) as withdrawal_id, user_id, sum(amount)::integer as ledger
      from wallet_entries
      where split_part(reference, ':', 1) in ('retiro', 'retiro-rechazado')
      group by 1, 2
    ), requests as (
      select w.id::text as withdrawal_id, w.user_id, s.name as shop_name, w.amount, w.status, w.created_at,
             case when w.status = 'rechazado' then 0 else -w.amount end as expected
      from withdrawals w join shops s on s.id = w.shop_id
    )
    select coalesce(requests.withdrawal_id, entries.withdrawal_id) as withdrawal_id,
           coalesce(requests.user_id, entries.user_id) as user_id,
           requests.shop_name, requests.amount, requests.status,
           coalesce(requests.expected, 0) as expected, coalesce(entries.ledger, 0) as ledger
    from requests
    full join entries on entries.withdrawal_id = requests.withdrawal_id and entries.user_id = requests.user_id
    where requests.withdrawal_id is null or coalesce(entries.ledger, 0) <> requests.expected
    order by requests.created_at nulls last, 1`);
  return result.rows.map((row) => {
    const expected = Number(row.expected);
    const ledger = Number(row.ledger);
    return {
      withdrawalId: row.withdrawal_id,
      userId: row.user_id,
      shopName: row.shop_name,
      amount: row.amount === null ? null : Number(row.amount),
      status: row.status,
      expected,
      ledger,
      problem: row.status === null ? withdrawalMissing(ledger) : withdrawalLedgerMismatch(ledger, expected, row.status),
    };
  });
}

/**
 * GET /admin/books: each shop's books, and every wallet and withdrawal that does not add up, read
 * in one read-only snapshot so the three are of one moment.
 */
export async function shopBooks(db: Db, settings: WithdrawalSettings): Promise<BooksAnswer> {
  const { shops, wallets, withdrawals } = await db.transaction(
    async (tx) => ({
      shops: await shopsBooks(tx),
      wallets: await walletsBooks(tx, settings),
      withdrawals: await withdrawalsBooks(tx),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return {
    shops,
    wallets,
    withdrawals,
    unbalanced: shops.filter((shop) => shop.difference !== 0).length + wallets.length + withdrawals.length,
    checkedAt: new Date().toISOString(),
  };
}
