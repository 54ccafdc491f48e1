import { adminOrderEndpoints, ADMIN_ORDERS_PER_PAGE } from "#contract/admin-orders";
import { ADMIN_ORDER_SEARCH_MAX } from "#contract/limits";
import { formatUsd } from "#contract/money-format";
import { orderStatusEndpoints } from "#contract/orders";
import { dateTime } from "./times.server";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { adminOrderIntents } from "~/routes/dashboard/admin/order.forms";
import { ADMIN_ORDER_FORMS, adminOrderStatusSchema } from "~/routes/dashboard/admin/order.schema";
import type { AccountClient, RequestArgs } from "./auth.server";
import { pageErrorOf } from "./admin.server";
import { redirectWithFlash } from "./session.server";
import { loadOrderThreads } from "./order-messages.server";

/** /dashboard/admin/orders?searchValue=&pageNumber=: `GET /admin/orders`, prepared for the page. */
export async function adminOrdersPage(account: AccountClient, searchParams: URLSearchParams) {
  const searchValue = (searchParams.get("searchValue") ?? "").trim().slice(0, ADMIN_ORDER_SEARCH_MAX);
  const pageNumber = Number.parseInt(searchParams.get("pageNumber") ?? "1", 10);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const answer = await account
    .call(adminOrderEndpoints.list, { query: { page, parPage: ADMIN_ORDERS_PER_PAGE, searchValue } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    searchValue,
    orders: answer.orders.map((order) => ({
      ...order,
      date: dateTime(order.createdAt),
      total: formatUsd(order.price),
    })),
    totalOrder: answer.totalOrder,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(answer.totalOrder / answer.parPage)),
  };
}

/** /dashboard/admin/orders/{orderId}: `GET /admin/order/{id}`. */
export async function adminOrderPage(account: AccountClient, orderId: string) {
  const { order } = await account
    .call(adminOrderEndpoints.order, { params: { id: orderId } })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  return {
    order: {
      ...order,
      date: dateTime(order.createdAt),
      paidDate: order.paidAt ? dateTime(order.paidAt) : null,
      suborders: order.suborders.map((part) => ({
        ...part,
        shippedOn: part.shippedAt ? dateTime(part.shippedAt) : null,
        receivedOn: part.receivedAt ? dateTime(part.receivedAt) : null,
        moneyAvailableOn: part.moneyAvailableAt ? dateTime(part.moneyAvailableAt) : null,
      })),
    },
    constraint: formConstraints({ status: adminOrderStatusSchema }).status,
    // Every shop part's messages, read only (null when they could not be read).
    messages: await loadOrderThreads(account, order._id),
  };
}

/**
 * A status form's change, then back to the order with the API's message: one shop's part through
 * `PUT /seller/order-status/update/{id}` (admins may move any), the whole order through
 * `PUT /admin/order-status/update/{id}`. A refusal shows beside its form: the tracking number's
 * beside it, a status no longer allowed (409: someone moved the order meanwhile) as its notice, the
 * page read again; a role refused is the 403 page.
 */
export async function adminOrderAction(args: RequestArgs, account: AccountClient) {
  const form = await parseIntentForm(args.request, ADMIN_ORDER_FORMS, {
    target: (formData) => String(formData.get("target") ?? ""),
  });
  if (!form.ok) return form.answer;
  const { target, status, trackingNumber } = form.value;
  try {
    const endpoint = form.intent === adminOrderIntents.part ? orderStatusEndpoints.seller : orderStatusEndpoints.admin;
    const moved = await account.call(endpoint, { params: { id: target }, body: { status, trackingNumber } });
    return redirectWithFlash(args.context, new URL(args.request.url).pathname, {
      kind: "success",
      message: moved.message,
    });
  } catch (error) {
    return answerRefused(error, form, { fields: ["trackingNumber"], target, pageErrors: [401, 403] });
  }
}
