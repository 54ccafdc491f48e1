import { sql } from "drizzle-orm";
import type { BooksAnswer } from "#contract/books";
import type { Db } from "../../db/client.js";

type BooksRow = {
  shop_id: string;
  shop_name: string;
  owner_id: string;
  paid_sales: number;
  cancelled_sales: number;
  withdrawals: number;
  ledger: number;
};

/**
 * GET /admin/books: each shop's books, read in one statement so its figures are of one moment.
 * What the orders and withdrawals say (the expected balance) is computed apart from the ledger
 * rows, so a missing, doubled or misdirected entry shows as a difference.
 */
export async function shopBooks(db: Db): Promise<BooksAnswer> {
  const result = await db.execute<BooksRow>(sql`
    select s.id as shop_id, s.name as shop_name, s.owner_id,
      (select coalesce(sum(so.total - so.commission), 0)::integer from shop_orders so
        where so.shop_id = s.id and so.payment_status in ('pagado', 'reembolsado')) as paid_sales,
      (select coalesce(sum(so.total - so.commission), 0)::integer from shop_orders so
        where so.shop_id = s.id and so.payment_status = 'reembolsado') as cancelled_sales,
      (select coalesce(sum(w.amount), 0)::integer from withdrawals w
        where w.shop_id = s.id and w.status <> 'rechazado') as withdrawals,
      (select coalesce(sum(we.amount), 0)::integer from shop_orders so
        join wallet_entries we on we.reference in ('venta:' || so.id::text, 'anulacion:' || so.id::text)
        where so.shop_id = s.id and we.user_id = s.owner_id)
      + (select coalesce(sum(we.amount), 0)::integer from withdrawals w
        join wallet_entries we on we.reference in ('retiro:' || w.id::text, 'retiro-rechazado:' || w.id::text)
        where w.shop_id = s.id and we.user_id = s.owner_id) as ledger
    from shops s
    where exists (select 1 from shop_orders so where so.shop_id = s.id) or exists (select 1 from withdrawals w where w.shop_id = s.id)`);
  const shops = result.rows.map((row) => {
    const paidSales = Number(row.paid_sales);
    const cancelledSales = Number(row.cancelled_sales);
    const withdrawals = Number(row.withdrawals);
    const ledger = Number(row.ledger);
    const expected = paidSales - cancelledSales - withdrawals;
    return {
      shopId: row.shop_id,
      shopName: row.shop_name,
      ownerId: row.owner_id,
      paidSales,
      cancelledSales,
      withdrawals,
      expected,
      ledger,
      difference: ledger - expected,
    };
  });
  shops.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference) || a.shopName.localeCompare(b.shopName, "es"));
  return {
    shops,
    unbalanced: shops.filter((shop) => shop.difference !== 0).length,
    checkedAt: new Date().toISOString(),
  };
}
