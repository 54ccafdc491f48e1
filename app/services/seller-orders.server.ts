import { offerEndpoints } from "#contract/offers";
import { DELIVERY_STATUSES, type DeliveryStatus } from "#contract/order-labels";
import { orderStatusEndpoints } from "#contract/orders";
import { sellerOrderEndpoints } from "#contract/seller-orders";
import { dateTime, deadline } from "./times.server";
import { answer, answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { sellerOrderIntents } from "~/routes/dashboard/seller/order-details.forms";
import {
  SELLER_ORDER_FORMS,
  sellerOfferAnswerSchema,
  sellerOrderStatusSchema,
} from "~/routes/dashboard/seller/order-details.schema";
import { sellerOrderPaths } from "~/routes/dashboard/seller/paths";
import { pageErrorOf } from "./admin.server";
import type { RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import type { SellerArea } from "./seller.server";
import { redirectWithFlash } from "./session.server";
import { ORDER_MESSAGE_INTENT } from "~/forms/order-message.forms";
import { orderMessageFormSchema } from "~/forms/order-message.schema";
import { loadOrderThreads, sendOrderMessage } from "./order-messages.server";
import { orderReturnIntents } from "~/forms/order-return.forms";
import { RETURN_FORM_SCHEMAS } from "~/forms/order-return.schema";
import { loadOrderReturns, returnFormTarget, sendReturnForm } from "./order-returns.server";

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
  return { ...answer, orders: answer.orders.map((order) => ({ ...order, placedAt: dateTime(order.createdAt) })) };
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
    placedAt: dateTime(order.createdAt),
    shippedOn: order.shippedAt ? dateTime(order.shippedAt) : null,
    deliveredOn: order.deliveredAt ? dateTime(order.deliveredAt) : null,
    receivedOn: order.receivedAt ? dateTime(order.receivedAt) : null,
    moneyAvailableOn: order.moneyAvailableAt ? dateTime(order.moneyAvailableAt) : null,
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
      .map((offer) => ({
        ...offer,
        madeAt: dateTime(offer.createdAt),
        answerBy: `${dateTime(offer.expiresAt)} (${deadline(offer.expiresAt).left})`,
      }));
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudieron cargar las ofertas del pedido", error);
    return null;
  }
}

/** The order page: the sub-order, its pending offers, and its forms' constraints. */
export async function loadSellerOrderPage(area: SellerArea, subOrderId: string | undefined) {
  const order = await getSellerOrder(area, subOrderId);
  const [offers, threads, returns] = await Promise.all([
    order.payment_status === "sin_pagar" ? getSellerOrderOffers(area, order) : [],
    loadOrderThreads(area.account, order.orderId),
    loadOrderReturns(area.account, order.orderId),
  ]);
  return {
    order,
    offers,
    // This part's thread (a seller reads only their own shop's), or null when it could not be read.
    messages: threads ? (threads.find((thread) => thread.shopOrderId === order._id) ?? null) : null,
    messageConstraint: formConstraints({ message: orderMessageFormSchema }).message,
    constraints: formConstraints({ status: sellerOrderStatusSchema, offer: sellerOfferAnswerSchema }),
    returns,
    returnConstraints: formConstraints(RETURN_FORM_SCHEMAS),
    locked: area.refusal !== null,
  };
}

/** An offer's form is named by its offer (several on the page); the status form is the only one of its kind. */
function offerOf(formData: FormData): string | undefined {
  const intent = formData.get("intent");
  if (intent === ORDER_MESSAGE_INTENT) return String(formData.get("shopOrderId") ?? "");
  if (formData.has("returnId")) return returnFormTarget(formData);
  return intent === sellerOrderIntents.changeStatus ? undefined : String(formData.get("offerId") ?? "");
}

/**
 * The order page's forms, then back to it with a flash. The status form (`PUT
 * /seller/order-status/update/{id}`): shipping needs the tracking number, its message beside the
 * field; a status not offered now is refused by the API's rules (409: someone moved it meanwhile,
 * the page's notice). An offer's buttons (`POST /seller/handle-seller-response/`): the sub-order's
 * new total on the page; a refusal (answered meanwhile, the order paid or expired) beside the
 * offer. A suspended shop is refused with its reason, what was typed kept.
 */
export async function sellerOrderAction(args: RequestArgs, area: SellerArea, subOrderId: string | undefined) {
  const order = await getSellerOrder(area, subOrderId);
  const back = sellerOrderPaths.details(order._id);
  const form = await parseIntentForm(args.request, SELLER_ORDER_FORMS, { target: offerOf });
  if (!form.ok) return form.answer;
  const target = offerOf(form.formData);
  if (area.refusal)
    return answer({ intent: form.intent, target, result: form.reply({ formErrors: [area.refusal] }) }, 403);
  try {
    switch (form.intent) {
      case sellerOrderIntents.changeStatus: {
        const { status, trackingNumber } = form.value;
        const moved = await area.account.call(orderStatusEndpoints.seller, {
          params: { id: order._id },
          body: { status, trackingNumber },
        });
        return redirectWithFlash(args.context, back, { kind: "success", message: moved.message });
      }
      case sellerOrderIntents.acceptOffer:
      case sellerOrderIntents.rejectOffer: {
        const answered = await area.account.call(offerEndpoints.respond, {
          body: {
            offerId: form.value.offerId,
            status: form.intent === sellerOrderIntents.acceptOffer ? "aceptada" : "rechazada",
          },
        });
        return redirectWithFlash(args.context, back, { kind: "success", message: answered.message });
      }
      case ORDER_MESSAGE_INTENT: {
        if (form.value.shopOrderId !== order._id) throw new Response(null, { status: 400 });
        return await sendOrderMessage(args, area.account, "tienda", form, back);
      }
      case orderReturnIntents.accept:
      case orderReturnIntents.refuse:
      case orderReturnIntents.received:
        return await sendReturnForm(args, area.account, "tienda", form, back);
    }
  } catch (error) {
    // A 401 is a session gone bad (the 403 page); a 404, an order no longer found.
    const fields = form.intent === sellerOrderIntents.changeStatus ? ["trackingNumber"] : [];
    return answerRefused(error, form, { fields, target, pageErrors: [401, 404] });
  }
}
