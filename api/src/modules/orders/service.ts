import { and, asc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { ownProductInOrder } from "#contract/cart";
import {
  CART_CHANGED_WHILE_REVIEWING,
  orderTotalChanged,
  type OrderDetail,
  type PlaceOrderBody,
  type ShopOrder,
} from "#contract/orders";
import { formatUsd } from "#contract/money-format";
import { orderNumber } from "#contract/order-labels";
import { EMPTY_CART, UNAUTHORIZED } from "#contract/messages";
import type { CartSettings, OrderSettings } from "../../config.js";
import type { Db, Transaction } from "../../db/client.js";
import {
  cartCoupons,
  cartItems,
  orderItems,
  orderPayments,
  orders,
  productImages,
  productSizes,
  products,
  shopOrders,
  shops,
  users,
} from "../../db/schema.js";
import { inStore } from "../catalog/service.js";
import { HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { cartCoupon, cartShopCoupons, lockOrderCoupons, redeemCoupon } from "../coupons/service.js";
import { notify, type NewNotification } from "../notifications/service.js";
import { availableCartLines, subtotalOf } from "./cart-lines.js";
import { expireUnpaidOrders, orderPayBy } from "./expiry.js";
import { lockProducts } from "../stock/locks.js";
import { bySize, setStockContext } from "../stock/service.js";
import {
  defaultCommissionBp,
  orderDiscounts,
  partCommission,
  shopPartShippingFee,
  type ShopShipping,
} from "./pricing.js";
import { commissionRatesOf } from "../commission/service.js";
import { queueEventMail } from "../mail/event-mail.js";
import { mailRecipient } from "../mail/recipients.js";
import type { MailContext } from "../mail/render.js";
import { outOfStockMail } from "../mail/templates/out-of-stock.js";
import { newOrderNotice } from "#contract/notification-texts";
import { shopOnVacation } from "#contract/shop-profile-labels";
import { vacationInForce } from "../shop-profile/vacation.js";
import { queueOrderPlacedMail } from "../mail/order-mails.js";

export const ORDER_NOT_FOUND = "Pedido no encontrado.";

const notEnoughStock = (productName: string) => `No hay stock suficiente de «${productName}».`;
const notSelling = (productName: string) => `«${productName}» no está disponible: la tienda no está vendiendo ahora.`;
/** A product its seller hid, left as a draft or deleted (issue 34): named, so the shopper knows which line to remove. */
export const notPublished = (productName: string) =>
  `«${productName}» ya no está a la venta: quítalo del carrito para hacer el pedido.`;

export interface CheckoutSettings {
  cart: CartSettings;
  orders: OrderSettings;
}

/**
 * Takes a line's units from its size (or from the product without sizes) with one conditional
 * UPDATE: of concurrent orders for the last units only one finds them. A product that gained sizes
 * after the line was added has no stock of its own to take (its total follows its sizes). Answers
 * the units left, or null when they could not be taken.
 */
async function takeStock(
  tx: Transaction,
  line: { productId: string; size: string; quantity: number },
): Promise<number | null> {
  const taken =
    line.size === ""
      ? await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}` })
          .where(
            and(
              eq(products.id, line.productId),
              gte(products.stock, line.quantity),
              sql`not exists (select 1 from ${productSizes} where ${productSizes.productId} = ${line.productId})`,
            ),
          )
          .returning({ left: products.stock })
      : await tx
          .update(productSizes)
          .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
          .where(
            and(
              eq(productSizes.productId, line.productId),
              eq(productSizes.size, line.size),
              gte(productSizes.stock, line.quantity),
            ),
          )
          .returning({ left: productSizes.stock });
  return taken[0]?.left ?? null;
}

/**
 * Places the user's order from the available lines of their cart (or those of `items`), in one
 * transaction: one order, one shop order per shop with its items at the server's prices, the
 * shipping fee per shop (none from the free-shipping threshold on), the cart's coupon, the
 * commission per shop order, the stock taken and the ordered lines removed from the cart. Short
 * stock or an unusable coupon rolls everything back.
 */
export async function placeOrder(
  db: Db,
  settings: CheckoutSettings,
  userId: string,
  body: PlaceOrderBody,
  mail: MailContext,
): Promise<string> {
  await expireUnpaidOrders(db, mail);
  const chosenLines = and(eq(cartItems.userId, userId), body.items ? inArray(cartItems.id, body.items) : undefined)!;
  return db.transaction(async (tx) => {
    // Locking the lines makes a second submission of the same cart wait, then find it emptied.
    let lines = await availableCartLines(tx, chosenLines).for("update", { of: cartItems });
    const shippingOf = new Map<string, ShopShipping>();
    if (lines.length > 0) {
      // Their shops are locked against a status change until the order is committed: a suspension
      // under way is waited for and then seen (its lines are left out), a later one waits for this.
      const selling = await tx
        .select({
          id: shops.id,
          name: shops.name,
          shippingFee: shops.shippingFee,
          freeShippingFrom: shops.freeShippingFrom,
          vacationUntil: vacationInForce,
        })
        .from(shops)
        .where(and(inArray(shops.id, [...new Set(lines.map((line) => line.shopId))]), eq(shops.status, "aprobada")))
        .for("share");
      // Read under the same lock: a change of the shop's shipping waits for this order, or this for it.
      for (const shop of selling) shippingOf.set(shop.id, shop);
      // A shop on vacation (issue 34) sells nothing till its return date: read under the same lock, so
      // a vacation turned on while this order is placed either waits for it or refuses it, whole.
      const away = selling.find((shop) => shop.vacationUntil !== null);
      if (away) throw new HttpError(409, shopOnVacation(away.name, away.vacationUntil!));
      lines = lines.filter((line) => shippingOf.has(line.shopId));
    }
    // The buyer, locked after their shops (the order a block takes them in, admin-users/service.ts):
    // a block under way is waited for and refuses this order, a later one waits for it (decision 0051).
    const [buyer] = await tx
      .select({ blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("share");
    if (!buyer || buyer.blockedAt) throw new HttpError(401, UNAUTHORIZED);
    // A seller does not buy from their own shop: a line of it (added as a visitor, or before the rule) is refused by name.
    const ownLine = lines.find((line) => line.ownerId === userId);
    if (ownLine) throw new HttpError(409, ownProductInOrder(ownLine.name));
    const orderable = new Set(lines.map((line) => line.lineId));
    // Nothing to order, or lines the shopper confirmed that can no longer be ordered: no order without them.
    if (lines.length === 0 || body.items?.some((lineId) => !orderable.has(lineId))) {
      // Sold out (perhaps by the order that just took the last unit), or their shop is not selling.
      const [unavailable] = await tx
        .select({
          name: products.name,
          selling: sql<boolean>`${inStore}`,
          published: sql<boolean>`(${products.state} = 'publicado' and ${products.archivedAt} is null)`,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(and(chosenLines, orderable.size > 0 ? notInArray(cartItems.id, [...orderable]) : undefined))
        .limit(1);
      if (unavailable)
        throw new HttpError(
          409,
          unavailable.selling
            ? notEnoughStock(unavailable.name)
            : unavailable.published
              ? notSelling(unavailable.name)
              : notPublished(unavailable.name),
        );
      // A confirmed line is gone from the cart (removed, or ordered from another tab), whatever else it holds now.
      throw body.items ? new HttpError(409, CART_CHANGED_WHILE_REVIEWING) : new HttpError(400, EMPTY_CART);
    }

    // The products and their sizes, in the one order every writer of them uses (stock/locks.ts), before
    // the items' key-share locks and the stock taken: a rename, an edit or an import of them waits for
    // this order or this order for it, never both.
    await lockProducts(
      tx,
      lines.map((line) => line.productId),
      "stock",
    );
    const byShop = new Map<string, typeof lines>();
    for (const line of lines) byShop.set(line.shopId, [...(byShop.get(line.shopId) ?? []), line]);
    const subtotal = subtotalOf(lines);
    const partShipping = (shopId: string, shopLines: typeof lines) =>
      shopPartShippingFee(shippingOf.get(shopId)!, subtotalOf(shopLines), subtotal, settings.cart);
    const coupon = await cartCoupon(tx, { kind: "user", id: userId });
    // A shop's coupon counts only when this order has lines of its shop (issue 34); else it stays in the cart.
    const shopCoupons = new Map(
      (await cartShopCoupons(tx, { kind: "user", id: userId }))
        .filter((shopCoupon) => byShop.has(shopCoupon.shopId))
        .map((shopCoupon) => [shopCoupon.shopId, shopCoupon]),
    );
    // Checked and locked before anything is written: the uses, the dates, the seller's ending, the minimum.
    await lockOrderCoupons(
      tx,
      [
        ...(coupon ? [{ code: coupon.code, shopName: null, partSubtotal: 0 }] : []),
        ...[...shopCoupons.values()].map((shopCoupon) => ({
          code: shopCoupon.code,
          shopName: shopCoupon.shopName,
          partSubtotal: subtotalOf(byShop.get(shopCoupon.shopId)!),
        })),
      ],
      userId,
    );
    const discounts = orderDiscounts(
      [...byShop].map(([shopId, shopLines]) => ({ shopId, subtotal: subtotalOf(shopLines) })),
      coupon,
      shopCoupons,
    );
    const { discount, shopDiscount } = discounts;
    const shippingFee = [...byShop].reduce((sum, [shopId, shopLines]) => sum + partShipping(shopId, shopLines), 0);
    const total = subtotal - shopDiscount - discount + shippingFee;
    if (body.expectedTotal !== undefined && body.expectedTotal !== total)
      throw new HttpError(409, orderTotalChanged(formatUsd(total)));

    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        shippingInfo: body.shippingInfo,
        subtotal,
        discount,
        shopDiscount,
        shippingFee,
        total,
        couponCode: coupon?.code ?? null,
        expiresAt: sql`now() + make_interval(mins => ${settings.orders.expiryMinutes}::integer)`,
      })
      .returning({ id: orders.id });

    // Every line's rate as it is now, in one statement: a rate changed meanwhile applies to all or none.
    const rateOf = await commissionRatesOf(
      tx,
      lines.map((line) => line.productId),
      defaultCommissionBp(settings.orders),
    );
    const sellerNotices: NewNotification[] = [];
    for (const [shopId, shopLines] of byShop) {
      const commissioned = shopLines.map((line) => ({
        lineTotal: line.unitPrice * line.quantity,
        commissionBp: rateOf.get(line.productId)!,
      }));
      const shopSubtotal = subtotalOf(shopLines);
      const shopShippingFee = partShipping(shopId, shopLines);
      // The shop bears its coupon: its part charges, and its commission is taken on, the discounted subtotal.
      const partDiscount = discounts.byShop.get(shopId) ?? 0;
      const [shopOrder] = await tx
        .insert(shopOrders)
        .values({
          orderId: order!.id,
          shopId,
          subtotal: shopSubtotal,
          couponCode: shopCoupons.get(shopId)?.code ?? null,
          discount: partDiscount,
          shippingFee: shopShippingFee,
          total: shopSubtotal - partDiscount + shopShippingFee,
          commission: partCommission(commissioned, shopSubtotal - partDiscount),
        })
        .returning({ id: shopOrders.id });
      await tx.insert(orderItems).values(
        shopLines.map((line, index) => ({
          shopOrderId: shopOrder!.id,
          productId: line.productId,
          name: line.name,
          size: line.size,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          commissionBp: commissioned[index]!.commissionBp,
        })),
      );
      const units = shopLines.reduce((sum, line) => sum + line.quantity, 0);
      sellerNotices.push({
        userId: shopLines[0]!.ownerId,
        type: "pedido",
        orderId: order!.id,
        message: newOrderNotice(orderNumber(order!.id), shopLines[0]!.shopName, units),
      });
    }

    // Always in the same order (product, size), so concurrent orders cannot deadlock on the rows.
    const byProduct = [...lines].sort((a, b) => bySize(a.productId, b.productId) || bySize(a.size, b.size));
    // The stock movements the triggers write are sales by this buyer (README "Stock API").
    await setStockContext(tx, "venta", userId);
    const soldOut: typeof lines = [];
    for (const line of byProduct) {
      const left = await takeStock(tx, line);
      if (left === null) throw new HttpError(409, notEnoughStock(line.name));
      if (left === 0) soldOut.push(line);
    }
    if (coupon) {
      await redeemCoupon(tx, coupon.code, userId, order!.id);
      await tx.delete(cartCoupons).where(and(eq(cartCoupons.userId, userId), isNull(cartCoupons.shopId)));
    }
    for (const shopCoupon of shopCoupons.values()) {
      await redeemCoupon(tx, shopCoupon.code, userId, order!.id);
      await tx
        .delete(cartCoupons)
        .where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.couponCode, shopCoupon.code)));
    }
    await tx.delete(cartItems).where(
      inArray(
        cartItems.id,
        lines.map((line) => line.lineId),
      ),
    );
    // Each seller hears of the order once it is committed (DESIGN.md section 4).
    await notify(tx, sellerNotices);
    // The customer's mail: what to pay and until when.
    await queueOrderPlacedMail(tx, order!.id, mail);
    // A seller whose product (or size) this order emptied is mailed to restock it (issue 33).
    for (const line of soldOut)
      await queueEventMail(
        tx,
        mail,
        outOfStockMail(
          { productId: line.productId, name: line.name, size: line.size, shopName: line.shopName },
          await mailRecipient(tx, line.ownerId),
          mail.publicWebUrl,
        ),
      );
    return order!.id;
  });
}

/** A product's first image, if it still has one. */
const firstImage = sql<
  string | null
>`(select ${productImages.imageId}::text from ${productImages} where ${productImages.productId} = ${orderItems.productId} order by ${productImages.position} limit 1)`;

/**
 * The order with its shop orders and items, for its customer or an admin; anyone else is told it
 * does not exist. Expiry runs first, so an order past its time shows as expired.
 */
export async function orderDetail(db: Db, orderId: string, viewer: AuthUser, mail: MailContext): Promise<OrderDetail> {
  await expireUnpaidOrders(db, mail);
  const [order] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      createdAt: orders.createdAt,
      expiresAt: orderPayBy,
      expiredAt: orders.expiredAt,
      paidAt: orders.paidAt,
      method: orderPayments.method,
      amountPaid: orderPayments.amount,
      shippingInfo: orders.shippingInfo,
      subtotal: orders.subtotal,
      discount: orders.discount,
      couponCode: orders.couponCode,
      shopDiscount: orders.shopDiscount,
      shippingFee: orders.shippingFee,
      total: orders.total,
      deliveryStatus: orders.deliveryStatus,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order || (order.userId !== viewer.id && viewer.role !== "admin")) throw new HttpError(404, ORDER_NOT_FOUND);

  const [shopRows, itemRows] = await Promise.all([
    db
      .select({
        id: shopOrders.id,
        shopId: shopOrders.shopId,
        shopName: shops.name,
        subtotal: shopOrders.subtotal,
        couponCode: shopOrders.couponCode,
        discount: shopOrders.discount,
        shippingFee: shopOrders.shippingFee,
        total: shopOrders.total,
        deliveryStatus: shopOrders.deliveryStatus,
        paymentStatus: shopOrders.paymentStatus,
        trackingNumber: shopOrders.trackingNumber,
        shippedAt: shopOrders.shippedAt,
        deliveredAt: shopOrders.deliveredAt,
        receivedAt: shopOrders.receivedAt,
      })
      .from(shopOrders)
      .innerJoin(shops, eq(shops.id, shopOrders.shopId))
      .where(eq(shopOrders.orderId, orderId))
      .orderBy(asc(shops.name), asc(shopOrders.id)),
    db
      .select({
        shopOrderId: orderItems.shopOrderId,
        productId: orderItems.productId,
        name: orderItems.name,
        size: orderItems.size,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        image: firstImage,
      })
      .from(orderItems)
      .innerJoin(shopOrders, eq(shopOrders.id, orderItems.shopOrderId))
      .where(eq(shopOrders.orderId, orderId))
      .orderBy(asc(orderItems.name), asc(orderItems.size)),
  ]);

  const suborders: ShopOrder[] = shopRows.map((row) => ({
    _id: row.id,
    shopId: row.shopId,
    shopName: row.shopName,
    products: itemRows
      .filter((item) => item.shopOrderId === row.id)
      .map((item) => ({
        productId: item.productId,
        name: item.name,
        size: item.size === "" ? null : item.size,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        lineTotal: item.unitPrice * item.quantity,
        image: item.image,
      })),
    subtotal: row.subtotal,
    couponCode: row.couponCode,
    discount: row.discount,
    shipping_fee: row.shippingFee,
    price: row.total,
    delivery_status: row.deliveryStatus,
    payment_status: row.paymentStatus,
    trackingNumber: row.trackingNumber,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
  }));
  return {
    _id: order.id,
    number: orderNumber(order.id),
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    expired: order.expiredAt !== null,
    paidAt: order.paidAt?.toISOString() ?? null,
    payment_method: order.method,
    shippingInfo: order.shippingInfo,
    subtotal: order.subtotal,
    discount: order.discount,
    couponCode: order.couponCode,
    shopDiscount: order.shopDiscount,
    shipping_fee: order.shippingFee,
    price: order.total,
    amountPaid: order.amountPaid,
    refunded: order.amountPaid === null ? 0 : order.amountPaid - order.total,
    delivery_status: order.deliveryStatus,
    payment_status: order.paymentStatus,
    suborders,
  };
}
