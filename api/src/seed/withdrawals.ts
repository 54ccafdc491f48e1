import { sql } from "drizzle-orm";
import type { PayoutMethod } from "#contract/withdrawals";
import { payoutSummary } from "#contract/withdrawal-labels";
import type { Transaction } from "../db/client.js";
import { payoutMethods, walletEntries, withdrawals } from "../db/schema.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo sellers' payout methods, in the order of their shops' owners' names, each made for its owner (a transfer's holder). */
const PAYOUTS: ((owner: string) => PayoutMethod)[] = [
  () => ({ kind: "pago_movil", bank: "Banesco", phone: "0414-5551234", idDocument: "V-18456723" }),
  (owner) => ({ kind: "transferencia", holder: owner, bank: "CaixaBank", account: "ES9121000418450200051332" }),
  () => ({ kind: "pago_movil", bank: "Banco de Venezuela", phone: "0424-5559876", idDocument: "V-20987654" }),
];

/** Days ago of each seller's past requests. */
const REQUEST_DAYS_AGO = [95, 65, 35, 2];

/**
 * The demo sellers' payouts: a payout method each and a withdrawal roughly every month of the
 * seeded history, each of 70% of what was available then, paid by the admin a day later with a
 * transfer reference. The first seller's (by name: Andrés Rivas, vendedor2) newest one is still
 * pending, so the admin's queue and that seller's 'Solicitud Enviada' show. Written with their ledger entries (`retiro:<id>`), as POST /withdraw does.
 */
export async function insertWithdrawalHistory(tx: Transaction, now: Date): Promise<void> {
  const [admin] = (
    await tx.execute<{ id: string }>(sql`select id from users where role = 'admin' order by created_at limit 1`)
  ).rows;
  const sales = await tx.execute<{
    owner_id: string;
    shop_id: string;
    amount: number;
    received_at: string | Date;
  }>(sql`
    select s.owner_id, s.id as shop_id, we.amount, so.received_at
    from wallet_entries we
    join shop_orders so on we.reference = 'venta:' || so.id::text
    join shops s on s.id = so.shop_id
    order by s.owner_id`);
  const owners = await tx.execute<{ owner_id: string; shop_id: string; name: string }>(sql`
    select s.owner_id, s.id as shop_id, u.name from shops s join users u on u.id = s.owner_id where s.status = 'aprobada' order by u.name`);

  for (const [index, owner] of owners.rows.entries()) {
    const payout = PAYOUTS[index % PAYOUTS.length]!(owner.name);
    const { kind, ...details } = payout;
    await tx.insert(payoutMethods).values({ userId: owner.owner_id, kind, details });
    const ownSales = sales.rows.filter((sale) => sale.owner_id === owner.owner_id);
    let withdrawn = 0;
    for (const [round, daysAgo] of REQUEST_DAYS_AGO.entries()) {
      const requestedAt = new Date(now.getTime() - daysAgo * DAY_MS);
      // Sales their buyers confirmed at least the default seven days before the request.
      const matured = ownSales
        .filter((sale) => new Date(sale.received_at).getTime() <= requestedAt.getTime() - 7 * DAY_MS)
        .reduce((sum, sale) => sum + Number(sale.amount), 0);
      const amount = Math.floor(((matured - withdrawn) * 0.7) / 100) * 100;
      if (amount < 1000) continue;
      withdrawn += amount;
      // Only the first seller's newest request still waits: the others start the demo with none pending.
      const pending = index === 0 && round === REQUEST_DAYS_AGO.length - 1;
      const decidedAt = new Date(requestedAt.getTime() + DAY_MS);
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId: owner.owner_id,
          shopId: owner.shop_id,
          amount,
          payout: { kind, details },
          status: pending ? "pendiente" : "confirmado",
          ...(pending
            ? {}
            : {
                reference: `TRF-${decidedAt.toISOString().slice(0, 10).replaceAll("-", "")}-${index + 1}${round + 1}`,
                decidedBy: admin?.id,
                decidedAt,
              }),
          createdAt: requestedAt,
        })
        .returning({ id: withdrawals.id });
      await tx.insert(walletEntries).values({
        userId: owner.owner_id,
        amount: -amount,
        reason: `Retiro solicitado a ${payoutSummary(payout)}`,
        reference: `retiro:${row!.id}`,
        createdAt: requestedAt,
      });
    }
  }
}
