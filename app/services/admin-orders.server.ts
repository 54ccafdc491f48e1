import {
  ADMIN_ORDER_FILTER_FIELDS,
  adminOrderEndpoints,
  ADMIN_ORDERS_PER_PAGE,
  adminOrdersFilters,
  type AdminOrderFilterField,
  type AdminOrderRow,
  type AdminOrdersFilters,
} from "#contract/admin-orders";
import { ADMIN_ORDERS_CSV_MAX } from "#contract/admin-order-labels";
import { formatUsd } from "#contract/money-format";
import { DELIVERY_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "#contract/order-labels";
import { orderStatusEndpoints } from "#contract/orders";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { csvDownload, type CsvColumn } from "./csv.server";
import { ApiError } from "./api.server";
import { dateTime, shortDateTime } from "./times.server";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { adminOrderIntents } from "~/routes/dashboard/admin/order.forms";
import { ADMIN_ORDER_FORMS, adminOrderStatusSchema } from "~/routes/dashboard/admin/order.schema";
import type { AccountClient, RequestArgs } from "./auth.server";
import { pageErrorOf } from "./admin.server";
import { dayText } from "./promotions.server";
import { redirectWithFlash } from "./session.server";
import { redirect } from "@remix-run/node";
import { orderReturnIntents } from "~/forms/order-return.forms";
import { RETURN_FORM_SCHEMAS } from "~/forms/order-return.schema";
import { loadOrderReturns, returnFormTarget, sendReturnForm } from "./order-returns.server";
import { loadOrderThreads } from "./order-messages.server";

export type AdminOrderFilterErrors = Partial<Record<AdminOrderFilterField, string>>;
type TypedFilters = Record<AdminOrderFilterField, string>;

/**
 * The filters of the page's address (`?searchValue=&paymentStatus=&deliveryStatus=&shopId=&from=&to=`),
 * checked by the API's own schema: what was typed, and either the filters or each refused field's message.
 */
export function adminOrderFilters(searchParams: URLSearchParams) {
  const typed = Object.fromEntries(
    ADMIN_ORDER_FILTER_FIELDS.map((field) => [field, (searchParams.get(field) ?? "").trim()]),
  ) as TypedFilters;
  const checked = adminOrdersFilters.safeParse(typed);
  if (checked.success) return { typed, filters: checked.data, errors: null };
  const errors: AdminOrderFilterErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as AdminOrderFilterField;
    if (ADMIN_ORDER_FILTER_FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return { typed, filters: null, errors };
}

/** The filters in use as an address's query (empty ones left out), for the CSV link and the way back. */
function filterQuery(typed: TypedFilters): string {
  const params = new URLSearchParams();
  for (const field of ADMIN_ORDER_FILTER_FIELDS) if (typed[field] !== "") params.set(field, typed[field]);
  const query = params.toString();
  return query === "" ? "" : `?${query}`;
}

/** What the count line says is filtered: 'pago «Pagado», entrega «Sin enviar», tienda «X», del 01/11/2026 al 29/11/2026'. */
function filterWords(filters: AdminOrdersFilters, shops: { _id: string; name: string }[]): string[] {
  const words: string[] = [];
  if (filters.paymentStatus) words.push(`pago «${PAYMENT_STATUS_LABELS[filters.paymentStatus]}»`);
  if (filters.deliveryStatus)
    words.push(
      `entrega «${filters.deliveryStatus === "sin_enviar" ? "Sin enviar" : DELIVERY_STATUS_LABELS[filters.deliveryStatus]}»`,
    );
  if (filters.shopId)
    words.push(`tienda «${shops.find((shop) => shop._id === filters.shopId)?.name ?? "desconocida"}»`);
  if (filters.from && filters.to) words.push(`del ${dayText(filters.from)} al ${dayText(filters.to)}`);
  else if (filters.from) words.push(`desde el ${dayText(filters.from)}`);
  else if (filters.to) words.push(`hasta el ${dayText(filters.to)}`);
  if (filters.searchValue) words.push(`búsqueda «${filters.searchValue}»`);
  return words;
}

/**
 * /dashboard/admin/orders?…&pageNumber=: `GET /admin/orders` with the address's filters, prepared for
 * the page. A filter the API would refuse is said next to its field and nothing is listed until it
 * is corrected (the shops still come, for the form).
 */
export async function adminOrdersPage(account: AccountClient, searchParams: URLSearchParams) {
  const { typed, filters, errors } = adminOrderFilters(searchParams);
  const pageNumber = Number.parseInt(searchParams.get("pageNumber") ?? "1", 10);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const answer = await account
    .call(adminOrderEndpoints.list, {
      query: filters ? { ...filters, page, parPage: ADMIN_ORDERS_PER_PAGE } : { parPage: 1 },
    })
    .catch((error: unknown) => {
      throw pageErrorOf(error);
    });
  const totalOrder = filters ? answer.totalOrder : 0;
  return {
    typed,
    errors,
    shops: answer.shops,
    filterWords: filters ? filterWords(filters, answer.shops) : [],
    orders: filters
      ? answer.orders.map((order) => ({ ...order, date: dateTime(order.createdAt), total: formatUsd(order.price) }))
      : [],
    totalOrder,
    page: answer.page,
    totalPages: Math.max(1, Math.ceil(totalOrder / answer.parPage)),
    // The download holds every page; past the cap the page says to narrow the filters instead.
    csvHref:
      filters && totalOrder > 0 && totalOrder <= ADMIN_ORDERS_CSV_MAX
        ? `${adminPaths.ordersCsv}${filterQuery(typed)}`
        : null,
    csvTooMany: totalOrder > ADMIN_ORDERS_CSV_MAX,
  };
}

const ORDERS_CSV_COLUMNS: CsvColumn[] = [
  { header: "Pedido" },
  { header: "Fecha" },
  { header: "Cliente", text: true },
  { header: "Correo", text: true },
  { header: "Tiendas" },
  { header: "Total" },
  { header: "Pago" },
  { header: "Entrega" },
];

/** The orders as the CSV's rows: the list's columns, dates in the request's region, money as the store writes it. */
export function ordersCsvRows(orders: AdminOrderRow[]): string[][] {
  return orders.map((order) => [
    `#${order.number}`,
    shortDateTime(order.createdAt),
    order.customer.name,
    order.customer.email,
    String(order.shopCount),
    formatUsd(order.price),
    PAYMENT_STATUS_LABELS[order.payment_status],
    DELIVERY_STATUS_LABELS[order.delivery_status],
  ]);
}

/**
 * /dashboard/admin/orders.csv?<filters>: `GET /admin/orders/export`, every order the list's filters
 * match (all pages) as a CSV. Filters the API refuses, or more orders than the download holds, go
 * back to the list with the same filters and the reason as a flash.
 */
export async function adminOrdersCsv(args: RequestArgs, account: AccountClient) {
  const url = new URL(args.request.url);
  const { typed, filters } = adminOrderFilters(url.searchParams);
  const back = `${adminPaths.orders}${filterQuery(typed)}`;
  if (!filters) return redirect(back);
  try {
    const { orders } = await account.call(adminOrderEndpoints.export, { query: filters });
    return csvDownload("pedidos.csv", ORDERS_CSV_COLUMNS, ordersCsvRows(orders));
  } catch (error) {
    if (error instanceof ApiError && error.status === 400)
      return redirectWithFlash(args.context, back, { kind: "error", message: error.message });
    throw pageErrorOf(error);
  }
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
    // Every part's returns, which the admin answers in the shop's place once its time is over.
    returns: await loadOrderReturns(account, order._id),
    returnConstraints: formConstraints(RETURN_FORM_SCHEMAS),
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
    target: (formData) =>
      formData.has("returnId") ? returnFormTarget(formData) : String(formData.get("target") ?? ""),
  });
  if (!form.ok) return form.answer;
  if (
    form.intent === orderReturnIntents.accept ||
    form.intent === orderReturnIntents.refuse ||
    form.intent === orderReturnIntents.received
  )
    return sendReturnForm(args, account, "admin", form, new URL(args.request.url).pathname);
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
