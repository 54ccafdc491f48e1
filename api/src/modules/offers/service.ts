import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { formatUsd } from "#contract/money-format";
import type {
  Offer,
  OfferBody,
  OfferCreatedAnswer,
  SellerOffersAnswer,
  SellerResponseAnswer,
  SellerResponseBody,
} from "#contract/offers";
import { orderNumber } from "#contract/order-labels";
import type { OrderSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import { offers, orders, shopOrders, shops, users } from "../../db/schema.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { couponDiscount, orderCouponDiscount, shopCouponOf } from "../coupons/service.js";
import { recordAudit } from "../audit/service.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { offerAnsweredMail } from "../mail/templates/offer-answered.js";
import { offerReceivedMail } from "../mail/templates/offer-received.js";
import { notify } from "../notifications/service.js";
import { expireUnpaidOrders, payableOrder } from "../orders/expiry.js";
import { partCommissionAt } from "../commission/service.js";
import { ORDER_NOT_FOUND } from "../orders/service.js";
import { lockSellerShop } from "../shops/seller-writes.js";
import { offerAnsweredNotice, offerReceivedNotice } from "#contract/notification-texts";

export const OFFER_SENT = "Oferta enviada al vendedor.";
export const OFFER_NOT_FOUND = "Oferta no encontrada.";
export const OFFER_ORDER_CLOSED =
  "Este pedido ya no admite ofertas: solo se puede ofertar en pedidos sin pagar y vigentes.";
export const OFFER_PART_CANCELLED = "Esta tienda ya canceló su parte del pedido: no admite ofertas.";
export const OFFER_ALREADY_PENDING =
  "Ya tienes una oferta pendiente para esta tienda: espera la respuesta del vendedor.";
export const OFFER_ALREADY_ANSWERED = "Esta oferta ya fue respondida.";
export const OFFER_PRICE_CHANGE_CLOSED = "El pedido ya no admite cambios de precio: está pagado, cancelado o caducado.";
export const OFFER_NO_LONGER_LOWER = "La oferta ya no es menor que el subtotal de la tienda.";
export const OFFER_LAPSED = "Esta oferta caducó sin respuesta: ya no se puede responder.";

export const offerNotLower = (subtotal: number) =>
  `Tu oferta debe ser menor que el subtotal actual de la tienda (${formatUsd(subtotal)}).`;

/** An offer row as the API answers it. */
export function offerAnswer(row: typeof offers.$inferSelect): Offer {
  return {
    _id: row.id,
    shopOrderId: row.shopOrderId,
    price: row.price,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Every offer made on the given shop orders, newest first. */
export async function offersOf(db: Pick<Db, "select">, shopOrderIds: string[]): Promise<Offer[]> {
  if (shopOrderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(offers)
    .where(inArray(offers.shopOrderId, shopOrderIds))
    .orderBy(desc(offers.createdAt), desc(offers.id));
  return rows.map(offerAnswer);
}

/**
 * Locks the order row until the transaction ends. Paying, expiring, proposing and answering offers
 * all lock it first, so none of them acts on amounts another is changing; what the caller reads
 * after this (a new snapshot in READ COMMITTED) is current.
 */
async function lockOrder(tx: Transaction, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      subtotal: orders.subtotal,
      shopDiscount: orders.shopDiscount,
      shippingFee: orders.shippingFee,
      couponCode: orders.couponCode,
      total: orders.total,
      payable: payableOrder,
      // Unpaid, not cancelled and not expired: a waiting offer keeps its order so even past its payment window.
      open: sql<boolean>`(${orders.paymentStatus} = 'sin_pagar' and ${orders.deliveryStatus} <> 'cancelado' and ${orders.expiredAt} is null)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return order!;
}

/**
 * POST /home/customer/offer: the customer proposes a lower subtotal for one shop's part of their own
 * order while it is unpaid and payable and the part is not cancelled, one pending offer per shop
 * order; the shop's owner is told.
 */
export async function createOffer(
  db: Db,
  settings: OrderSettings,
  customerId: string,
  body: OfferBody,
  mail: MailContext,
): Promise<OfferCreatedAnswer> {
  await expireUnpaidOrders(db, mail);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ orderId: shopOrders.orderId })
      .from(shopOrders)
      .innerJoin(orders, eq(orders.id, shopOrders.orderId))
      .where(and(eq(shopOrders.id, body.shopOrderId), eq(orders.userId, customerId)));
    if (!target) throw new HttpError(404, ORDER_NOT_FOUND);
    const order = await lockOrder(tx, target.orderId);
    if (!order.payable) throw new HttpError(409, OFFER_ORDER_CLOSED);

    const [shopOrder] = await tx
      .select({
        subtotal: shopOrders.subtotal,
        deliveryStatus: shopOrders.deliveryStatus,
        shopName: shops.name,
        ownerId: shops.ownerId,
      })
      .from(shopOrders)
      .innerJoin(shops, eq(shops.id, shopOrders.shopId))
      .where(eq(shopOrders.id, body.shopOrderId));
    // A cancelled part no longer counts in the order's subtotal: a price accepted for it would take
    // its difference off what the other shops' parts cost.
    if (shopOrder!.deliveryStatus === "cancelado") throw new HttpError(409, OFFER_PART_CANCELLED);
    const [pending] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.shopOrderId, body.shopOrderId), eq(offers.status, "pendiente")));
    if (pending) throw new HttpError(409, OFFER_ALREADY_PENDING);
    if (body.price >= shopOrder!.subtotal) throw new HttpError(400, offerNotLower(shopOrder!.subtotal));

    const [offer] = await tx
      .insert(offers)
      .values({
        shopOrderId: body.shopOrderId,
        customerId,
        price: body.price,
        expiresAt: sql`now() + make_interval(hours => ${settings.offerAnswerHours}::integer)`,
      })
      .returning();
    await notify(tx, [
      {
        userId: shopOrder!.ownerId,
        type: "oferta",
        orderId: order.id,
        message: offerReceivedNotice(orderNumber(order.id), body.price, shopOrder!.shopName, shopOrder!.subtotal),
      },
    ]);
    await queueEventMail(
      tx,
      mail,
      offerReceivedMail(
        {
          orderId: order.id,
          shopOrderId: body.shopOrderId,
          shopName: shopOrder!.shopName,
          price: body.price,
          subtotal: shopOrder!.subtotal,
          expiresAt: offer!.expiresAt,
        },
        await mailRecipient(tx, shopOrder!.ownerId),
        mail.publicWebUrl,
      ),
    );
    return { message: OFFER_SENT, offer: offerAnswer(offer!) };
  });
}

/**
 * GET /seller/offer/{orderId}/{userId}: the pending offers on the order's shop orders of the seller
 * `userId`. An admin asking with their own id sees every shop's; an order without a shop of the
 * seller is "not found".
 */
export async function sellerPendingOffers(
  db: Db,
  orderId: string,
  sellerId: string,
  viewer: AuthUser,
  mail: MailContext,
): Promise<SellerOffersAnswer> {
  // Offers past their deadline lapse first, so the list only shows what can still be answered.
  await expireUnpaidOrders(db, mail);
  const everyShop = viewer.role === "admin" && viewer.id === sellerId;
  const ownShops = everyShop ? undefined : eq(shops.ownerId, sellerId);
  const [involved] = await db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .where(and(eq(shopOrders.orderId, orderId), ownShops))
    .limit(1);
  if (!involved) throw new HttpError(404, ORDER_NOT_FOUND);

  const rows = await db
    .select({ offer: offers, shopName: shops.name, customerName: users.name, currentSubtotal: shopOrders.subtotal })
    .from(offers)
    .innerJoin(shopOrders, eq(shopOrders.id, offers.shopOrderId))
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .innerJoin(users, eq(users.id, offers.customerId))
    .where(and(eq(shopOrders.orderId, orderId), ownShops, eq(offers.status, "pendiente")))
    .orderBy(asc(shops.name), asc(offers.createdAt));
  return {
    offers: rows.map((row) => ({
      ...offerAnswer(row.offer),
      orderId,
      orderNumber: orderNumber(orderId),
      shopName: row.shopName,
      customerName: row.customerName,
      currentSubtotal: row.currentSubtotal,
    })),
  };
}

/**
 * POST /seller/handle-seller-response/: the shop's owner accepts or rejects a pending offer, in one
 * transaction with the order locked. Accepting (only while the order is payable) makes the offer
 * the shop order's subtotal, with its total and commission, and recomputes the order's subtotal,
 * coupon discount and total; the customer is told either way. Of two answers at once, the second
 * finds the offer answered. The seller's shop is locked first: a suspended one answers nothing.
 */
export async function respondToOffer(
  db: Db,
  settings: OrderSettings,
  sellerId: string,
  body: SellerResponseBody,
  mail: MailContext,
): Promise<SellerResponseAnswer> {
  await expireUnpaidOrders(db, mail);
  return db.transaction(async (tx) => {
    await lockSellerShop(tx, sellerId);
    const [target] = await tx
      .select({ orderId: shopOrders.orderId })
      .from(offers)
      .innerJoin(shopOrders, eq(shopOrders.id, offers.shopOrderId))
      .innerJoin(shops, eq(shops.id, shopOrders.shopId))
      .where(and(eq(offers.id, body.offerId), eq(shops.ownerId, sellerId)));
    if (!target) throw new HttpError(404, OFFER_NOT_FOUND);
    const order = await lockOrder(tx, target.orderId);

    const [current] = await tx
      .select({
        offer: offers,
        shopOrderSubtotal: shopOrders.subtotal,
        shopOrderDiscount: shopOrders.discount,
        shopOrderCouponCode: shopOrders.couponCode,
        shopOrderShippingFee: shopOrders.shippingFee,
        shopName: shops.name,
        // Past its deadline the sweep has not reached yet: lapsed all the same, never answered late.
        lapsed: sql<boolean>`${offers.expiresAt} <= now()`,
      })
      .from(offers)
      .innerJoin(shopOrders, eq(shopOrders.id, offers.shopOrderId))
      .innerJoin(shops, eq(shops.id, shopOrders.shopId))
      .where(eq(offers.id, body.offerId));
    const { offer } = current!;
    if (offer.status === "caducada" || (offer.status === "pendiente" && current!.lapsed))
      throw new HttpError(409, OFFER_LAPSED);
    if (offer.status !== "pendiente") throw new HttpError(409, OFFER_ALREADY_ANSWERED);

    const accepted = body.status === "aceptada";
    let newTotal: number | null = null;
    if (accepted) {
      if (!order.open) throw new HttpError(409, OFFER_PRICE_CHANGE_CLOSED);
      if (offer.price >= current!.shopOrderSubtotal) throw new HttpError(409, OFFER_NO_LONGER_LOWER);
      // The part's shop coupon keeps its promise on the agreed price (a percentage shrinks with it; its
      // minimum was met when the order was placed), and the shop still bears it (issue 34).
      const shopCoupon = await shopCouponOf(tx, current!.shopOrderCouponCode);
      const partDiscount = shopCoupon ? couponDiscount(shopCoupon, offer.price) : 0;
      await tx
        .update(shopOrders)
        .set({
          subtotal: offer.price,
          discount: partDiscount,
          total: offer.price - partDiscount + current!.shopOrderShippingFee,
          commission: await partCommissionAt(tx, offer.shopOrderId, offer.price - partDiscount),
        })
        .where(eq(shopOrders.id, offer.shopOrderId));
      const subtotal = order.subtotal - current!.shopOrderSubtotal + offer.price;
      const shopDiscount = order.shopDiscount - current!.shopOrderDiscount + partDiscount;
      const discount = await orderCouponDiscount(tx, order.couponCode, subtotal - shopDiscount);
      newTotal = Math.max(subtotal - shopDiscount - discount, 0) + order.shippingFee;
      await tx.update(orders).set({ subtotal, shopDiscount, discount, total: newTotal }).where(eq(orders.id, order.id));
    }

    const [answered] = await tx
      .update(offers)
      .set({ status: body.status, answeredAt: new Date() })
      .where(and(eq(offers.id, offer.id), eq(offers.status, "pendiente")))
      .returning();
    if (!answered) throw new HttpError(409, OFFER_ALREADY_ANSWERED);
    // The customer waited for this answer: an order still open gets a fresh payment window from now.
    let payBefore: Date | null = null;
    if (order.open) {
      const [renewed] = await tx
        .update(orders)
        .set({ expiresAt: sql`now() + make_interval(mins => ${settings.expiryMinutes}::integer)` })
        .where(eq(orders.id, order.id))
        .returning({ expiresAt: orders.expiresAt });
      payBefore = renewed!.expiresAt;
    }
    // A change of price by a seller is a money action: the log keeps who answered and what it did to the part.
    await recordAudit(tx, {
      actorId: sellerId,
      action: "pedido.oferta",
      entity: "pedido",
      entityId: order.id,
      before: {
        shop: current!.shopName,
        subtotal: current!.shopOrderSubtotal,
        offer: offer.price,
        status: offer.status,
      },
      after: {
        shop: current!.shopName,
        subtotal: accepted ? offer.price : current!.shopOrderSubtotal,
        status: body.status,
        ...(newTotal !== null ? { orderTotal: newTotal } : {}),
        ...(payBefore !== null ? { payBefore: payBefore.toISOString() } : {}),
      },
    });

    await notify(tx, [
      {
        userId: offer.customerId,
        type: "oferta",
        orderId: order.id,
        message: offerAnsweredNotice(
          orderNumber(order.id),
          offer.price,
          current!.shopName,
          accepted ? newTotal! : null,
        ),
      },
    ]);
    await queueEventMail(
      tx,
      mail,
      offerAnsweredMail(
        {
          orderId: order.id,
          shopName: current!.shopName,
          price: offer.price,
          accepted,
          total: newTotal ?? order.total,
          payBefore,
        },
        await mailRecipient(tx, offer.customerId),
        mail.publicWebUrl,
      ),
    );
    return {
      message: accepted
        ? `Oferta aceptada: el nuevo subtotal de ${current!.shopName} es ${formatUsd(offer.price)}.`
        : "Oferta rechazada.",
      offer: offerAnswer(answered),
    };
  });
}
