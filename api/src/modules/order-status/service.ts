import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  orderNumber,
  type PaymentStatus,
} from "#contract/order-labels";
import {
  DELIVERED_ONLY_AFTER_SHIPPED,
  RECEIPT_ALREADY_CONFIRMED,
  RECEIPT_CANCELLED,
  RECEIPT_CONFIRMED,
  RECEIPT_NOT_SHIPPED,
  SALE_MONEY_AVAILABLE,
  type OrderStatusBody,
  type StatusChange,
} from "#contract/orders";
import { RETURN_BLOCKS_CANCELLATION } from "#contract/returns";
import { saleAlreadySpent } from "#contract/wallet";
import type { WithdrawalSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import { offers, orderReturns, orders, shopOrders, shops, walletEntries } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { orderCouponDiscount, releaseCouponUses } from "../coupons/service.js";
import { notify } from "../notifications/service.js";
import { recordAudit } from "../audit/service.js";
import { expireUnpaidOrders } from "../orders/expiry.js";
import { ORDER_NOT_FOUND } from "../orders/service.js";
import { lockSellerShop } from "../shops/seller-writes.js";
import { setStockContext } from "../stock/service.js";
import { lockWallets, walletBalance } from "../wallet/ledger.js";
import { saleAvailable, saleAvailableAt } from "../withdrawals/availability.js";
import {
  orderStatusNotice,
  receiptConfirmedNotice,
  saleCancelledByAdminNotice,
  shopPartStatusNotice,
} from "#contract/notification-texts";
import { longDate } from "#contract/store-time";
import { queueStatusMails } from "../mail/order-mails.js";
import type { MailContext } from "../mail/render.js";

export const STATUS_UPDATED = "Estado del pedido actualizado.";

/** The way forward; 'cancelado' is off it. */
const STEPS: DeliveryStatus[] = ["pendiente", "procesando", "enviado", "entregado"];
const CANCELLABLE: DeliveryStatus[] = ["pendiente", "procesando"];

export const NOT_PAID_YET = "El pedido aún no está pagado: no se puede preparar ni enviar.";

/** Who moves a part: the seller of its shop, or an admin (who may also cancel it once shipped). */
export type Mover = "seller" | "admin";

/** What the rules read of a part. */
export interface PartState {
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  /** Its sale's money is available to the seller (withdrawals/availability.ts). */
  moneyAvailable: boolean;
  /** It has a return not refused (issue 35): it is no longer cancelled whole, its lines are returned. */
  hasReturns?: boolean;
}

/**
 * Why a sub-order may not move to `to`, or null when it may (DESIGN.md section 3, issue 31): only
 * forward along pendiente → procesando → enviado → entregado (a step may be skipped, but
 * 'entregado' comes only after 'enviado'), and nothing past 'pendiente' before it is paid. Anyone
 * cancels it before it is sent; once sent, only an admin, and only until its sale's money is
 * available to the seller. A cancelled paid part is refunded.
 */
export function transitionRefusal(part: PartState, to: DeliveryStatus, mover: Mover): string | null {
  const from = part.deliveryStatus;
  if (from === to) return `El pedido ya está «${DELIVERY_STATUS_LABELS[to]}».`;
  if (from === "cancelado") return "El pedido está cancelado: su estado ya no cambia.";
  if (to === "cancelado") {
    if (part.hasReturns) return RETURN_BLOCKS_CANCELLATION;
    if (CANCELLABLE.includes(from)) return null;
    if (mover === "seller") return "Un pedido enviado ya no se puede cancelar.";
    return part.moneyAvailable ? SALE_MONEY_AVAILABLE : null;
  }
  if (from === "entregado") return "El pedido ya fue entregado: su estado ya no cambia.";
  if (STEPS.indexOf(to) < STEPS.indexOf(from)) return `El pedido no puede volver a «${DELIVERY_STATUS_LABELS[to]}».`;
  if (part.paymentStatus !== "pagado") return NOT_PAID_YET;
  if (to === "entregado" && from !== "enviado") return DELIVERED_ONLY_AFTER_SHIPPED;
  return null;
}

/** The statuses a part may move to now, by the rules above: what the seller's and the admin's screens offer. */
export function nextStatuses(part: PartState, mover: Mover): DeliveryStatus[] {
  return DELIVERY_STATUSES.filter((to) => transitionRefusal(part, to, mover) === null);
}

export const moverOf = (actor: AuthUser): Mover => (actor.role === "admin" ? "admin" : "seller");

/**
 * The customer's order shows the least advanced of its sub-orders; cancelled ones count only when
 * every sub-order is cancelled.
 */
export function orderStatusOf(subOrderStatuses: DeliveryStatus[]): DeliveryStatus {
  const active = subOrderStatuses.filter((status) => status !== "cancelado");
  if (active.length === 0) return "cancelado";
  return active.reduce((least, status) => (STEPS.indexOf(status) < STEPS.indexOf(least) ? status : least));
}

interface LockedSubOrder extends PartState {
  id: string;
  shopName: string;
  ownerId: string;
  subtotal: number;
  couponCode: string | null;
  discount: number;
  shippingFee: number;
  total: number;
  commission: number;
  trackingNumber: string | null;
}

/** Locks the order (as payment and expiry do) so no payment, expiry or other change acts on it meanwhile. */
async function lockOrder(tx: Transaction, orderId: string) {
  const [order] = await tx
    .select({ id: orders.id, userId: orders.userId, deliveryStatus: orders.deliveryStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
  return order;
}

/** The order's parts, read after its lock; `moneyAvailable` as of this statement. */
function subOrdersOf(tx: Transaction, orderId: string, settings: WithdrawalSettings): Promise<LockedSubOrder[]> {
  return tx
    .select({
      id: shopOrders.id,
      shopName: shops.name,
      ownerId: shops.ownerId,
      deliveryStatus: shopOrders.deliveryStatus,
      paymentStatus: shopOrders.paymentStatus,
      subtotal: shopOrders.subtotal,
      couponCode: shopOrders.couponCode,
      discount: shopOrders.discount,
      shippingFee: shopOrders.shippingFee,
      total: shopOrders.total,
      commission: shopOrders.commission,
      trackingNumber: shopOrders.trackingNumber,
      moneyAvailable: sql<boolean>`${saleAvailable(settings, shopOrders)}`,
      hasReturns: sql<boolean>`exists (select 1 from ${orderReturns} r where r.shop_order_id = shop_orders.id and r.status <> 'rechazada')`,
    })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(eq(shopOrders.orderId, orderId))
    .orderBy(asc(shops.name), asc(shopOrders.id));
}

/**
 * Cancels sub-orders: the stock of those not yet sent goes back, their pending offers are closed,
 * and the order no longer charges their products and shipping (its coupon applies to what is
 * left). When the whole order ends up cancelled, its coupon use is released too. A part already
 * sent (an admin's cancellation) gives no stock back: the goods are with the carrier or the
 * customer, and the seller counts them in again if they come back (decision 0035).
 *
 * Paid ones are refunded: the customer's wallet gets back what the order costs less now (so a
 * coupon stays fair to what is left), each seller's sale credit is reversed, and their payment
 * becomes 'reembolsado'. Answers the refund in cents (0 when nothing was paid).
 */
async function cancelSubOrders(
  tx: Transaction,
  orderId: string,
  cancelling: LockedSubOrder[],
  actor: AuthUser,
  settings: WithdrawalSettings,
): Promise<number> {
  const paid = cancelling.filter((subOrder) => subOrder.paymentStatus === "pagado");
  if (paid.length > 0) await lockWalletsForRefund(tx, orderId, paid, settings);
  const subOrderIds = cancelling.map((subOrder) => subOrder.id);
  const unsent = cancelling.filter((subOrder) => CANCELLABLE.includes(subOrder.deliveryStatus));
  if (unsent.length > 0) {
    const ids = sql`array[${sql.join(
      unsent.map((subOrder) => sql`${subOrder.id}::uuid`),
      sql`, `,
    )}]`;
    // The stock comes back as a return by whoever cancelled (README "Stock API").
    await setStockContext(tx, "devolucion", actor.id);
    await tx.execute(sql`select give_back_stock(${ids})`);
  }
  const [order] = await tx
    .select({
      userId: orders.userId,
      subtotal: orders.subtotal,
      shopDiscount: orders.shopDiscount,
      shippingFee: orders.shippingFee,
      total: orders.total,
      couponCode: orders.couponCode,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const subtotal = order!.subtotal - cancelling.reduce((sum, subOrder) => sum + subOrder.subtotal, 0);
  // A cancelled part takes its shop coupon's discount with it, and gives that coupon's use back (issue 34).
  const shopDiscount = order!.shopDiscount - cancelling.reduce((sum, subOrder) => sum + subOrder.discount, 0);
  const shippingFee = order!.shippingFee - cancelling.reduce((sum, subOrder) => sum + subOrder.shippingFee, 0);
  const discount = await orderCouponDiscount(tx, order!.couponCode, subtotal - shopDiscount);
  const total = Math.max(subtotal - shopDiscount - discount, 0) + shippingFee;
  await tx.update(orders).set({ subtotal, shopDiscount, shippingFee, discount, total }).where(eq(orders.id, orderId));
  await releaseCouponUses(
    tx,
    orderId,
    cancelling.flatMap((subOrder) => (subOrder.couponCode ? [subOrder.couponCode] : [])),
  );
  await tx
    .update(offers)
    .set({ status: "cerrada", answeredAt: new Date() })
    .where(and(inArray(offers.shopOrderId, subOrderIds), eq(offers.status, "pendiente")));

  const refund = paid.length > 0 ? order!.total - total : 0;
  if (paid.length > 0) await refundPaidSubOrders(tx, orderId, order!.userId, paid, refund);
  await tx.update(shopOrders).set({ deliveryStatus: "cancelado" }).where(inArray(shopOrders.id, subOrderIds));
  const remaining = await tx
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(eq(shopOrders.orderId, orderId), sql`${shopOrders.deliveryStatus} <> 'cancelado'`));
  if (remaining.length === 0) {
    await tx.execute(sql`select release_coupon_uses(array[${orderId}::uuid])`);
    if (paid.length > 0) await tx.update(orders).set({ paymentStatus: "reembolsado" }).where(eq(orders.id, orderId));
  }
  return refund;
}

/**
 * Before paid sub-orders are cancelled: locks the wallets the refund writes (the customer's and each
 * seller's, in the one order every money transaction locks them in) and refuses (409) when a
 * sale's money became available meanwhile, or when a seller's wallet no longer holds the sale it
 * would give back: no wallet goes below zero, and a sale not yet available cannot be spent
 * (decision 0033), so only money spent before that rule can be missing.
 */
async function lockWalletsForRefund(
  tx: Transaction,
  orderId: string,
  paid: LockedSubOrder[],
  settings: WithdrawalSettings,
): Promise<void> {
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  await lockWallets(tx, [order!.userId, ...paid.map((sale) => sale.ownerId)]);
  // Judged again under the wallets' locks, which a withdrawal takes too: money a withdrawal counted as
  // available is never taken back, even when its time came while this waited.
  const available = await tx
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(
      and(
        inArray(
          shopOrders.id,
          paid.map((sale) => sale.id),
        ),
        saleAvailable(settings, shopOrders),
      ),
    );
  if (available.length > 0) {
    const sale = paid.find((candidate) => candidate.id === available[0]!.id)!;
    throw new HttpError(409, paid.length > 1 ? `${sale.shopName}: ${SALE_MONEY_AVAILABLE}` : SALE_MONEY_AVAILABLE);
  }
  for (const sale of paid) {
    const reversal = sale.total - sale.commission;
    if (reversal <= 0) continue;
    const balance = await walletBalance(tx, sale.ownerId);
    if (balance < reversal) throw new HttpError(409, saleAlreadySpent(sale.shopName, reversal, balance));
  }
}

/**
 * The money side of cancelling paid sub-orders, in the cancelling transaction: the customer's
 * refund and the reversal of each seller's credit (the one confirmPayment wrote, reference
 * `venta:<id>`). The references make each entry happen once.
 */
async function refundPaidSubOrders(
  tx: Transaction,
  orderId: string,
  customerId: string,
  paid: LockedSubOrder[],
  refund: number,
): Promise<void> {
  const number = orderNumber(orderId);
  const shopNames = paid.map((subOrder) => subOrder.shopName).join(", ");
  const paidIds = paid.map((subOrder) => subOrder.id);
  const entries = [
    ...(refund > 0
      ? [
          {
            userId: customerId,
            amount: refund,
            reason: `Reembolso del pedido #${number} (${shopNames})`,
            reference: `reembolso:${paidIds[0]}`,
          },
        ]
      : []),
    ...paid
      .filter((sale) => sale.total > sale.commission)
      .map((sale) => ({
        userId: sale.ownerId,
        amount: -(sale.total - sale.commission),
        reason: `Pedido #${number} en ${sale.shopName} cancelado: se descuenta la venta`,
        reference: `anulacion:${sale.id}`,
      })),
  ];
  if (entries.length > 0) await tx.insert(walletEntries).values(entries);
  await tx.update(shopOrders).set({ paymentStatus: "reembolsado" }).where(inArray(shopOrders.id, paidIds));
}

/** Moves the given sub-orders (already checked) and keeps the order's own status in step; answers it. */
async function applyStatus(
  tx: Transaction,
  orderId: string,
  moving: LockedSubOrder[],
  { status, trackingNumber }: OrderStatusBody,
  actor: AuthUser,
  settings: WithdrawalSettings,
): Promise<{ orderStatus: DeliveryStatus; refund: number }> {
  let refund = 0;
  if (status === "cancelado") refund = await cancelSubOrders(tx, orderId, moving, actor, settings);
  else
    await tx
      .update(shopOrders)
      .set({
        deliveryStatus: status,
        // The shipping date starts the longest wait before its sale is available (availability.ts);
        // the seller's 'entregado' starts none, only the customer's confirmation does.
        ...(status === "enviado" ? { shippedAt: sql`coalesce(${shopOrders.shippedAt}, now())` } : {}),
        ...(status === "entregado" ? { deliveredAt: sql`now()` } : {}),
        ...(trackingNumber !== undefined ? { trackingNumber } : {}),
      })
      .where(
        inArray(
          shopOrders.id,
          moving.map((subOrder) => subOrder.id),
        ),
      );
  const statuses = await tx
    .select({ status: shopOrders.deliveryStatus })
    .from(shopOrders)
    .where(eq(shopOrders.orderId, orderId));
  const orderStatus = orderStatusOf(statuses.map((row) => row.status));
  await tx.update(orders).set({ deliveryStatus: orderStatus }).where(eq(orders.id, orderId));
  return { orderStatus, refund };
}

/**
 * The audit log's entry for a status change (issue 12): the order, who moved which shop's part from
 * where to where, and the refund a cancellation gave; written in the change's transaction.
 */
async function auditStatusChange(
  tx: Transaction,
  orderId: string,
  moved: LockedSubOrder[],
  { status, trackingNumber }: OrderStatusBody,
  refund: number,
  actor: AuthUser,
) {
  const trackedBefore = moved.filter((subOrder) => subOrder.trackingNumber !== null);
  await recordAudit(tx, {
    actorId: actor.id,
    action: status === "cancelado" ? "pedido.cancelar" : "pedido.estado",
    entity: "pedido",
    entityId: orderId,
    before: {
      deliveryStatus: moved.map((subOrder) => `${subOrder.shopName}: ${subOrder.deliveryStatus}`).join(", "),
      ...(trackingNumber !== undefined && trackedBefore.length > 0
        ? {
            trackingNumber: trackedBefore
              .map((subOrder) => `${subOrder.shopName}: ${subOrder.trackingNumber}`)
              .join(", "),
          }
        : {}),
    },
    after: {
      deliveryStatus: moved.map((subOrder) => `${subOrder.shopName}: ${status}`).join(", "),
      ...(trackingNumber !== undefined ? { trackingNumber } : {}),
      ...(refund > 0 ? { refund } : {}),
    },
  });
}

/**
 * A seller whose paid sale someone else (an admin) cancelled hears of it, since it comes off their
 * wallet; a seller who cancels their own needs no notice.
 */
function sellerToldOfCancellation(orderId: string, status: DeliveryStatus, moved: LockedSubOrder[], actor: AuthUser) {
  if (status !== "cancelado") return [];
  return moved
    .filter((subOrder) => subOrder.paymentStatus === "pagado" && subOrder.ownerId !== actor.id)
    .map((subOrder) => ({
      userId: subOrder.ownerId,
      type: "pedido" as const,
      orderId,
      message: saleCancelledByAdminNotice(orderNumber(orderId), subOrder.shopName),
    }));
}

/** The order one shop's part belongs to, locked; 404 for a part that does not exist. */
export async function lockOrderOfPart(tx: Transaction, subOrderId: string) {
  const [owner] = await tx
    .select({ orderId: shopOrders.orderId })
    .from(shopOrders)
    .where(eq(shopOrders.id, subOrderId));
  if (!owner) throw new HttpError(404, ORDER_NOT_FOUND);
  return lockOrder(tx, owner.orderId);
}

/**
 * A seller moves one sub-order of their own shop (an admin any); the customer is told in the same
 * transaction. Someone else's sub-order is "not found". A seller's shop is locked first (before the
 * order, as every seller write does): a suspended one changes nothing (issue 31).
 */
export async function updateSubOrderStatus(
  db: Db,
  subOrderId: string,
  change: OrderStatusBody,
  actor: AuthUser,
  settings: WithdrawalSettings,
  mail: MailContext,
): Promise<StatusChange> {
  const { status } = change;
  await expireUnpaidOrders(db, mail);
  return db.transaction(async (tx) => {
    if (actor.role !== "admin") await lockSellerShop(tx, actor.id);
    const order = await lockOrderOfPart(tx, subOrderId);
    const subOrder = (await subOrdersOf(tx, order.id, settings)).find((candidate) => candidate.id === subOrderId);
    if (!subOrder || (actor.role !== "admin" && subOrder.ownerId !== actor.id))
      throw new HttpError(404, ORDER_NOT_FOUND);
    const refusal = transitionRefusal(subOrder, status, moverOf(actor));
    if (refusal) throw new HttpError(409, refusal);

    const { orderStatus, refund } = await applyStatus(tx, order.id, [subOrder], change, actor, settings);
    await auditStatusChange(tx, order.id, [subOrder], change, refund, actor);
    await notify(tx, [
      {
        userId: order.userId,
        type: "pedido",
        orderId: order.id,
        message: shopPartStatusNotice(
          orderNumber(order.id),
          subOrder.shopName,
          DELIVERY_STATUS_LABELS[status],
          change.trackingNumber,
          refund,
        ),
      },
      ...sellerToldOfCancellation(order.id, status, [subOrder], actor),
    ]);
    const by = actor.role === "admin" ? "admin" : "vendedor";
    await queueStatusMails(tx, order.id, { status, partIds: [subOrder.id], refund, by }, mail);
    return { message: STATUS_UPDATED, orderStatus, suborders: [{ _id: subOrder.id, delivery_status: status }] };
  });
}

/**
 * An admin moves a whole order: every sub-order not cancelled and not already past `status`
 * moves to it, and each must be allowed to. The customer is told once, in the same transaction.
 */
export async function updateOrderStatus(
  db: Db,
  orderId: string,
  change: OrderStatusBody,
  actor: AuthUser,
  settings: WithdrawalSettings,
  mail: MailContext,
): Promise<StatusChange> {
  const { status } = change;
  await expireUnpaidOrders(db, mail);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const subOrders = await subOrdersOf(tx, order.id, settings);
    const moving = subOrders.filter(
      (subOrder) =>
        subOrder.deliveryStatus !== "cancelado" &&
        (status === "cancelado" || STEPS.indexOf(subOrder.deliveryStatus) < STEPS.indexOf(status)),
    );
    if (moving.length === 0) {
      throw new HttpError(
        409,
        transitionRefusal(
          { deliveryStatus: order.deliveryStatus, paymentStatus: "sin_pagar", moneyAvailable: false },
          status,
          "admin",
        ) ?? `El pedido ya está «${DELIVERY_STATUS_LABELS[status]}».`,
      );
    }
    for (const subOrder of moving) {
      const refusal = transitionRefusal(subOrder, status, "admin");
      if (refusal) throw new HttpError(409, subOrders.length > 1 ? `${subOrder.shopName}: ${refusal}` : refusal);
    }

    const { orderStatus, refund } = await applyStatus(tx, order.id, moving, change, actor, settings);
    await auditStatusChange(tx, order.id, moving, change, refund, actor);
    await notify(tx, [
      {
        userId: order.userId,
        type: "pedido",
        orderId: order.id,
        message: orderStatusNotice(
          orderNumber(order.id),
          DELIVERY_STATUS_LABELS[orderStatus],
          change.trackingNumber,
          refund,
        ),
      },
      ...sellerToldOfCancellation(order.id, status, moving, actor),
    ]);
    const partIds = moving.map((subOrder) => subOrder.id);
    await queueStatusMails(tx, order.id, { status, partIds, refund, by: "admin" }, mail);
    return {
      message: STATUS_UPDATED,
      orderStatus,
      suborders: moving.map((subOrder) => ({ _id: subOrder.id, delivery_status: status })),
    };
  });
}

/**
 * The customer's «Lo he recibido» on one shop's part of their own order (issue 31): a part sent
 * ('enviado'), or marked 'entregado' by its seller, becomes 'entregado' with the moment of the
 * confirmation, from which its sale's money is available sooner (withdrawals/availability.ts). Once
 * only; someone else's part is "not found". The order's lock serialises it with the seller's and
 * the admin's changes: an admin's cancellation either comes first (then this is refused) or sees
 * the confirmation. The seller is told when the money will be available.
 */
export async function confirmReceipt(
  db: Db,
  subOrderId: string,
  customer: AuthUser,
  settings: WithdrawalSettings,
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const order = await lockOrderOfPart(tx, subOrderId);
    if (order.userId !== customer.id) throw new HttpError(404, ORDER_NOT_FOUND);
    const [part] = await tx
      .select({
        deliveryStatus: shopOrders.deliveryStatus,
        receivedAt: shopOrders.receivedAt,
        shopName: shops.name,
        ownerId: shops.ownerId,
      })
      .from(shopOrders)
      .innerJoin(shops, eq(shops.id, shopOrders.shopId))
      .where(eq(shopOrders.id, subOrderId));
    if (part!.receivedAt) throw new HttpError(409, RECEIPT_ALREADY_CONFIRMED);
    if (part!.deliveryStatus === "cancelado") throw new HttpError(409, RECEIPT_CANCELLED);
    if (part!.deliveryStatus !== "enviado" && part!.deliveryStatus !== "entregado")
      throw new HttpError(409, RECEIPT_NOT_SHIPPED);

    const [received] = await tx
      .update(shopOrders)
      .set({
        deliveryStatus: "entregado",
        deliveredAt: sql`coalesce(${shopOrders.deliveredAt}, now())`,
        receivedAt: sql`now()`,
      })
      .where(eq(shopOrders.id, subOrderId))
      .returning({ availableAt: sql<string | Date>`${saleAvailableAt(settings, shopOrders)}` });
    const statuses = await tx
      .select({ status: shopOrders.deliveryStatus })
      .from(shopOrders)
      .where(eq(shopOrders.orderId, order.id));
    const orderStatus = orderStatusOf(statuses.map((row) => row.status));
    await tx.update(orders).set({ deliveryStatus: orderStatus }).where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actorId: customer.id,
      action: "pedido.recibido",
      entity: "pedido",
      entityId: order.id,
      before: { deliveryStatus: `${part!.shopName}: ${part!.deliveryStatus}` },
      after: { deliveryStatus: `${part!.shopName}: entregado`, receivedAt: "confirmado por el cliente" },
    });
    await notify(tx, [
      {
        userId: part!.ownerId,
        type: "pedido",
        orderId: order.id,
        message: receiptConfirmedNotice(
          orderNumber(order.id),
          part!.shopName,
          longDate(new Date(received!.availableAt).toISOString()),
        ),
      },
    ]);
    return { message: RECEIPT_CONFIRMED, orderStatus, suborders: [{ _id: subOrderId, delivery_status: "entregado" }] };
  });
}
