import {
  customerEndpoints,
  type CustomerDashboardAnswer,
  type CustomerOrderDetail,
  type CustomerOrdersAnswer,
} from "#contract/customer";
import { offerEndpoints, type Offer, type OfferCreatedAnswer } from "#contract/offers";
import { CUSTOMER_ORDER_FILTERS, type CustomerOrderFilter } from "#contract/order-labels";
import type { StatusChange } from "#contract/orders";
import { dateTime } from "./times.server";
import { walletEndpoints, type VoucherRedeemedAnswer, type WalletAnswer } from "#contract/wallet";
import { ApiError, imageUrl } from "./api.server";
import type { AccountClient } from "./auth.server";
import { orderNotFound, type PresentedItem } from "./orders.server";
import { logError } from "./log.server";
import type { CustomerOrderSummary } from "#contract/customer";

/** An order of the customer's lists, with its date already written by the server. */
export interface ListedOrder extends CustomerOrderSummary {
  placedAt: string;
}

/** An offer with its date already written by the server. */
export interface ListedOffer extends Offer {
  madeAt: string;
  /** The offer's deadline for the seller, written by the server. */
  answerBy: string;
}

/**
 * The customer's dashboard calls (SPEC.md section 7 "Dashboards", "Orders", "Wallet"), always as the
 * signed-in user: the API decides whose order is whose.
 */

export type { CustomerOrderFilter, Offer };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function getDashboardData(account: AccountClient): Promise<CustomerDashboardAnswer> {
  return account.call(customerEndpoints.dashboard, { params: { userId: account.user.id } });
}

/** Orders as the lists show them, each date written here so server and browser render the same text. */
export function listedOrders(orders: CustomerOrdersAnswer["orders"]): ListedOrder[] {
  return orders.map((order) => ({ ...order, placedAt: dateTime(order.createdAt) }));
}

export function getCustomerOrders(
  account: AccountClient,
  filter: CustomerOrderFilter,
  page: number,
): Promise<CustomerOrdersAnswer> {
  return account.call(customerEndpoints.orders, {
    params: { customerId: account.user.id, status: filter },
    query: { page },
  });
}

/** The user's own order with its shop orders; anything else (malformed, unknown, someone else's) is the 404 page. */
export async function getCustomerOrder(
  account: AccountClient,
  orderId: string | undefined,
): Promise<CustomerOrderDetail> {
  if (!orderId || !UUID.test(orderId)) throw orderNotFound();
  try {
    const { order } = await account.call(customerEndpoints.order, { params: { orderId } });
    return order;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403))
      throw orderNotFound();
    throw error;
  }
}

/** The order's offers, or null when they cannot be loaded (the page says so and shows the rest). */
export async function getOrderOffers(account: AccountClient, orderId: string): Promise<Offer[] | null> {
  try {
    const { offers } = await account.call(customerEndpoints.offers, { params: { orderId } });
    return offers;
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudieron cargar las ofertas", error);
    return null;
  }
}

/** «Lo he recibido» on one shop's part of the user's own order. */
export function confirmReceipt(account: AccountClient, shopOrderId: string): Promise<StatusChange> {
  return account.call(customerEndpoints.confirmReceipt, { params: { shopOrderId } });
}

export function proposeOffer(
  account: AccountClient,
  offer: { shopOrderId: string; price: number },
): Promise<OfferCreatedAnswer> {
  return account.call(offerEndpoints.propose, { body: offer });
}

export const WALLET_ERROR = "Error al obtener la cartera";

/** The wallet, or the reason it could not be read (SPEC.md section 8: the server's message, else a default). */
export async function getWallet(
  account: AccountClient,
): Promise<{ wallet: WalletAnswer; error: null } | { wallet: null; error: string }> {
  try {
    return { wallet: await account.call(walletEndpoints.wallet, { params: { id: account.user.id } }), error: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.hasServerMessage) return { wallet: null, error: error.message };
    logError("No se pudo cargar la cartera", error);
    return { wallet: null, error: WALLET_ERROR };
  }
}

export function redeemVoucher(account: AccountClient, code: string): Promise<VoucherRedeemedAnswer> {
  return account.call(walletEndpoints.redeemVoucher, { body: { code } });
}

export interface PresentedCustomerShopOrder extends Omit<CustomerOrderDetail["suborders"][number], "products"> {
  products: PresentedItem[];
  /** When the part was shipped, written for the page (null before). */
  shippedOn: string | null;
  /** When the customer confirmed they received it, written for the page (null before). */
  receivedOn: string | null;
}

/** The order as the details page shows it: images as addresses the browser reaches. */
export interface PresentedCustomerOrder extends Omit<CustomerOrderDetail, "suborders"> {
  suborders: PresentedCustomerShopOrder[];
}

export function presentCustomerOrder(order: CustomerOrderDetail): PresentedCustomerOrder {
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

/** The filter named in the address, or every order for anything unknown. */
export function orderFilterOf(value: string | null): CustomerOrderFilter {
  return (CUSTOMER_ORDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as CustomerOrderFilter) : "all";
}
