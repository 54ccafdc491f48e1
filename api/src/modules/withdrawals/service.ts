import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { STORE_TIME_ZONE } from "#contract/store-time";
import {
  belowMinimum,
  moreThanAvailable,
  NO_APPROVED_SHOP,
  NO_PAYOUT_METHOD,
  PAYOUT_METHOD_SAVED,
  WITHDRAWAL_ALREADY_ARCHIVED,
  WITHDRAWAL_ALREADY_DECIDED,
  WITHDRAWAL_ARCHIVED,
  CONFIRMED_WITHOUT_REFERENCE,
  WITHDRAWAL_CONFIRMED,
  WITHDRAWAL_NOT_FINISHED,
  WITHDRAWAL_NOT_FOUND,
  WITHDRAWAL_REJECTED,
  WITHDRAWAL_REQUESTED,
  type AdminWithdrawalsAnswer,
  type AdminWithdrawalsQuery,
  type LedgerAnswer,
  type PayoutMethod,
  type PayoutMethodBody,
  type Withdrawal,
  type WithdrawalBalances,
  type WithdrawalsAnswer,
  type WithdrawalsQuery,
} from "#contract/withdrawals";
import { payoutSummary, type LedgerKind } from "#contract/withdrawal-labels";
import type { WithdrawalSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import { payoutMethods, shops, users, walletEntries, withdrawals } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { withdrawalDecidedMail } from "../mail/templates/withdrawal-decided.js";
import { withdrawalToPayMail } from "../mail/templates/withdrawal-to-pay.js";
import { recordAudit } from "../audit/service.js";
import { notify } from "../notifications/service.js";
import { lockSellerShop } from "../shops/seller-writes.js";
import { lockWallet, walletBalance } from "../wallet/ledger.js";
import { saleAvailable, saleAvailableAt } from "./availability.js";
import { withdrawalDecidedNotice, withdrawalRequestedNotice } from "#contract/notification-texts";

type Reader = Db | Transaction;

/** The payout method as stored (kind apart, details in jsonb) and as the contract writes it. */
function payoutOf(kind: string, details: Record<string, string>): PayoutMethod {
  return kind === "transferencia"
    ? { kind: "transferencia", holder: details.holder ?? "", bank: details.bank ?? "", account: details.account ?? "" }
    : {
        kind: "pago_movil",
        bank: details.bank ?? "",
        phone: details.phone ?? "",
        idDocument: details.idDocument ?? "",
      };
}

function detailsOf(method: PayoutMethodBody): Record<string, string> {
  const { kind: _kind, ...details } = method;
  return details;
}

type WithdrawalRow = typeof withdrawals.$inferSelect;

function withdrawalOf(row: WithdrawalRow): Withdrawal {
  return {
    _id: row.id,
    amount: row.amount,
    status: row.status,
    payout: payoutOf(row.payout.kind, row.payout.details),
    reference: row.reference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    archived: row.archivedAt !== null,
  };
}

/** A seller's shop, or null for a user without one. */
async function shopOf(db: Reader, userId: string) {
  const [shop] = await db
    .select({ id: shops.id, name: shops.name, status: shops.status })
    .from(shops)
    .where(eq(shops.ownerId, userId));
  return shop ?? null;
}

/**
 * 'venta:<id>', 'anulacion:<id>' and 'devolucion-venta:<id>:<returnId>' entries of `userId` about
 * parts of `shopId`, joined to their part.
 */
const saleEntriesOf = (userId: string, shopId: string) => sql`
  wallet_entries we
  join shop_orders so on so.id::text = split_part(we.reference, ':', 2)
  where we.user_id = ${userId}
    and so.shop_id = ${shopId}
    and split_part(we.reference, ':', 1) in ('venta', 'anulacion', 'devolucion-venta')`;

/** A seller's figures from the ledger, in cents, read in one statement so they are of one moment. */
interface LedgerFigures {
  /** Σ of the shop's `venta:`/`anulacion:`/`devolucion-venta:` entries. */
  total: number;
  /** The part of `total` of parts whose money is available (availability.ts). */
  matured: number;
  requested: number;
  confirmed: number;
  /** The whole wallet's balance. */
  wallet: number;
}

async function ledgerFigures(
  db: Reader,
  userId: string,
  shopId: string,
  settings: WithdrawalSettings,
): Promise<LedgerFigures> {
  // One statement, so every figure is of the same moment (a sale credited meanwhile counts in all or none).
  const result = await db.execute<{
    total: number;
    matured: number;
    requested: number;
    confirmed: number;
    wallet: number;
  }>(sql`
    with earnings as (
      select coalesce(sum(we.amount), 0)::integer as total,
             coalesce(sum(we.amount) filter (where ${saleAvailable(settings)}), 0)::integer as matured
      from ${saleEntriesOf(userId, shopId)}
    )
    select earnings.total, earnings.matured,
      (select coalesce(sum(amount), 0)::integer from withdrawals where user_id = ${userId} and status = 'pendiente') as requested,
      (select coalesce(sum(amount), 0)::integer from withdrawals where user_id = ${userId} and status = 'confirmado') as confirmed,
      (select coalesce(sum(amount), 0)::integer from wallet_entries where user_id = ${userId}) as wallet
    from earnings`);
  const row = result.rows[0]!;
  return {
    total: Number(row.total),
    matured: Number(row.matured),
    requested: Number(row.requested),
    confirmed: Number(row.confirmed),
    wallet: Number(row.wallet),
  };
}

/**
 * The balances of a seller's shop from the ledger (README "Seller money"), read in the caller's
 * transaction: the withdrawal takes the wallet's lock before reading them, so what it reads here
 * stays true until it commits.
 */
export async function balancesOf(
  db: Reader,
  userId: string,
  settings: WithdrawalSettings,
): Promise<WithdrawalBalances> {
  const shop = await shopOf(db, userId);
  if (!shop)
    return {
      totalAmount: 0,
      availableAmount: 0,
      withdrowAmount: 0,
      pendingAmount: 0,
      amountWithdrawn: 0,
      requestedAmount: 0,
    };
  const figures = await ledgerFigures(db, userId, shop.id, settings);
  const totalAmount = figures.total;
  const maturedAmount = figures.matured;
  const requestedAmount = figures.requested;
  const withdrowAmount = figures.confirmed;
  const pendingAmount = totalAmount - maturedAmount;
  const amountWithdrawn = requestedAmount + withdrowAmount;
  // Matured earnings not yet asked for, but never more than the wallet holds beyond pending sales:
  // money spent on purchases is gone, and voucher or refund money is not earnings.
  const availableAmount = Math.max(0, Math.min(maturedAmount - amountWithdrawn, figures.wallet - pendingAmount));
  return { totalAmount, availableAmount, withdrowAmount, pendingAmount, amountWithdrawn, requestedAmount };
}

/** A wallet's balance and what of it may pay an order (decision 0033), in cents. */
export interface WalletFunds {
  /** Σ of the wallet's entries. */
  balance: number;
  /** The owner's sales not yet available (`pendingAmount` of their shop): a cancellation may still take them back. */
  pendingSales: number;
  /** balance − pendingSales (never below 0): what pays at checkout. */
  available: number;
}

/**
 * What a user's wallet holds and what of it may be spent, read in one statement (a sale credited
 * meanwhile counts in both figures or in neither). A payment reads it under the wallet's lock.
 */
export async function walletFunds(db: Reader, userId: string, settings: WithdrawalSettings): Promise<WalletFunds> {
  const shop = await shopOf(db, userId);
  if (!shop) {
    const balance = await walletBalance(db, userId);
    return { balance, pendingSales: 0, available: Math.max(0, balance) };
  }
  const figures = await ledgerFigures(db, userId, shop.id, settings);
  const pendingSales = figures.total - figures.matured;
  return { balance: figures.wallet, pendingSales, available: Math.max(0, figures.wallet - pendingSales) };
}

export async function payoutMethodOf(db: Db, userId: string): Promise<PayoutMethod | null> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row ? payoutOf(row.kind, row.details) : null;
}

/**
 * Saves (or replaces) the seller's payout method; requests already made keep the one they were made
 * with. Under the shop's lock: a suspended shop changes nothing, where its money goes included.
 */
export async function savePayoutMethod(db: Db, userId: string, method: PayoutMethodBody) {
  const details = detailsOf(method);
  await db.transaction(async (tx) => {
    await lockSellerShop(tx, userId);
    await tx
      .insert(payoutMethods)
      .values({ userId, kind: method.kind, details })
      .onConflictDoUpdate({ target: payoutMethods.userId, set: { kind: method.kind, details, updatedAt: sql`now()` } });
  });
  return { message: PAYOUT_METHOD_SAVED, payoutMethod: payoutOf(method.kind, details) };
}

/**
 * POST /withdraw: holds `amount` of the seller's available money for the admin to pay. The wallet's
 * lock (the one wallet payments take) serialises a user's withdrawals and purchases, so requests made
 * at once cannot together exceed what is available. The request and its ledger entry
 * (`retiro:<id>`, −amount) are one transaction, which takes the shop first (lockSellerShop: a
 * suspended shop withdraws nothing, nor does one suspended while the request was on its way).
 */
export async function requestWithdrawal(
  db: Db,
  user: AuthUser,
  amount: number,
  settings: WithdrawalSettings,
  mail: MailContext,
) {
  return db.transaction(async (tx) => {
    const shop = await lockSellerShop(tx, user.id);
    await lockWallet(tx, user.id);
    if (shop?.status !== "aprobada") throw new HttpError(403, NO_APPROVED_SHOP);
    const [method] = await tx.select().from(payoutMethods).where(eq(payoutMethods.userId, user.id));
    if (!method) throw new HttpError(409, NO_PAYOUT_METHOD);
    if (amount < settings.minimumCents)
      throw new FieldsError(400, [{ field: "amount", message: belowMinimum(formatUsd(settings.minimumCents)) }]);
    const { availableAmount } = await balancesOf(tx, user.id, settings);
    if (amount > availableAmount)
      throw new FieldsError(400, [{ field: "amount", message: moreThanAvailable(formatUsd(availableAmount)) }]);

    const payout = payoutOf(method.kind, method.details);
    const [row] = await tx
      .insert(withdrawals)
      .values({ userId: user.id, shopId: shop.id, amount, payout: { kind: method.kind, details: method.details } })
      .returning();
    await tx.insert(walletEntries).values({
      userId: user.id,
      amount: -amount,
      reason: `Retiro solicitado a ${payoutSummary(payout)}`,
      reference: `retiro:${row!.id}`,
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: "retiro.solicitar",
      entity: "retiro",
      entityId: row!.id,
      before: null,
      after: { amount, status: "pendiente", shop: shop.name, payout: payoutSummary(payout) },
    });
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    await notify(
      tx,
      admins.map((admin) => ({
        userId: admin.id,
        type: "retiro" as const,
        message: withdrawalRequestedNotice(shop.name, amount),
      })),
    );
    for (const admin of admins)
      await queueEventMail(
        tx,
        mail,
        withdrawalToPayMail(
          { shopName: shop.name, amount, payout: payoutSummary(payout) },
          await mailRecipient(tx, admin.id),
          mail.publicWebUrl,
        ),
      );
    return { message: WITHDRAWAL_REQUESTED, withdrawal: withdrawalOf(row!) };
  });
}

/** GET /withdrawals/{userId}: the user's requests, newest first, archived ones only when asked for. */
export async function listWithdrawals(db: Db, userId: string, query: WithdrawalsQuery): Promise<WithdrawalsAnswer> {
  const conditions: SQL[] = [
    eq(withdrawals.userId, userId),
    query.archived ? isNotNull(withdrawals.archivedAt) : isNull(withdrawals.archivedAt),
  ];
  if (query.status) conditions.push(eq(withdrawals.status, query.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ value: count() }).from(withdrawals).where(where),
  ]);
  return {
    withdrawals: rows.map(withdrawalOf),
    totalWithdrawal: Number(total?.value ?? 0),
    page: query.page,
    parPage: query.parPage,
  };
}

/** PUT /withdrawals/archive/{id}: only its owner, once it is paid or rejected, and not while the shop is suspended. */
export async function archiveWithdrawal(db: Db, user: AuthUser, id: string) {
  return db.transaction(async (tx) => {
    await lockSellerShop(tx, user.id);
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
    if (!row || row.userId !== user.id) throw new HttpError(404, WITHDRAWAL_NOT_FOUND);
    if (row.status === "pendiente") throw new HttpError(409, WITHDRAWAL_NOT_FINISHED);
    if (row.archivedAt) throw new HttpError(409, WITHDRAWAL_ALREADY_ARCHIVED);
    const [archived] = await tx
      .update(withdrawals)
      .set({ archivedAt: sql`now()` })
      .where(eq(withdrawals.id, id))
      .returning();
    return { message: WITHDRAWAL_ARCHIVED, withdrawal: withdrawalOf(archived!) };
  });
}

type Decision = { kind: "confirmar"; reference: string | null } | { kind: "rechazar"; reason: string };

/**
 * An admin pays (confirms) or rejects a pending request. The row lock makes one decision win: a
 * second one, at once or later, finds it decided (409). A confirmation writes no ledger entry (the
 * request already took the money out); a rejection gives it back (`retiro-rechazado:<id>`).
 */
export async function decideWithdrawal(db: Db, admin: AuthUser, id: string, decision: Decision, mail: MailContext) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
    if (!row) throw new HttpError(404, WITHDRAWAL_NOT_FOUND);
    if (row.status !== "pendiente") throw new HttpError(409, WITHDRAWAL_ALREADY_DECIDED);
    const confirming = decision.kind === "confirmar";
    const [decided] = await tx
      .update(withdrawals)
      .set({
        status: confirming ? "confirmado" : "rechazado",
        ...(confirming ? { reference: decision.reference } : { reason: decision.reason }),
        decidedBy: admin.id,
        decidedAt: sql`now()`,
      })
      .where(eq(withdrawals.id, id))
      .returning();
    if (!confirming) {
      await tx.insert(walletEntries).values({
        userId: row.userId,
        amount: row.amount,
        reason: `Retiro rechazado: se devuelve el importe. Motivo: ${decision.reason}`,
        reference: `retiro-rechazado:${row.id}`,
      });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: confirming ? "retiro.confirmar" : "retiro.rechazar",
      entity: "retiro",
      entityId: row.id,
      before: { status: "pendiente", amount: row.amount },
      after: confirming ? { status: "confirmado", reference: decision.reference } : { status: "rechazado" },
      // A confirmation without a reference (SPEC.md section 7 sends none) says so in the log.
      reason: confirming ? (decision.reference === null ? CONFIRMED_WITHOUT_REFERENCE : null) : decision.reason,
    });
    await notify(tx, [
      {
        userId: row.userId,
        type: "retiro",
        message: withdrawalDecidedNotice(
          row.amount,
          confirming
            ? { confirmed: true, reference: decision.reference }
            : { confirmed: false, reason: decision.reason },
        ),
      },
    ]);
    await queueEventMail(
      tx,
      mail,
      withdrawalDecidedMail(
        confirming
          ? { amount: row.amount, paid: true, reference: decision.reference }
          : { amount: row.amount, paid: false, reason: decision.reason },
        await mailRecipient(tx, row.userId),
        mail.publicWebUrl,
      ),
    );
    return { message: confirming ? WITHDRAWAL_CONFIRMED : WITHDRAWAL_REJECTED, withdrawal: withdrawalOf(decided!) };
  });
}

/** GET /admin/withdrawals: the requests in one status, oldest first while pending (the queue), newest first otherwise. */
export async function listAdminWithdrawals(db: Db, query: AdminWithdrawalsQuery): Promise<AdminWithdrawalsAnswer> {
  const where = eq(withdrawals.status, query.status);
  const order =
    query.status === "pendiente"
      ? [withdrawals.createdAt, withdrawals.id]
      : [desc(withdrawals.decidedAt), desc(withdrawals.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, shopName: shops.name, sellerName: users.name, sellerEmail: users.email })
      .from(withdrawals)
      .innerJoin(shops, eq(shops.id, withdrawals.shopId))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ value: count() }).from(withdrawals).where(where),
  ]);
  return {
    withdrawals: rows.map((row) => ({
      ...withdrawalOf(row.withdrawal),
      shop: { _id: row.withdrawal.shopId, name: row.shopName },
      seller: { _id: row.withdrawal.userId, name: row.sellerName, email: row.sellerEmail },
    })),
    totalWithdrawal: Number(total?.value ?? 0),
    page: query.page,
    parPage: query.parPage,
  };
}

/**
 * The ledger rows about the seller's shop in one calendar month of the store's time zone, oldest
 * first: its sales and their cancellations (with the order, the part's total and commission, and
 * when a sale becomes withdrawable) and its withdrawals and their returns.
 */
export async function ledgerOf(
  db: Db,
  userId: string,
  month: string,
  settings: WithdrawalSettings,
): Promise<LedgerAnswer> {
  const shop = await shopOf(db, userId);
  if (!shop) return { month, rows: [] };
  const start = sql`(${`${month}-01`}::timestamp at time zone ${STORE_TIME_ZONE})`;
  const end = sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${STORE_TIME_ZONE})`;
  const result = await db.execute<{
    id: string;
    kind: LedgerKind;
    amount: number;
    reason: string;
    created_at: string | Date;
    order_id: string | null;
    sale_total: number | null;
    commission: number | null;
    withdrawal_id: string | null;
    available_at: string | Date | null;
    available: boolean;
  }>(sql`
    select we.id, split_part(we.reference, ':', 1) as kind, we.amount, we.reason, we.created_at,
           so.order_id, so.total as sale_total, so.commission, null::uuid as withdrawal_id,
           case when split_part(we.reference, ':', 1) = 'venta' and so.delivery_status <> 'cancelado'
                then ${saleAvailableAt(settings)} end as available_at,
           case when split_part(we.reference, ':', 1) = 'venta' then so.delivery_status <> 'cancelado' and ${saleAvailable(settings)} else true end as available
    from ${saleEntriesOf(userId, shop.id)} and we.created_at >= ${start} and we.created_at < ${end}
    union all
    select we.id, split_part(we.reference, ':', 1), we.amount, we.reason, we.created_at,
           null, null, null, w.id, null, true
    from wallet_entries we
    join withdrawals w on w.id::text = split_part(we.reference, ':', 2)
    where we.user_id = ${userId} and w.shop_id = ${shop.id}
      and split_part(we.reference, ':', 1) in ('retiro', 'retiro-rechazado')
      and we.created_at >= ${start} and we.created_at < ${end}
    order by created_at, id`);
  const iso = (value: string | Date) => new Date(value).toISOString();
  return {
    month,
    rows: result.rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      amount: Number(row.amount),
      reason: row.reason,
      createdAt: iso(row.created_at),
      orderId: row.order_id,
      orderNumber: row.order_id ? orderNumber(row.order_id) : null,
      saleTotal: row.sale_total === null ? null : Number(row.sale_total),
      commission: row.commission === null ? null : Number(row.commission),
      withdrawalId: row.withdrawal_id,
      availableAt: row.available_at === null ? null : iso(row.available_at),
      available: row.available,
    })),
  };
}
