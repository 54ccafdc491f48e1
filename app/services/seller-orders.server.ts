import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { offerEndpoints } from "#contract/offers";
import { DELIVERY_STATUSES, type DeliveryStatus } from "#contract/order-labels";
import { orderStatusEndpoints } from "#contract/orders";
import { sellerOrderEndpoints } from "#contract/seller-orders";
import { longDateTime } from "#contract/store-time";
import { sellerOfferAnswerSchema, sellerOrderStatusSchema } from "~/components/seller/seller-order-schemas";
import { sellerOrderIntents } from "~/components/seller/seller-orders";
import { refusalOf } from "./account.server";
import { forbidden, pageErrorOf } from "./admin.server";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { logError } from "./log.server";
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
  const { order } = await area.account
    .call(sellerOrderEndpoints.detail, { params: { id: subOrderId ?? "" } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    ...order,
    placedAt: longDateTime(order.createdAt),
    shippedOn: order.shippedAt ? longDateTime(order.shippedAt) : null,
    deliveredOn: order.deliveredAt ? longDateTime(order.deliveredAt) : null,
  };
}

/**
 * `GET /seller/offer/{orderId}/{userId}`: the pending offers on this sub-order, or null when they
 * cannot be read (the page says 'Error al obtener las ofertas' there and shows the rest).
 */
export async function getSellerOrderOffers(area: SellerArea, order: { orderId: string; _id: string }) {
  try {
    const { offers } = await area.account.call(offerEndpoints.sellerOffers, {
      params: { orderId: order.orderId, userId: area.account.user.id },
    });
    return offers
      .filter((offer) => offer.shopOrderId === order._id)
      .map((offer) => ({ ...offer, madeAt: longDateTime(offer.createdAt) }));
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudieron cargar las ofertas del pedido", error);
    return null;
  }
}

/** What the order page's actions answer when refused: the status form's result, or an offer's refusal beside it. */
export type SellerOrderActionAnswer =
  | { status: SubmissionResult<string[]> }
  | { offer: { offerId: string; refused: string } };

const answer = (body: SellerOrderActionAnswer, status: number) => data(body, { status });

/** A 401 the API gives is a session gone bad (the 403 page); a 404, an order no longer found. */
function pageErrorOfRefusal(error: unknown): void {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && error.status === 401) throw forbidden();
  if (error instanceof ApiError && error.status === 404)
    throw new Response(null, { status: 404, statusText: "No encontrado" });
}

/**
 * The status form (intent `cambiar-estado`): checked by its schema (shipping needs the tracking
 * number, its message beside the field); a suspended shop is refused with its reason; a status not
 * offered now is refused by the API's rules; moved, back to the page with a flash.
 */
export async function sellerOrderStatusAction(
  args: RequestArgs,
  area: SellerArea,
  formData: FormData,
  subOrderId: string,
  back: string,
) {
  const submission = parseWithZod(formData, { schema: sellerOrderStatusSchema });
  if (submission.status !== "success") return answer({ status: submission.reply() }, 400);
  if (area.refusal) return answer({ status: submission.reply({ formErrors: [area.refusal] }) }, 403);
  const { status, trackingNumber } = submission.value;
  try {
    const moved = await area.account.call(orderStatusEndpoints.seller, {
      params: { id: subOrderId },
      body: { status, trackingNumber },
    });
    return redirectWithFlash(args.context, back, { kind: "success", message: moved.message });
  } catch (error) {
    pageErrorOfRefusal(error);
    const refusal = refusalOf(error, ["trackingNumber"]);
    return answer(
      { status: submission.reply({ formErrors: refusal.formErrors, fieldErrors: refusal.fieldErrors }) },
      refusal.status,
    );
  }
}

/**
 * An offer's buttons (intents `aceptar-oferta`, `rechazar-oferta`): `POST /seller/handle-seller-response/`,
 * then back to the page (with the sub-order's new total) and a flash; a refusal (answered meanwhile,
 * the order paid or expired) beside the offer.
 */
export async function sellerOfferAction(args: RequestArgs, area: SellerArea, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: sellerOfferAnswerSchema });
  if (submission.status !== "success") throw new Response(null, { status: 400, statusText: "Acción no válida" });
  const { intent, offerId } = submission.value;
  if (area.refusal) return answer({ offer: { offerId, refused: area.refusal } }, 403);
  try {
    const answered = await area.account.call(offerEndpoints.respond, {
      body: { offerId, status: intent === sellerOrderIntents.acceptOffer ? "aceptada" : "rechazada" },
    });
    return redirectWithFlash(args.context, back, { kind: "success", message: answered.message });
  } catch (error) {
    pageErrorOfRefusal(error);
    const refusal = refusalOf(error, []);
    return answer({ offer: { offerId, refused: refusal.formErrors.join(" ") } }, refusal.status);
  }
}
