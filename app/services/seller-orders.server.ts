import { data } from "@remix-run/node";
import { DELIVERY_STATUSES, orderStatusEndpoints, type DeliveryStatus } from "#contract/orders";
import { sellerOrderEndpoints } from "#contract/seller-orders";
import { longDateTime } from "#contract/store-time";
import { sellerOrderIntents } from "~/components/seller/seller-orders";
import { refusalOf } from "./account.server";
import { forbidden, pageErrorOf } from "./admin.server";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { readForm } from "./form.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";

/**
 * The seller's orders (issue 12): the shop's sub-orders as a list with search, status filter and
 * pages, one sub-order with its lines and money, and the status form (`PUT /seller/order-status/update/{id}`).
 */

export interface SellerOrdersFilter {
  page: number;
  searchValue: string;
  status: DeliveryStatus | "";
}

/** The list's address (`?searchValue=&status=&pageNumber=`) as a filter; anything odd is ignored. */
export function sellerOrdersFilter(params: URLSearchParams): SellerOrdersFilter {
  const page = Number(params.get("pageNumber") ?? "1");
  const status = params.get("status") ?? "";
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    searchValue: (params.get("searchValue") ?? "").trim().slice(0, 100),
    status: (DELIVERY_STATUSES as readonly string[]).includes(status) ? (status as DeliveryStatus) : "",
  };
}

/** `GET /seller/orders/{sellerId}`: one page of the shop's sub-orders, newest first. */
export async function getSellerOrders(area: SellerArea, filter: SellerOrdersFilter) {
  const answer = await area.account
    .call(sellerOrderEndpoints.list, {
      params: { sellerId: area.account.user.id },
      query: { page: filter.page, searchValue: filter.searchValue || undefined, status: filter.status || undefined },
    })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return { ...answer, orders: answer.orders.map((order) => ({ ...order, placedAt: longDateTime(order.createdAt) })) };
}

/** `GET /seller/order/{id}`: the sub-order, or the 404 page when it is not the shop's. */
export async function getSellerOrder(area: SellerArea, subOrderId: string | undefined) {
  const { order } = await area.account.call(sellerOrderEndpoints.detail, { params: { id: subOrderId ?? "" } }).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return { ...order, placedAt: longDateTime(order.createdAt) };
}

/** What the status form's action answers when it is refused: the message beside the form. */
export interface SellerOrderStatusRefusal {
  refused: string;
}

/**
 * The status form (intent `cambiar-estado`): a suspended shop is refused with its reason; a status
 * not offered now is refused by the API's rules; moved, back to the page with a flash.
 */
export async function sellerOrderStatusAction(args: RequestArgs, area: SellerArea, subOrderId: string, back: string) {
  const formData = await readForm(args.request);
  if (formData.get("intent") !== sellerOrderIntents.changeStatus) throw new Response(null, { status: 400, statusText: "Acción no válida" });
  const refuse = (status: number, refused: string) => data<SellerOrderStatusRefusal>({ refused }, { status });
  if (area.refusal) return refuse(403, area.refusal);
  const status = String(formData.get("status") ?? "");
  if (!(DELIVERY_STATUSES as readonly string[]).includes(status)) return refuse(400, "Elija el nuevo estado del pedido.");
  try {
    const moved = await area.account.call(orderStatusEndpoints.seller, { params: { id: subOrderId }, body: { status: status as DeliveryStatus } });
    return redirectWithFlash(args.context, back, { kind: "success", message: moved.message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw forbidden();
    if (error instanceof ApiError && error.status === 404) throw new Response(null, { status: 404, statusText: "No encontrado" });
    const refusal = refusalOf(error, []);
    return refuse(refusal.status, refusal.formErrors.join(" "));
  }
}
