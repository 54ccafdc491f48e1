import { asc, eq } from "drizzle-orm";
import type { ShippingInfo } from "#contract/orders";
import type { DeliveryStatus, PaymentMethod } from "#contract/order-labels";
import type { Db, Transaction } from "../../db/client.js";
import { orderItems, orderPayments, orders, shopOrders, shops } from "../../db/schema.js";
import { orderPayBy } from "../orders/expiry.js";

/** One shop's part of an order as the order mails tell it. */
export interface MailShopPart {
  id: string;
  shopName: string;
  ownerId: string;
  subtotal: number;
  /** The shop's own coupon on this part and what it took off (issue 34). */
  couponCode: string | null;
  discount: number;
  shippingFee: number;
  total: number;
  deliveryStatus: DeliveryStatus;
  trackingNumber: string | null;
  lines: { name: string; size: string; quantity: number; unitPrice: number }[];
}

/** An order as the order mails tell it, read in the event's transaction. */
export interface MailOrder {
  id: string;
  userId: string;
  payBy: string;
  subtotal: number;
  discount: number;
  couponCode: string | null;
  /** The shops' own coupons in all. */
  shopDiscount: number;
  shippingFee: number;
  total: number;
  shippingInfo: ShippingInfo;
  method: PaymentMethod | null;
  parts: MailShopPart[];
}

/**
 * The order, its parts and their lines in two queries (the order row, then every line joined to its
 * part and shop), so a mail costs its event little.
 */
export async function mailOrder(tx: Db | Transaction, orderId: string): Promise<MailOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      payBy: orderPayBy,
      subtotal: orders.subtotal,
      discount: orders.discount,
      couponCode: orders.couponCode,
      shopDiscount: orders.shopDiscount,
      shippingFee: orders.shippingFee,
      total: orders.total,
      shippingInfo: orders.shippingInfo,
      method: orderPayments.method,
    })
    .from(orders)
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`No existe el pedido ${orderId} del correo.`);
  const rows = await tx
    .select({
      id: shopOrders.id,
      shopName: shops.name,
      ownerId: shops.ownerId,
      subtotal: shopOrders.subtotal,
      couponCode: shopOrders.couponCode,
      discount: shopOrders.discount,
      shippingFee: shopOrders.shippingFee,
      total: shopOrders.total,
      deliveryStatus: shopOrders.deliveryStatus,
      trackingNumber: shopOrders.trackingNumber,
      name: orderItems.name,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(shopOrders)
    .innerJoin(shops, eq(shops.id, shopOrders.shopId))
    .innerJoin(orderItems, eq(orderItems.shopOrderId, shopOrders.id))
    .where(eq(shopOrders.orderId, orderId))
    .orderBy(asc(shops.name), asc(shopOrders.id), asc(orderItems.name), asc(orderItems.size));
  const parts = new Map<string, MailShopPart>();
  for (const { name, size, quantity, unitPrice, ...part } of rows) {
    const known = parts.get(part.id) ?? { ...part, lines: [] };
    known.lines.push({ name, size, quantity, unitPrice });
    parts.set(part.id, known);
  }
  return { ...order, payBy: new Date(order.payBy).toISOString(), parts: [...parts.values()] };
}
