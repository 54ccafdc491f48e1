import type { CouponAnswer, OrderAnswer, OrderDetail, OrderItem, PlaceOrderAnswer, ShippingInfo, ShopOrder } from "../../api/src/modules/orders/contract";
import type { PaymentAnswer, PaymentOptionsAnswer, PayPalApprovalAnswer } from "../../api/src/modules/payments/contract";
import type { WalletAnswer } from "../../api/src/modules/wallet/contract";
import { api, ApiError, imageUrl } from "./api.server";
import type { AccountClient } from "./auth.server";
import { STORE_TIME_ZONE } from "./store-time";

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
    const { order } = await account.call<OrderAnswer>(`/home/order/${encodeURIComponent(orderId)}`);
    return order;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403)) throw orderNotFound();
    throw error;
  }
}

export function placeOrder(account: AccountClient, shippingInfo: ShippingInfo): Promise<PlaceOrderAnswer> {
  return account.call<PlaceOrderAnswer>("/home/order/palce-order", {
    method: "POST",
    body: { userId: account.user.id, shippingInfo },
  });
}

/** The coupon on the cart and what it takes off now (placing the order computes it again). */
export function getCouponPreview(account: AccountClient): Promise<CouponAnswer> {
  return account.call<CouponAnswer>("/home/coupon");
}

export async function getWalletBalance(account: AccountClient): Promise<number> {
  const { balance } = await account.call<WalletAnswer>(`/wallet/${encodeURIComponent(account.user.id)}`);
  return balance;
}

/** PayPal when the API has its credentials, otherwise the labelled test-card mode. */
export async function getCardMode(clientAddress: string | undefined): Promise<PaymentOptionsAnswer["cardMode"]> {
  const { cardMode } = await api<PaymentOptionsAnswer>("/payment/options", { clientAddress });
  return cardMode;
}

export function payWithWallet(account: AccountClient, orderId: string): Promise<PaymentAnswer> {
  return account.call<PaymentAnswer>("/payment/wallet", { method: "POST", body: { orderId } });
}

export function payWithTestCard(
  account: AccountClient,
  card: { orderId: string; cardNumber: string; expiry: string; cvc: string; holder: string },
): Promise<PaymentAnswer> {
  return account.call<PaymentAnswer>("/payment/card", { method: "POST", body: card });
}

export async function startPayPalPayment(account: AccountClient, orderId: string): Promise<string> {
  const { approveUrl } = await account.call<PayPalApprovalAnswer>("/payment/paypal/create", { method: "POST", body: { orderId } });
  return approveUrl;
}

export function capturePayPalPayment(account: AccountClient, orderId: string, paypalOrderId: string): Promise<PaymentAnswer> {
  return account.call<PaymentAnswer>("/payment/paypal/capture", { method: "POST", body: { orderId, paypalOrderId } });
}

const clock = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: STORE_TIME_ZONE });
const dateTime = new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeStyle: "short", timeZone: STORE_TIME_ZONE });

/** 'HH:MM' in the store's time zone, formatted on the server so the page reads the same with or without JavaScript. */
export function clockTime(iso: string): string {
  return clock.format(new Date(iso));
}

export function longDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export interface PresentedItem extends Omit<OrderItem, "image"> {
  imageSrc: string | null;
}

export interface PresentedShopOrder extends Omit<ShopOrder, "products"> {
  products: PresentedItem[];
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
      products: suborder.products.map(({ image, ...item }) => ({ ...item, imageSrc: image ? imageUrl(image, 200) : null })),
    })),
  };
}
