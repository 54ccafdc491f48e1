import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { PaymentMethod } from "#contract/order-labels";
import { orderNumber } from "#contract/order-labels";
import { INVALID_CARD_NUMBER } from "#contract/payments";
import { INSUFFICIENT_BALANCE, pendingSalesCannotPay } from "#contract/wallet";
import type { WithdrawalSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import { offers, orderPayments, orders, shopOrders, shops, walletEntries } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import { notify } from "../notifications/service.js";
import { expireUnpaidOrders, orderInTime } from "../orders/expiry.js";
import { ORDER_NOT_FOUND } from "../orders/service.js";
import { lockWallets } from "../wallet/ledger.js";
import { walletFunds } from "../withdrawals/service.js";
import { PAYPAL_NOT_CONFIRMED, type PayPalClient } from "./paypal.js";
import { paidOrderNotice, paymentConfirmedNotice } from "#contract/notification-texts";
import { queueOrderPaidMails } from "../mail/order-mails.js";
import type { MailContext } from "../mail/render.js";

export const ORDER_EXPIRED = "El pedido ha caducado.";
export const ORDER_NOT_PAYABLE = "Este pedido ya no admite pagos.";
export const CARD_DECLINED = "Tarjeta rechazada. Usa otra tarjeta o paga con tu cartera.";
export const ALREADY_PAID = "Este pedido ya está pagado.";
export const NOTHING_TO_PAY = "Este pedido no tiene importe que pagar: confírmalo con tu cartera.";
export const PAYPAL_WRONG_ORDER = "El pago de PayPal no corresponde a este pedido.";
export const TEST_CARD_MODE_OFF = "El pago con tarjeta de prueba no está disponible: paga con PayPal o con tu cartera.";

/** The test-card mode's documented numbers: the first approves, the second is declined. */
export const TEST_CARD_APPROVED = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

interface PayableOrder {
  id: string;
  /** The customer, who is told of the payment. */
  userId: string;
  total: number;
  /** False once the order was paid: a repeated payment then only answers, never charges. */
  unpaid: boolean;
}

/**
 * Locks the customer's order until the transaction ends, so a payment and expiry (or two payments)
 * never act on it at once. Someone else's order is "not found"; an expired or cancelled one, or
 * one past its time that expiry has not reached yet, cannot be paid.
 */
async function lockOrderForPayment(tx: Transaction, orderId: string, userId: string): Promise<PayableOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      total: orders.total,
      paymentStatus: orders.paymentStatus,
      deliveryStatus: orders.deliveryStatus,
      expired: sql<boolean>`not ${orderInTime}`,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for("update");
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
  if (order.paymentStatus === "pagado") return { id: order.id, userId, total: order.total, unpaid: false };
  if (order.expired) throw new HttpError(409, ORDER_EXPIRED);
  if (order.paymentStatus !== "sin_pagar" || order.deliveryStatus === "cancelado")
    throw new HttpError(409, ORDER_NOT_PAYABLE);
  return { id: order.id, userId, total: order.total, unpaid: true };
}

/**
 * Marks a locked, unpaid order and its shop orders still open paid and credits each shop's owner
 * with the shop order's total minus its commission. The payment row (one per order) and the ledger
 * references (one per shop order) make a second confirmation impossible. Offers still pending on
 * the order are closed: its price is settled now.
 */
async function confirmPayment(
  tx: Transaction,
  order: PayableOrder,
  method: PaymentMethod,
  reference: string,
  mail: MailContext,
): Promise<void> {
  // The sellers' wallets it credits, in the one order every money transaction locks wallets in (a
  // wallet payment locked them with the customer's already).
  await lockWallets(tx, await sellersOf(tx, order.id));
  await tx.insert(orderPayments).values({ orderId: order.id, method, amount: order.total, reference });
  await tx
    .update(orders)
    .set({ paymentStatus: "pagado", paidAt: sql`now()` })
    .where(eq(orders.id, order.id));
  const paidShopOrders = await tx
    .update(shopOrders)
    .set({ paymentStatus: "pagado" })
    .from(shops)
    // A part cancelled before the payment is neither charged (the order total left it) nor credited.
    .where(
      and(
        eq(shopOrders.orderId, order.id),
        eq(shops.id, shopOrders.shopId),
        ne(shopOrders.deliveryStatus, "cancelado"),
      ),
    )
    .returning({
      id: shopOrders.id,
      total: shopOrders.total,
      commission: shopOrders.commission,
      ownerId: shops.ownerId,
      shopName: shops.name,
    });
  const credits = paidShopOrders
    .filter((shopOrder) => shopOrder.total > shopOrder.commission)
    .map((shopOrder) => ({
      userId: shopOrder.ownerId,
      amount: shopOrder.total - shopOrder.commission,
      reason: `Venta del pedido #${orderNumber(order.id)} en ${shopOrder.shopName}, menos comisión`,
      reference: `venta:${shopOrder.id}`,
    }));
  if (credits.length > 0) await tx.insert(walletEntries).values(credits);
  // A paid order's price can no longer change, so its pending offers are closed («Cerrada»: nobody rejected them), as
  // expiry (migration 0011) and cancellation close theirs; like them, without a notice of their own:
  // the customer and the sellers are told of the payment below.
  await tx
    .update(offers)
    .set({ status: "cerrada", answeredAt: sql`now()` })
    .where(
      and(
        eq(offers.status, "pendiente"),
        inArray(
          offers.shopOrderId,
          tx.select({ id: shopOrders.id }).from(shopOrders).where(eq(shopOrders.orderId, order.id)),
        ),
      ),
    );
  // The customer and every seller of the order hear of the payment once it is committed.
  const number = orderNumber(order.id);
  await notify(tx, [
    { userId: order.userId, type: "pago", orderId: order.id, message: paymentConfirmedNotice(number) },
    ...paidShopOrders.map((shopOrder) => ({
      userId: shopOrder.ownerId,
      type: "pago" as const,
      orderId: order.id,
      message: paidOrderNotice(number, shopOrder.shopName),
    })),
  ]);
  await queueOrderPaidMails(tx, order.id, mail);
}

/** The owners of the order's shops, whose wallets a payment credits. */
async function sellersOf(tx: Transaction, orderId: string): Promise<string[]> {
  const rows = await tx
    .select({ ownerId: shops.ownerId })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(eq(shopOrders.orderId, orderId));
  return rows.map((row) => row.ownerId);
}

/**
 * Pays the customer's order from their wallet when the available part of it covers it: a seller's
 * sales not yet available never pay (decision 0033). The debit (reference `pago:<orderId>`), the
 * order's confirmation and the sellers' credits are one transaction.
 */
export async function payWithWallet(
  db: Db,
  orderId: string,
  userId: string,
  settings: WithdrawalSettings,
  mail: MailContext,
): Promise<void> {
  await expireUnpaidOrders(db, mail);
  await db.transaction(async (tx) => {
    const order = await lockOrderForPayment(tx, orderId, userId);
    if (!order.unpaid) return;
    // The customer's wallet and the sellers' ones it will credit, in one order: two sellers paying
    // each other's orders at once never wait on each other.
    await lockWallets(tx, [userId, ...(await sellersOf(tx, order.id))]);
    const funds = await walletFunds(tx, userId, settings);
    if (funds.available < order.total) {
      throw new HttpError(
        400,
        funds.balance >= order.total
          ? pendingSalesCannotPay(funds.available, funds.pendingSales)
          : INSUFFICIENT_BALANCE,
      );
    }
    const reference = `pago:${order.id}`;
    // An order a coupon made free (with free shipping) costs nothing: there is no entry to write.
    if (order.total > 0) {
      await tx
        .insert(walletEntries)
        .values({ userId, amount: -order.total, reason: `Pago del pedido #${orderNumber(order.id)}`, reference });
    }
    await confirmPayment(tx, order, "cartera", reference, mail);
  });
}

/**
 * The labelled test-card mode that stands in for the provider when no PayPal credentials are set:
 * TEST_CARD_APPROVED pays, TEST_CARD_DECLINED is declined (the order stays unpaid), any other
 * number is refused. An order already paid answers as paid without looking at the card.
 */
export async function payWithTestCard(
  db: Db,
  orderId: string,
  userId: string,
  cardNumber: string,
  mail: MailContext,
): Promise<void> {
  await expireUnpaidOrders(db, mail);
  await db.transaction(async (tx) => {
    const order = await lockOrderForPayment(tx, orderId, userId);
    if (!order.unpaid) return;
    if (cardNumber === TEST_CARD_DECLINED) throw new HttpError(400, CARD_DECLINED);
    if (cardNumber !== TEST_CARD_APPROVED) throw new HttpError(400, INVALID_CARD_NUMBER);
    await confirmPayment(tx, order, "tarjeta_prueba", `tarjeta-prueba:${cardNumber.slice(-4)}`, mail);
  });
}

/**
 * Creates the PayPal order for the customer's unpaid order and answers PayPal's approval address;
 * PayPal sends the customer back to the web's /payment?orderId=… (with `cancelado=1` when they
 * cancel), whose capture call then confirms the payment.
 */
export async function startPayPalPayment(
  db: Db,
  paypal: PayPalClient,
  orderId: string,
  userId: string,
  publicWebUrl: string,
  mail: MailContext,
): Promise<string> {
  await expireUnpaidOrders(db, mail);
  const order = await db.transaction((tx) => lockOrderForPayment(tx, orderId, userId));
  if (!order.unpaid) throw new HttpError(409, ALREADY_PAID);
  if (order.total === 0) throw new HttpError(400, NOTHING_TO_PAY);
  const returnUrl = new URL("/payment", publicWebUrl);
  returnUrl.searchParams.set("orderId", order.id);
  const cancelUrl = new URL(returnUrl);
  cancelUrl.searchParams.set("cancelado", "1");
  return paypal.createOrder({
    id: order.id,
    total: order.total,
    description: `Pedido #${orderNumber(order.id)} de Mercado Pádel`,
    returnUrl: returnUrl.href,
    cancelUrl: cancelUrl.href,
  });
}

/**
 * Captures the approved PayPal order and confirms ours only once PayPal reports a COMPLETED capture
 * of this order's reference and exact amount. The order stays locked during the capture, so expiry
 * cannot cancel an order that is being paid; an order already paid answers without calling PayPal.
 */
export async function capturePayPalPayment(
  db: Db,
  paypal: PayPalClient,
  orderId: string,
  userId: string,
  paypalOrderId: string,
  mail: MailContext,
): Promise<void> {
  await expireUnpaidOrders(db, mail);
  await db.transaction(async (tx) => {
    const order = await lockOrderForPayment(tx, orderId, userId);
    if (!order.unpaid) return;
    const capture = await paypal.captureOrder(paypalOrderId);
    if (!capture) throw new HttpError(400, PAYPAL_NOT_CONFIRMED);
    if (capture.referenceId !== order.id || capture.currency !== "USD" || capture.amount !== order.total) {
      throw new HttpError(400, PAYPAL_WRONG_ORDER);
    }
    await confirmPayment(tx, order, "paypal", capture.captureId, mail);
  });
}
