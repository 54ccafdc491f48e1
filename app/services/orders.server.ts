import { couponEndpoints, type CouponAnswer } from "#contract/coupons";
import {
  orderEndpoints,
  type OrderDetail,
  type OrderItem,
  type PlaceOrderAnswer,
  type ShippingInfo,
  type ShopOrder,
} from "#contract/orders";
import { paymentEndpoints, type CardMode, type PaymentAnswer } from "#contract/payments";
import { walletEndpoints } from "#contract/wallet";
import { dateTime } from "./times.server";
import { ApiError, imageUrl, type ApiClient } from "./api.server";
import type { AccountClient } from "./auth.server";

/**
 * The checkout's calls (SPEC.md section 7 "Orders", "Wallet and payments"), always as the
 * signed-in user: the API decides every price and whose order is whose.
 */

export type { OrderDetail, ShippingInfo };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 404 page, for an order id that is missing, malformed, unknown or someone else's. */
export function orderNotFound(): Response {
  return new Response(null, { status: 404, statusText: "Pedido no encontrado" });
}

/** The order named by `?orderId=` or a path segment; anything that is not the user's own order is a 404. */
export async function getOwnOrder(account: AccountClient, orderId: string | null | undefined): Promise<OrderDetail> {
  if (!orderId || !UUID.test(orderId)) throw orderNotFound();
  try {
    const { order } = await account.call(orderEndpoints.order, { params: { orderId } });
    return order;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403))
      throw orderNotFound();
    throw error;
  }
}

/** Orders the cart lines the shopper confirmed, refused when the server's total is not the one they saw. */
export function placeOrder(
  account: AccountClient,
  confirmed: { shippingInfo: ShippingInfo; items: string[]; expectedTotal: number | undefined },
): Promise<PlaceOrderAnswer> {
  const { shippingInfo, items, expectedTotal } = confirmed;
  return account.call(orderEndpoints.placeOrder, {
    body: { userId: account.user.id, shippingInfo, items: items.length > 0 ? items : undefined, expectedTotal },
  });
}

/** The coupon on the cart and what it takes off now (placing the order computes it again). */
export function getCouponPreview(account: AccountClient): Promise<CouponAnswer> {
  return account.call(couponEndpoints.preview);
}

/** What of the signed-in user's wallet pays an order: its available part, apart from sales not yet available. */
export async function getWalletFunds(account: AccountClient): Promise<{ available: number; pendingSales: number }> {
  const { available, pendingSales } = await account.call(walletEndpoints.wallet, { params: { id: account.user.id } });
  return { available, pendingSales };
}

/** PayPal when the API has its credentials, otherwise the labelled test-card mode. */
export async function getCardMode(api: ApiClient): Promise<CardMode> {
  const { cardMode } = await api.call(paymentEndpoints.options);
  return cardMode;
}

export function payWithWallet(account: AccountClient, orderId: string): Promise<PaymentAnswer> {
  return account.call(paymentEndpoints.wallet, { body: { orderId } });
}

export function payWithTestCard(
  account: AccountClient,
  card: { orderId: string; cardNumber: string; expiry: string; cvc: string; holder: string },
): Promise<PaymentAnswer> {
  return account.call(paymentEndpoints.card, { body: card });
}

export async function startPayPalPayment(account: AccountClient, orderId: string): Promise<string> {
  const { approveUrl } = await account.call(paymentEndpoints.paypalCreate, { body: { orderId } });
  return approveUrl;
}

export function capturePayPalPayment(
  account: AccountClient,
  orderId: string,
  paypalOrderId: string,
): Promise<PaymentAnswer> {
  return account.call(paymentEndpoints.paypalCapture, { body: { orderId, paypalOrderId } });
}

export interface PresentedItem extends Omit<OrderItem, "image"> {
  imageSrc: string | null;
}

export interface PresentedShopOrder extends Omit<ShopOrder, "products"> {
  products: PresentedItem[];
  /** When the part was shipped, written for the page (null before). */
  shippedOn: string | null;
  /** When the customer confirmed they received it, written for the page (null before). */
  receivedOn: string | null;
}

/** The order as the pages show it: images as addresses the browser reaches. */
export interface PresentedOrder extends Omit<OrderDetail, "suborders"> {
  suborders: PresentedShopOrder[];
}

export function presentOrder(order: OrderDetail): PresentedOrder {
  return {
    ...order,
    suborders: order.suborders.map((suborder) => ({
      ...suborder,
      products: suborder.products.map(({ image, ...item }) => ({
        ...item,
        imageSrc: image ? imageUrl(image, 200) : null,
      })),
      shippedOn: suborder.shippedAt ? dateTime(suborder.shippedAt) : null,
      receivedOn: suborder.receivedAt ? dateTime(suborder.receivedAt) : null,
    })),
  };
}
