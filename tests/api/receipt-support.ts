import type { App } from "../../api/src/app";
import type { Customer } from "./orders-support";

/** Helpers the receipt and money-availability tests (PGlite and PostgreSQL) share. */

/** A seller (or an admin) moves one shop's part; shipping carries a tracking number. */
export function movePart(app: App, user: Customer, partId: string, status: string) {
  return app.inject({
    method: "PUT",
    url: `/seller/order-status/update/${partId}`,
    headers: user.headers,
    payload: status === "enviado" ? { status, trackingNumber: "ES-2026-445566" } : { status },
  });
}

/** An admin moves the whole order. */
export function moveOrder(app: App, admin: Customer, orderId: string, status: string) {
  return app.inject({
    method: "PUT",
    url: `/admin/order-status/update/${orderId}`,
    headers: admin.headers,
    payload: status === "enviado" ? { status, trackingNumber: "ES-2026-445566" } : { status },
  });
}

/** «Lo he recibido»: `user` confirms receipt of one shop's part. */
export function confirmReceipt(app: App, user: Customer | undefined, partId: string) {
  return app.inject({
    method: "POST",
    url: `/home/customer/order-received/${partId}`,
    headers: user?.headers ?? {},
  });
}

/** The answers' statuses counted, e.g. `{200: 1, 409: 5}`. */
export function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
  return responses.reduce<Record<number, number>>(
    (count, response) => ({ ...count, [response.statusCode]: (count[response.statusCode] ?? 0) + 1 }),
    {},
  );
}
