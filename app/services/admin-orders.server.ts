import { data } from "@remix-run/node";
import { z } from "zod";
import { adminOrderEndpoints, ADMIN_ORDERS_PER_PAGE } from "#contract/admin-orders";
import { ADMIN_ORDER_SEARCH_MAX } from "#contract/limits";
import { formatUsd } from "#contract/money-format";
import { DELIVERY_STATUSES } from "#contract/order-labels";
import { orderStatusEndpoints, trackingNumberInput, trackingNumberRule } from "#contract/orders";
import { longDateTime } from "#contract/store-time";
import { adminOrderIntents } from "~/components/admin/admin-orders";
import { ApiError } from "./api.server";
import type { AccountClient } from "./auth.server";
import { forbidden, pageErrorOf } from "./admin.server";

/** What a status form sends: the part (or the order), the status chosen and, to ship, the carrier's tracking number. */
export const statusForm = z
  .object({
    intent: z.enum([adminOrderIntents.part, adminOrderIntents.order]),
    target: z.string().uuid(),
    status: z.enum(DELIVERY_STATUSES, { errorMap: () => ({ message: "Elige el nuevo estado." }) }),
    trackingNumber: trackingNumberInput,
  })
  .superRefine(trackingNumberRule);

/** A refused status change, shown beside its form (beside the tracking number when it is about it, with what was typed). */
export interface StatusRefusal {
  target: string;
  message: string;
  field?: "trackingNumber";
  /** What was chosen and typed, kept in the form. */
  status?: string;
  trackingNumber?: string;
}

/** The refusal of a form that did not pass `statusForm`: the tracking number's own message beside it, else the status's. */
export function invalidStatusForm(formData: FormData, error: z.ZodError): StatusRefusal {
  const typed = (name: string) => (typeof formData.get(name) === "string" ? String(formData.get(name)) : "");
  const tracking = error.issues.find((issue) => issue.path[0] === "trackingNumber");
  if (tracking)
    return {
      target: typed("target"),
      message: tracking.message,
      field: "trackingNumber",
      status: typed("status"),
      trackingNumber: typed("trackingNumber"),
    };
  return { target: typed("target"), message: "Elige el nuevo estado." };
}

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
      date: longDateTime(order.createdAt),
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
      date: longDateTime(order.createdAt),
      paidDate: order.paidAt ? longDateTime(order.paidAt) : null,
      suborders: order.suborders.map((part) => ({
        ...part,
        shippedOn: part.shippedAt ? longDateTime(part.shippedAt) : null,
      })),
    },
  };
}

/**
 * A status form's change: one shop's part through `PUT /seller/order-status/update/{id}` (admins may
 * move any), the whole order through `PUT /admin/order-status/update/{id}`. Answers the API's
 * message, or the refusal to show beside the form (a role refused is the 403 page).
 */
export async function changeStatus(
  account: AccountClient,
  form: z.infer<typeof statusForm>,
): Promise<{ message: string } | StatusRefusal> {
  try {
    const endpoint = form.intent === adminOrderIntents.part ? orderStatusEndpoints.seller : orderStatusEndpoints.admin;
    const answer = await account.call(endpoint, {
      params: { id: form.target },
      body: { status: form.status, trackingNumber: form.trackingNumber },
    });
    return { message: answer.message };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw forbidden();
    const tracking =
      error instanceof ApiError ? error.errors.find((fieldError) => fieldError.field === "trackingNumber") : undefined;
    if (tracking)
      return {
        target: form.target,
        message: tracking.message,
        field: "trackingNumber",
        status: form.status,
        trackingNumber: form.trackingNumber ?? "",
      };
    if (error instanceof ApiError && error.status < 500) return { target: form.target, message: error.message };
    throw error;
  }
}

export function refusal(answer: StatusRefusal, status = 409) {
  return data(answer, { status });
}
