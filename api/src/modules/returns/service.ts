import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { orderNumber } from "#contract/order-labels";
import { RETURN_WINDOW_DAYS } from "#contract/limits";
import {
  returnAnsweredNotice,
  returnReceivedByAdminNotice,
  returnRefundedNotice,
  returnRequestedAdminNotice,
  returnRequestedNotice,
} from "#contract/notification-texts";
import {
  REFUND_METHOD_LABELS,
  RETURN_ACCEPTED,
  RETURN_ALREADY_ANSWERED,
  RETURN_ALREADY_OPEN,
  RETURN_LINE_UNKNOWN,
  RETURN_NOT_ACCEPTED,
  RETURN_NOT_FOUND,
  RETURN_NOT_PAID,
  RETURN_NOTHING_CHOSEN,
  RETURN_PART_NOT_DELIVERED,
  RETURN_PAYPAL_OFF,
  RETURN_PAYPAL_REFUSED,
  RETURN_REFUNDED,
  RETURN_REFUSED,
  RETURN_REQUESTED,
  RETURN_WINDOW_CLOSED,
  returnAdminReceiveTooEarly,
  returnAdminTooEarly,
  returnQuantityTooHigh,
  returnSaleSpent,
  type OrderReturn,
  type ReturnAnswerBody,
  type ReturnablePart,
  type ReturnRequestBody,
  type ReturnsAnswer,
  type ReturnWrittenAnswer,
} from "#contract/returns";
import { longDate } from "#contract/store-time";
import type { ReturnSettings, WithdrawalSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import {
  orderItems,
  orderPayments,
  orderReturnLines,
  orderReturns,
  orders,
  products,
  productSizes,
  shopOrders,
  shops,
  users,
  walletEntries,
} from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { orderReturnMail, type ReturnMailReader, type ReturnStep } from "../mail/templates/order-return.js";
import { notify } from "../notifications/service.js";
import { lockOrderOfPart } from "../order-status/service.js";
import { ORDER_NOT_FOUND } from "../orders/service.js";
import type { PayPalClient } from "../payments/paypal.js";
import { lockSellerShop } from "../shops/seller-writes.js";
import { setStockContext } from "../stock/service.js";
import { lockProducts } from "../stock/locks.js";
import { lockWallets, walletBalance } from "../wallet/ledger.js";
import { saleAvailable } from "../withdrawals/availability.js";
import { balancesOf } from "../withdrawals/service.js";
import { returnMoney, storeDiscountShares, type Returned } from "./pricing.js";

type Reader = Db | Transaction;

/** Statuses of a return still open: the part has at most one (a partial unique index says so too). */
const OPEN = ["solicitada", "aceptada"] as const;

const hours = (days: number) => 24 * days;

/**
 * From when an admin may act in the shop's place, as SQL: `settings.sellerAnswerDays` after the
 * request for an answer, after the acceptance for «Recibido» (null while it is not accepted).
 */
const adminMayAnswerAt = (settings: ReturnSettings) =>
  sql<string | Date>`${orderReturns.createdAt} + make_interval(hours => ${hours(settings.sellerAnswerDays)})`;
const adminMayReceiveAt = (settings: ReturnSettings) =>
  sql<string | Date | null>`case when ${orderReturns.status} = 'aceptada'
    then ${orderReturns.answeredAt} + make_interval(hours => ${hours(settings.sellerAnswerDays)}) end`;

/** The part of an order a return is about, with its shop and what the rules read. */
async function partOf(tx: Reader, shopOrderId: string) {
  const [part] = await tx
    .select({
      id: shopOrders.id,
      orderId: shopOrders.orderId,
      shopName: shops.name,
      ownerId: shops.ownerId,
      customerId: orders.userId,
      deliveryStatus: shopOrders.deliveryStatus,
      paymentStatus: shopOrders.paymentStatus,
      subtotal: shopOrders.subtotal,
      discount: shopOrders.discount,
      shippingFee: shopOrders.shippingFee,
      commission: shopOrders.commission,
      returnableUntil: sql<
        string | Date | null
      >`${shopOrders.deliveredAt} + make_interval(hours => ${hours(RETURN_WINDOW_DAYS)})`,
      inWindow: sql<boolean>`coalesce(${shopOrders.deliveredAt} + make_interval(hours => ${hours(RETURN_WINDOW_DAYS)}) >= statement_timestamp(), false)`,
    })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .where(eq(shopOrders.id, shopOrderId));
  return part;
}
type Part = NonNullable<Awaited<ReturnType<typeof partOf>>>;

/** The part's lines, with the units returns not refused already take (open and refunded ones). */
async function linesOf(tx: Reader, shopOrderIds: string[]) {
  if (shopOrderIds.length === 0) return [];
  return tx
    .select({
      id: orderItems.id,
      shopOrderId: orderItems.shopOrderId,
      productId: orderItems.productId,
      name: orderItems.name,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      commissionBp: orderItems.commissionBp,
      taken: sql<number>`coalesce((select sum(l.quantity) from ${orderReturnLines} l join ${orderReturns} r on r.id = l.return_id
        where l.order_item_id = order_items.id and r.status <> 'rechazada'), 0)::integer`,
      refunded: sql<number>`coalesce((select sum(l.quantity) from ${orderReturnLines} l join ${orderReturns} r on r.id = l.return_id
        where l.order_item_id = order_items.id and r.status = 'reembolsada'), 0)::integer`,
    })
    .from(orderItems)
    .where(inArray(orderItems.shopOrderId, shopOrderIds))
    .orderBy(asc(orderItems.name), asc(orderItems.size), asc(orderItems.id));
}
type Line = Awaited<ReturnType<typeof linesOf>>[number];

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The returns of the given parts, newest first, with their lines, as the contract answers them. */
async function returnsOf(db: Reader, shopOrderIds: string[], settings: ReturnSettings): Promise<OrderReturn[]> {
  if (shopOrderIds.length === 0) return [];
  const rows = await db
    .select({
      row: orderReturns,
      orderId: shopOrders.orderId,
      shopName: shops.name,
      adminMayAnswerAt: adminMayAnswerAt(settings),
      adminMayReceiveAt: adminMayReceiveAt(settings),
    })
    .from(orderReturns)
    .innerJoin(shopOrders, eq(shopOrders.id, orderReturns.shopOrderId))
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(inArray(orderReturns.shopOrderId, shopOrderIds))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      returnId: orderReturnLines.returnId,
      orderItemId: orderReturnLines.orderItemId,
      quantity: orderReturnLines.quantity,
      name: orderItems.name,
      size: orderItems.size,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderReturnLines)
    .innerJoin(orderItems, eq(orderItems.id, orderReturnLines.orderItemId))
    .where(
      inArray(
        orderReturnLines.returnId,
        rows.map(({ row }) => row.id),
      ),
    )
    .orderBy(asc(orderItems.name), asc(orderItems.size));
  return rows.map(({ row, orderId, shopName, adminMayAnswerAt, adminMayReceiveAt }) => ({
    _id: row.id,
    orderId,
    shopOrderId: row.shopOrderId,
    shopName,
    status: row.status,
    reason: row.reason,
    instructions: row.instructions,
    refusal: row.refusal,
    answeredBy: row.answeredAt === null ? null : row.answeredByAdmin ? "admin" : "tienda",
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    adminMayAnswerAt: iso(adminMayAnswerAt)!,
    adminMayReceiveAt: iso(adminMayReceiveAt),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    receivedBy: row.receivedAt === null ? null : row.receivedByAdmin ? "admin" : "tienda",
    lines: lines
      .filter((line) => line.returnId === row.id)
      .map(({ orderItemId, name, size, quantity, unitPrice }) => ({ orderItemId, name, size, quantity, unitPrice })),
    refund:
      row.status === "reembolsada"
        ? {
            amount: row.refund!,
            shipping: row.refundShipping ?? 0,
            method: row.refundMethod!,
            reference: row.refundReference,
            sellerReversal: row.sellerReversal!,
            commission: row.commissionReversal ?? 0,
          }
        : null,
  }));
}

async function oneReturn(db: Reader, id: string, settings: ReturnSettings): Promise<OrderReturn> {
  const [shopOrderId] = await db
    .select({ id: orderReturns.shopOrderId })
    .from(orderReturns)
    .where(eq(orderReturns.id, id));
  return (await returnsOf(db, [shopOrderId!.id], settings)).find((candidate) => candidate._id === id)!;
}

/** Why a part cannot take a new return now, or null (what the customer's form and the request check). */
function requestRefusal(part: Part, open: boolean): string | null {
  if (part.deliveryStatus !== "entregado") return RETURN_PART_NOT_DELIVERED;
  if (part.paymentStatus !== "pagado") return RETURN_NOT_PAID;
  if (!part.inWindow) return RETURN_WINDOW_CLOSED;
  if (open) return RETURN_ALREADY_OPEN;
  return null;
}

/**
 * GET /returns/order/{orderId}: the order's returns and what of each part can still be returned.
 * Its customer and admins read every part; a seller only their shop's (another's order is "not found").
 */
export async function returnsOfOrder(
  db: Db,
  orderId: string,
  user: AuthUser,
  settings: ReturnSettings,
): Promise<ReturnsAnswer> {
  const parts = await db
    .select({ id: shopOrders.id, ownerId: shops.ownerId, customerId: orders.userId })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .innerJoin(orders, eq(orders.id, shopOrders.orderId))
    .where(eq(shopOrders.orderId, orderId));
  const visible = parts.filter(
    (part) => user.role === "admin" || part.customerId === user.id || part.ownerId === user.id,
  );
  if (visible.length === 0) throw new HttpError(404, ORDER_NOT_FOUND);
  const ids = visible.map((part) => part.id);
  const returns = await returnsOf(db, ids, settings);
  const lines = await linesOf(db, ids);
  const returnable: ReturnablePart[] = [];
  for (const id of ids) {
    const part = (await partOf(db, id))!;
    const partLines = lines.filter((line) => line.shopOrderId === id);
    const open = returns.some((candidate) => candidate.shopOrderId === id && OPEN.includes(candidate.status as never));
    const left = partLines.some((line) => line.quantity > line.taken);
    returnable.push({
      shopOrderId: id,
      shopName: part.shopName,
      returnableUntil: iso(part.returnableUntil),
      canRequest: left && requestRefusal(part, open) === null,
      lines: partLines.map((line) => ({
        orderItemId: line.id,
        name: line.name,
        size: line.size,
        bought: line.quantity,
        returnable: line.quantity - line.taken,
      })),
    });
  }
  return { returns, parts: returnable };
}

/** Tells the other side of a step: a notification and the always-sent `order-return` mail. */
async function tell(
  tx: Transaction,
  mail: MailContext,
  part: Part,
  step: ReturnStep,
  to: { userId: string; text: string; reader: ReturnMailReader }[],
): Promise<void> {
  await notify(
    tx,
    to.map(({ userId, text }) => ({ userId, type: "pedido" as const, orderId: part.orderId, message: text })),
  );
  for (const { userId, text, reader } of to)
    await queueEventMail(
      tx,
      mail,
      orderReturnMail(
        { orderId: part.orderId, shopOrderId: part.id, step, text, reader },
        await mailRecipient(tx, userId),
        mail.publicWebUrl,
      ),
    );
}

/**
 * POST /home/customer/returns: the customer asks to return units of lines of one delivered, paid
 * part of their own order, within RETURN_WINDOW_DAYS of its delivery, with a reason. Under the
 * order's lock (the one status changes and refunds take), so two requests at once never return more
 * units than were bought, and a part has one open return at a time.
 */
export async function requestReturn(
  db: Db,
  customer: AuthUser,
  body: ReturnRequestBody,
  mail: MailContext,
  settings: ReturnSettings,
): Promise<ReturnWrittenAnswer> {
  return db.transaction(async (tx) => {
    const order = await lockOrderOfPart(tx, body.shopOrderId);
    if (order.userId !== customer.id) throw new HttpError(404, ORDER_NOT_FOUND);
    const part = (await partOf(tx, body.shopOrderId))!;
    const [open] = await tx
      .select({ id: orderReturns.id })
      .from(orderReturns)
      .where(and(eq(orderReturns.shopOrderId, part.id), inArray(orderReturns.status, [...OPEN])));
    const refusal = requestRefusal(part, open !== undefined);
    if (refusal) throw new HttpError(409, refusal);

    const chosen = new Map<string, number>();
    for (const line of body.lines)
      if (line.quantity > 0) chosen.set(line.orderItemId, (chosen.get(line.orderItemId) ?? 0) + line.quantity);
    if (chosen.size === 0) throw new HttpError(400, RETURN_NOTHING_CHOSEN);
    const lines = await linesOf(tx, [part.id]);
    for (const [itemId, quantity] of chosen) {
      const line = lines.find((candidate) => candidate.id === itemId);
      if (!line) throw new HttpError(400, RETURN_LINE_UNKNOWN);
      if (quantity > line.quantity - line.taken)
        throw new HttpError(409, returnQuantityTooHigh(line.name, line.quantity - line.taken));
    }

    const [created] = await tx
      .insert(orderReturns)
      .values({ shopOrderId: part.id, customerId: customer.id, reason: body.reason })
      .returning({ id: orderReturns.id, createdAt: orderReturns.createdAt });
    await tx
      .insert(orderReturnLines)
      .values([...chosen].map(([orderItemId, quantity]) => ({ returnId: created!.id, orderItemId, quantity })));
    await recordAudit(tx, {
      actorId: customer.id,
      action: "devolucion.solicitar",
      entity: "pedido",
      entityId: part.orderId,
      before: null,
      after: {
        shop: part.shopName,
        lines: lines
          .filter((line) => chosen.has(line.id))
          .map((line) => `${line.name}${line.size ? ` (${line.size})` : ""} × ${chosen.get(line.id)}`)
          .join(", "),
      },
      reason: body.reason,
    });
    // Every admin hears of it too: once the shop's time is over, they answer in its place.
    const number = orderNumber(part.orderId);
    const answerFrom = longDate(
      new Date(created!.createdAt.getTime() + hours(settings.sellerAnswerDays) * 3_600_000).toISOString(),
    );
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    await tell(tx, mail, part, "solicitada", [
      { userId: part.ownerId, text: returnRequestedNotice(number, part.shopName), reader: "tienda" },
      ...admins.map((admin) => ({
        userId: admin.id,
        text: returnRequestedAdminNotice(number, part.shopName, answerFrom),
        reader: "admin" as const,
      })),
    ]);
    return { message: RETURN_REQUESTED, orderReturn: await oneReturn(tx, created!.id, settings) };
  });
}

/**
 * Locks what a return's step needs, in the order every money write takes them: the seller's shop
 * (a seller's call; a suspended shop changes nothing), the order, then the return's row. A return of
 * another shop (a seller's call) is "not found". Says whether an admin may act in the shop's place
 * now (answer, or mark received), and from when.
 */
async function lockReturn(tx: Transaction, id: string, actor: AuthUser, settings: ReturnSettings) {
  if (actor.role !== "admin") await lockSellerShop(tx, actor.id);
  const [found] = await tx
    .select({ shopOrderId: orderReturns.shopOrderId })
    .from(orderReturns)
    .where(eq(orderReturns.id, id));
  if (!found) throw new HttpError(404, RETURN_NOT_FOUND);
  await lockOrderOfPart(tx, found.shopOrderId);
  const [row] = await tx
    .select({
      row: orderReturns,
      adminMayAnswer: sql<boolean>`${adminMayAnswerAt(settings)} <= statement_timestamp()`,
      adminMayAnswerAt: adminMayAnswerAt(settings),
      adminMayReceive: sql<boolean>`coalesce(${adminMayReceiveAt(settings)} <= statement_timestamp(), false)`,
      adminMayReceiveAt: adminMayReceiveAt(settings),
    })
    .from(orderReturns)
    .where(eq(orderReturns.id, id))
    .for("update", { of: orderReturns });
  const part = (await partOf(tx, found.shopOrderId))!;
  if (actor.role !== "admin" && part.ownerId !== actor.id) throw new HttpError(404, RETURN_NOT_FOUND);
  return { ...row!, part };
}

/**
 * PUT /seller/returns/{id}/answer and PUT /admin/returns/{id}/answer: accept a requested return with
 * the instructions to send the goods back, or refuse it with a reason. An admin answers in the
 * shop's place only once the shop's answer time (RETURN_SELLER_ANSWER_DAYS) has passed since the
 * request; the seller is then told too. One answer wins: the row's lock makes a second one find it answered.
 */
export async function answerReturn(
  db: Db,
  actor: AuthUser,
  id: string,
  answer: ReturnAnswerBody,
  mail: MailContext,
  settings: ReturnSettings,
): Promise<ReturnWrittenAnswer> {
  return db.transaction(async (tx) => {
    const { row, part, adminMayAnswer, adminMayAnswerAt } = await lockReturn(tx, id, actor, settings);
    if (row.status !== "solicitada") throw new HttpError(409, RETURN_ALREADY_ANSWERED);
    const byAdmin = actor.role === "admin";
    if (byAdmin && !adminMayAnswer)
      throw new HttpError(409, returnAdminTooEarly(longDate(iso(adminMayAnswerAt)!), settings.sellerAnswerDays));
    const accepted = answer.decision === "aceptar";
    await tx
      .update(orderReturns)
      .set({
        status: accepted ? "aceptada" : "rechazada",
        ...(accepted ? { instructions: answer.instructions } : { refusal: answer.reason }),
        answeredBy: actor.id,
        answeredByAdmin: byAdmin,
        answeredAt: sql`now()`,
      })
      .where(eq(orderReturns.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: accepted ? "devolucion.aceptar" : "devolucion.rechazar",
      entity: "pedido",
      entityId: part.orderId,
      before: { status: row.status, shop: part.shopName },
      after: {
        status: accepted ? "aceptada" : "rechazada",
        ...(accepted ? { instructions: answer.instructions } : {}),
      },
      reason: accepted ? null : answer.reason,
    });
    const number = orderNumber(part.orderId);
    await tell(tx, mail, part, accepted ? "aceptada" : "rechazada", [
      {
        userId: part.customerId,
        text: returnAnsweredNotice(number, part.shopName, accepted, false),
        reader: "cliente",
      },
      ...(byAdmin
        ? [
            {
              userId: part.ownerId,
              text: returnAnsweredNotice(number, part.shopName, accepted, true),
              reader: "tienda" as const,
            },
          ]
        : []),
    ]);
    return { message: accepted ? RETURN_ACCEPTED : RETURN_REFUSED, orderReturn: await oneReturn(tx, id, settings) };
  });
}

/** The value (Σ unit price × quantity) and commission weight of `quantity` units of each of the part's lines. */
const valueOf = (lines: Line[], quantity: (line: Line) => number): Returned => ({
  value: lines.reduce((sum, line) => sum + line.unitPrice * quantity(line), 0),
  commissionWeight: lines.reduce((sum, line) => sum + line.unitPrice * quantity(line) * line.commissionBp, 0),
});

/**
 * What the part's customer may still get back in all: what the order's payment charged less the
 * refunds already made (returns, and a cancellation's wallet refund of its parts). A guard, so no
 * rounding and no later change of the order's figures ever refunds more than was paid.
 */
async function refundableLeft(tx: Transaction, orderId: string, customerId: string): Promise<number> {
  const result = await tx.execute<{ left: number }>(sql`
    select (select coalesce(sum(amount), 0) from order_payments where order_id = ${orderId})
      - (select coalesce(sum(r.refund), 0) from order_returns r join shop_orders so on so.id = r.shop_order_id
          where so.order_id = ${orderId} and r.status = 'reembolsada')
      - (select coalesce(sum(amount), 0) from wallet_entries where user_id = ${customerId}
          and reference in (select 'reembolso:' || id::text from shop_orders where order_id = ${orderId})) as left`);
  return Math.max(0, Number(result.rows[0]!.left));
}

/** Gives the returned units back to their product's stock, size by size, as a `devolucion` by `actorId`. */
async function giveBackReturnedStock(tx: Transaction, lines: { line: Line; quantity: number }[], actorId: string) {
  await setStockContext(tx, "devolucion", actorId);
  // Locked first in the one order every writer of products uses, as give_back_stock does.
  await lockProducts(
    tx,
    lines.map(({ line }) => line.productId),
    "stock",
  );
  for (const { line, quantity } of lines) {
    if (line.size === "")
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${quantity}` })
        .where(eq(products.id, line.productId));
    else
      await tx
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} + ${quantity}` })
        .where(and(eq(productSizes.productId, line.productId), eq(productSizes.size, line.size)));
  }
}

/**
 * Refuses (409) when the seller's wallet cannot give back `reversal`: from a sale not yet available,
 * the wallet must hold it; from one already available, it must still be available (not withdrawn),
 * so a refund and a withdrawal of the same money never both pass (the wallet's lock, which a
 * withdrawal takes too, is held).
 */
async function refuseSpentSale(
  tx: Transaction,
  part: Part,
  reversal: number,
  settings: WithdrawalSettings,
): Promise<void> {
  if (reversal <= 0) return;
  const [state] = await tx
    .select({ available: sql<boolean>`${saleAvailable(settings, shopOrders)}` })
    .from(shopOrders)
    .where(eq(shopOrders.id, part.id));
  const holds = state!.available
    ? (await balancesOf(tx, part.ownerId, settings)).availableAmount
    : await walletBalance(tx, part.ownerId);
  if (holds < reversal) throw new HttpError(409, returnSaleSpent(reversal, holds));
}

/**
 * PUT /seller/returns/{id}/received and PUT /admin/returns/{id}/received: the shop's seller (or an
 * admin in its place, once the shop's answer time has passed since it accepted) marks the goods of
 * an accepted return received, and the refund is made in the same transaction (decision 0056),
 * whoever marks it, by this one function: the customer gets the
 * lines' price net of their share of the coupons (plus the shipping when the whole part is back), to
 * their wallet or, paid by card, through PayPal (in the test-card mode it is recorded as such); the
 * seller's credit for those lines less their commission is reversed, the stock comes back to its
 * sizes, and the payment becomes 'reembolsado' once everything is refunded. The PayPal call comes
 * last, so a refusal or an unreachable PayPal rolls everything back. The actor is kept on the return
 * and in the audit; when an admin marked it, the seller is told too.
 */
export async function receiveReturn(
  db: Db,
  actor: AuthUser,
  id: string,
  paypal: PayPalClient | null,
  settings: WithdrawalSettings,
  mail: MailContext,
  returnSettings: ReturnSettings,
): Promise<ReturnWrittenAnswer> {
  return db.transaction(async (tx) => {
    const { row, part, adminMayReceive, adminMayReceiveAt } = await lockReturn(tx, id, actor, returnSettings);
    if (row.status !== "aceptada") throw new HttpError(409, RETURN_NOT_ACCEPTED);
    const byAdmin = actor.role === "admin";
    if (byAdmin && !adminMayReceive)
      throw new HttpError(
        409,
        returnAdminReceiveTooEarly(longDate(iso(adminMayReceiveAt)!), returnSettings.sellerAnswerDays),
      );
    await lockWallets(tx, [part.customerId, part.ownerId]);

    const [order] = await tx.select({ discount: orders.discount }).from(orders).where(eq(orders.id, part.orderId));
    const siblings = await tx
      .select({ id: shopOrders.id, subtotal: shopOrders.subtotal, discount: shopOrders.discount })
      .from(shopOrders)
      .where(and(eq(shopOrders.orderId, part.orderId), sql`${shopOrders.deliveryStatus} <> 'cancelado'`));
    const lines = await linesOf(tx, [part.id]);
    const returned = await tx
      .select({ orderItemId: orderReturnLines.orderItemId, quantity: orderReturnLines.quantity })
      .from(orderReturnLines)
      .where(eq(orderReturnLines.returnId, id));
    const quantityOf = (line: Line) => returned.find((candidate) => candidate.orderItemId === line.id)?.quantity ?? 0;
    const before = valueOf(lines, (line) => line.refunded);
    const after = valueOf(lines, (line) => line.refunded + quantityOf(line));
    const completesPart = lines.every((line) => line.refunded + quantityOf(line) >= line.quantity);
    const whole = valueOf(lines, (line) => line.quantity);
    const money = returnMoney(
      {
        linesValue: whole.value,
        commissionWeight: whole.commissionWeight,
        subtotal: part.subtotal,
        discount: part.discount,
        shippingFee: part.shippingFee,
        commission: part.commission,
        storeDiscount: storeDiscountShares(order!.discount, siblings).get(part.id) ?? 0,
      },
      before,
      after,
      completesPart,
    );
    const refund = Math.min(money.refund, await refundableLeft(tx, part.orderId, part.customerId));
    await refuseSpentSale(tx, part, money.sellerReversal, settings);

    const [payment] = await tx
      .select({ method: orderPayments.method, reference: orderPayments.reference })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, part.orderId));
    if (!payment) throw new HttpError(409, RETURN_NOT_PAID);
    if (payment.method === "paypal" && refund > 0 && !paypal) throw new HttpError(409, RETURN_PAYPAL_OFF);
    const number = orderNumber(part.orderId);
    if (payment.method === "cartera" && refund > 0)
      await tx.insert(walletEntries).values({
        userId: part.customerId,
        amount: refund,
        reason: `Reembolso de la devolución del pedido #${number} (${part.shopName})`,
        reference: `devolucion:${id}`,
      });
    if (money.sellerReversal > 0)
      await tx.insert(walletEntries).values({
        userId: part.ownerId,
        amount: -money.sellerReversal,
        reason: `Devolución del pedido #${number} en ${part.shopName}: se descuentan los productos devueltos, menos su comisión`,
        reference: `devolucion-venta:${part.id}:${id}`,
      });
    await giveBackReturnedStock(
      tx,
      lines.filter((line) => quantityOf(line) > 0).map((line) => ({ line, quantity: quantityOf(line) })),
      actor.id,
    );
    if (completesPart) {
      await tx.update(shopOrders).set({ paymentStatus: "reembolsado" }).where(eq(shopOrders.id, part.id));
      const [stillPaid] = await tx
        .select({ id: shopOrders.id })
        .from(shopOrders)
        .where(and(eq(shopOrders.orderId, part.orderId), eq(shopOrders.paymentStatus, "pagado")));
      if (!stillPaid) await tx.update(orders).set({ paymentStatus: "reembolsado" }).where(eq(orders.id, part.orderId));
    }

    // Last: PayPal's refund, once everything else is written and checked (a refusal rolls it all back).
    let reference: string | null = payment.method === "cartera" && refund > 0 ? `devolucion:${id}` : null;
    if (payment.method === "paypal" && refund > 0) {
      reference = await paypal!.refundCapture(payment.reference, refund, `devolucion-${id}`);
      if (!reference) throw new HttpError(502, RETURN_PAYPAL_REFUSED);
    }
    await tx
      .update(orderReturns)
      .set({
        status: "reembolsada",
        receivedBy: actor.id,
        receivedByAdmin: byAdmin,
        receivedAt: sql`now()`,
        refund,
        refundShipping: Math.min(money.shipping, refund),
        refundMethod: payment.method,
        refundReference: reference,
        sellerReversal: money.sellerReversal,
        commissionReversal: money.commission,
      })
      .where(eq(orderReturns.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "devolucion.reembolsar",
      entity: "pedido",
      entityId: part.orderId,
      before: { status: "aceptada", shop: part.shopName },
      after: {
        status: "reembolsada",
        receivedBy: byAdmin ? "admin" : "tienda",
        refund,
        shipping: money.shipping,
        method: payment.method,
        sellerReversal: money.sellerReversal,
        commission: money.commission,
      },
    });
    await tell(tx, mail, part, "reembolsada", [
      {
        userId: part.customerId,
        text: returnRefundedNotice(number, part.shopName, refund, REFUND_METHOD_LABELS[payment.method], byAdmin),
        reader: "cliente",
      },
      ...(byAdmin
        ? [
            {
              userId: part.ownerId,
              text: returnReceivedByAdminNotice(number, part.shopName, money.sellerReversal),
              reader: "tienda" as const,
            },
          ]
        : []),
    ]);
    return { message: RETURN_REFUNDED, orderReturn: await oneReturn(tx, id, returnSettings) };
  });
}
