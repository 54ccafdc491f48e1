import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { DELIVERY_STATUS_LABELS, type DeliveryStatus, orderNumber, type PaymentStatus } from "#contract/order-labels";
import type { OrderStatusBody, StatusChange } from "#contract/orders";
import { saleAlreadySpent } from "#contract/wallet";
import type { Db, Transaction } from "../../db/client.js";
import { offers, orders, shopOrders, shops, walletEntries } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { orderCouponDiscount } from "../coupons/service.js";
import { notify } from "../notifications/service.js";
import { recordAudit } from "../audit/service.js";
import { expireUnpaidOrders } from "../orders/expiry.js";
import { ORDER_NOT_FOUND } from "../orders/service.js";
import { lockSellerShop } from "../shops/seller-writes.js";
import { setStockContext } from "../stock/service.js";
import { lockWallets, walletBalance } from "../wallet/ledger.js";
import { orderStatusNotice, saleCancelledByAdminNotice, shopPartStatusNotice } from "#contract/notification-texts";

export const STATUS_UPDATED = "Estado del pedido actualizado.";

/** The way forward; 'cancelado' is off it. */
const STEPS: DeliveryStatus[] = ["pendiente", "procesando", "enviado", "entregado"];
const CANCELLABLE: DeliveryStatus[] = ["pendiente", "procesando"];

export const NOT_PAID_YET = "El pedido aún no está pagado: no se puede preparar ni enviar.";

/**
 * Why a sub-order may not move from `from` to `to`, or null when it may (DESIGN.md section 3):
 * only forward along pendiente → procesando → enviado → entregado, and cancelled only before it is
 * sent (a paid one is refunded). Nothing moves past 'pendiente' before it is paid.
 */
export function transitionRefusal(from: DeliveryStatus, to: DeliveryStatus, payment: PaymentStatus): string | null {
  if (from === to) return `El pedido ya está «${DELIVERY_STATUS_LABELS[to]}».`;
  if (from === "cancelado") return "El pedido está cancelado: su estado ya no cambia.";
  if (from === "entregado") return "El pedido ya fue entregado: su estado ya no cambia.";
  if (to === "cancelado") return CANCELLABLE.includes(from) ? null : "Un pedido enviado ya no se puede cancelar.";
  if (STEPS.indexOf(to) < STEPS.indexOf(from)) return `El pedido no puede volver a «${DELIVERY_STATUS_LABELS[to]}».`;
  return payment === "pagado" ? null : NOT_PAID_YET;
}

/**
 * The customer's order shows the least advanced of its sub-orders; cancelled ones count only when
 * every sub-order is cancelled.
 */
export function orderStatusOf(subOrderStatuses: DeliveryStatus[]): DeliveryStatus {
  const active = subOrderStatuses.filter((status) => status !== "cancelado");
  if (active.length === 0) return "cancelado";
  return active.reduce((least, status) => (STEPS.indexOf(status) < STEPS.indexOf(least) ? status : least));
}

interface LockedSubOrder {
  id: string;
  shopName: string;
  ownerId: string;
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  subtotal: number;
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

function subOrdersOf(tx: Transaction, orderId: string) {
  return tx
    .select({
      id: shopOrders.id,
      shopName: shops.name,
      ownerId: shops.ownerId,
      deliveryStatus: shopOrders.deliveryStatus,
      paymentStatus: shopOrders.paymentStatus,
      subtotal: shopOrders.subtotal,
      shippingFee: shopOrders.shippingFee,
      total: shopOrders.total,
      commission: shopOrders.commission,
      trackingNumber: shopOrders.trackingNumber,
    })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(eq(shopOrders.orderId, orderId))
    .orderBy(asc(shops.name), asc(shopOrders.id));
}

/**
 * Cancels sub-orders: their stock goes back, their pending offers are closed, and the order no
 * longer charges their products and shipping (its coupon applies to what is left). When the whole
 * order ends up cancelled, its coupon use is released too.
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
): Promise<number> {
  const paid = cancelling.filter((subOrder) => subOrder.paymentStatus === "pagado");
  if (paid.length > 0) await lockWalletsForRefund(tx, orderId, paid);
  const subOrderIds = cancelling.map((subOrder) => subOrder.id);
  const ids = sql`array[${sql.join(
    subOrderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  // The stock comes back as a return by whoever cancelled (README "Stock API").
  await setStockContext(tx, "devolucion", actor.id);
  await tx.execute(sql`select give_back_stock(${ids})`);
  const [order] = await tx
    .select({
      userId: orders.userId,
      subtotal: orders.subtotal,
      shippingFee: orders.shippingFee,
      total: orders.total,
      couponCode: orders.couponCode,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const subtotal = order!.subtotal - cancelling.reduce((sum, subOrder) => sum + subOrder.subtotal, 0);
  const shippingFee = order!.shippingFee - cancelling.reduce((sum, subOrder) => sum + subOrder.shippingFee, 0);
  const discount = await orderCouponDiscount(tx, order!.couponCode, subtotal);
  const total = Math.max(subtotal - discount, 0) + shippingFee;
  await tx.update(orders).set({ subtotal, shippingFee, discount, total }).where(eq(orders.id, orderId));
  await tx
    .update(offers)
    .set({ status: "rechazada", answeredAt: new Date() })
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
 * seller's wallet no longer holds the sale it would give back: no wallet goes below zero, and a
 * sale not yet available cannot be spent (decision 0033), so only money spent before that rule can
 * be missing.
 */
async function lockWalletsForRefund(tx: Transaction, orderId: string, paid: LockedSubOrder[]): Promise<void> {
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  await lockWallets(tx, [order!.userId, ...paid.map((sale) => sale.ownerId)]);
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
): Promise<{ orderStatus: DeliveryStatus; refund: number }> {
  let refund = 0;
  if (status === "cancelado") refund = await cancelSubOrders(tx, orderId, moving, actor);
  else
    await tx
      .update(shopOrders)
      .set({
        deliveryStatus: status,
        // A part may skip a step forward: delivered implies shipped. The delivery date starts the wait before its sale is withdrawable.
        ...(status === "enviado" || status === "entregado"
          ? { shippedAt: sql`coalesce(${shopOrders.shippedAt}, now())` }
          : {}),
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
): Promise<StatusChange> {
  const { status } = change;
  await expireUnpaidOrders(db);
  return db.transaction(async (tx) => {
    if (actor.role !== "admin") await lockSellerShop(tx, actor.id);
    const [owner] = await tx
      .select({ orderId: shopOrders.orderId })
      .from(shopOrders)
      .where(eq(shopOrders.id, subOrderId));
    if (!owner) throw new HttpError(404, ORDER_NOT_FOUND);
    const order = await lockOrder(tx, owner.orderId);
    const subOrder = (await subOrdersOf(tx, order.id)).find((candidate) => candidate.id === subOrderId);
    if (!subOrder || (actor.role !== "admin" && subOrder.ownerId !== actor.id))
      throw new HttpError(404, ORDER_NOT_FOUND);
    const refusal = transitionRefusal(subOrder.deliveryStatus, status, subOrder.paymentStatus);
    if (refusal) throw new HttpError(409, refusal);

    const { orderStatus, refund } = await applyStatus(tx, order.id, [subOrder], change, actor);
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
): Promise<StatusChange> {
  const { status } = change;
  await expireUnpaidOrders(db);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const subOrders = await subOrdersOf(tx, order.id);
    const moving = subOrders.filter(
      (subOrder) =>
        subOrder.deliveryStatus !== "cancelado" &&
        (status === "cancelado" || STEPS.indexOf(subOrder.deliveryStatus) < STEPS.indexOf(status)),
    );
    if (moving.length === 0) {
      throw new HttpError(
        409,
        transitionRefusal(order.deliveryStatus, status, "sin_pagar") ??
          `El pedido ya está «${DELIVERY_STATUS_LABELS[status]}».`,
      );
    }
    for (const subOrder of moving) {
      const refusal = transitionRefusal(subOrder.deliveryStatus, status, subOrder.paymentStatus);
      if (refusal) throw new HttpError(409, subOrders.length > 1 ? `${subOrder.shopName}: ${refusal}` : refusal);
    }

    const { orderStatus, refund } = await applyStatus(tx, order.id, moving, change, actor);
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
    return {
      message: STATUS_UPDATED,
      orderStatus,
      suborders: moving.map((subOrder) => ({ _id: subOrder.id, delivery_status: status })),
    };
  });
}
