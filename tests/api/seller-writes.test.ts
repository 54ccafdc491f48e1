import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import { shopSuspendedNoWrites } from "#contract/shops";
import { offers, orders, shopOrders, shops } from "../../api/src/db/schema";
import { customerWithOrder, payFromWallet, subOrderIds } from "./notifications-support";
import { orderWithOffer, signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertShop, insertUser, useTestApi, type Catalogue } from "./support";

/**
 * Issue 31, item 1: a suspended shop changes nothing through the API. Every seller write checks the
 * shop's state in one place (route()'s `sellerWrite` option and `lockSellerShop` in its
 * transaction, api/src/modules/shops/seller-writes.ts). The calls come from the built app's OpenAPI
 * document, so a write registered tomorrow is judged the day it appears: it answers a suspended
 * seller with the suspension, refuses sellers outright (403, admins' calls), or is named below as a
 * write a seller makes as a person, not as a shop. One route registered here without the guard
 * must be reported: a forgotten guard cannot pass.
 */

/**
 * Every write of a shop (issue 31: orders, offers, products, images, stock, withdrawals, payout method;
 * issue 34: replies to reviews, shipping, the shop's profile and vacation, bulk product actions, the
 * shop's own coupons).
 */
const SELLER_WRITES = [
  "DELETE /delete-product/{id}",
  "POST /product-add",
  "POST /product-image-update",
  "POST /product-update",
  "POST /seller/coupons",
  "POST /seller/coupons/{code}/end",
  "POST /seller/handle-seller-response/",
  "POST /seller/order-message",
  "POST /seller/review-reply",
  "POST /update-stock",
  "POST /withdraw",
  "PUT /seller/coupons/{code}",
  "PUT /seller/order-status/update/{id}",
  "PUT /seller/returns/{id}/answer",
  "PUT /seller/returns/{id}/received",
  "PUT /seller/payout-method",
  "POST /seller/products/bulk",
  "POST /seller/products/import",
  "POST /seller/products/import/apply",
  "POST /seller/products/{id}/request-review",
  "PUT /seller/shipping",
  "PUT /seller/profile",
  "PUT /seller/vacation",
  "POST /seller/shop-identity",
  "POST /seller/shop-identity/withdraw",
  "PUT /withdrawals/archive/{id}",
];

/**
 * Writes a seller may still make while their shop is suspended, because they are the person's and
 * not the shop's; each group says why.
 */
const PERSONAL_WRITES: Record<string, string[]> = {
  "la cuenta y la sesión": [
    "POST /user/register",
    "POST /user/login",
    "POST /refresh-token",
    "POST /logout",
    "PUT /user/profile/update",
    "PUT /user/region",
    "POST /user/profile/image/upload",
    "PUT /user/change-password",
    "POST /user/verify-email",
    "POST /user/resend-verification",
    "POST /user/forgot-password",
    "POST /user/reset-password",
  ],
  "sus compras, como cualquier cliente (nunca en su propia tienda)": [
    "POST /home/product/add-to-card",
    "DELETE /home/product/delete-card-product/{id}",
    "PUT /home/product/quantity-inc/{id}",
    "PUT /home/product/quantity-dec/{id}",
    "POST /home/product/add-to-wishlist",
    "DELETE /home/product/delete-wishlist-product/{id}",
    "POST /home/product/add-to-compare",
    "DELETE /home/product/delete-compare-product/{id}",
    "POST /home/product/merge-guest-lists",
    "POST /home/coupon/apply",
    "DELETE /home/coupon",
    "DELETE /home/coupon/{code}",
    "POST /home/order/palce-order",
    "POST /payment/wallet",
    "POST /payment/card",
    "POST /payment/paypal/create",
    "POST /payment/paypal/capture",
    "POST /wallet/voucher/redeem",
    "POST /home/customer/offer",
    "POST /home/customer/order-message",
    "POST /home/customer/order-received/{shopOrderId}",
    "POST /home/customer/returns",
    "POST /home/customer/submit-review",
    "POST /home/stock-alert",
    "POST /home/stock-alert/cancel",
    "POST /trial-class/booking",
    "DELETE /trial-class/booking",
    "POST /contact",
  ],
  "sus avisos": [
    "PATCH /user/notifiactions-read/{notificationId}",
    "DELETE /user/delete-notifications/{notificationId}",
    "POST /user/socket-token",
  ],
  // Which mails reach the person (issue 33); the unsubscribe link needs no session at all.
  "sus preferencias de correo": ["PUT /user/mail-preferences", "POST /mail/unsubscribe"],
  // A suspended shop's request is decided: applying again, replacing documents and switching to
  // seller mode answer 409 by the shop's own status (tests/api/shops.test.ts).
  "la solicitud de tienda": [
    "POST /request-auth-shop/{userId}",
    "POST /shop/replace-documents/{userId}",
    "PUT /user/activate-seller",
  ],
};

const UNGUARDED = "POST /seller/ruta-sin-guardia";

const REASON = "Documentación caducada.";
/** What every seller write answers the shops suspended here: the refusal, with the admin's reason. */
const SUSPENDED = shopSuspendedNoWrites(REASON);

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

describe("una tienda suspendida no escribe nada por la API", () => {
  // What a new seller write looks like when its author forgets `sellerWrite`.
  const api = useTestApi({
    extraRoutes: (app) =>
      app.post(UNGUARDED.split(" ")[1]!, { onRequest: app.authenticate }, async () => ({ message: "Hecho." })),
  });
  let catalogue: Catalogue;
  let suspended: Customer;
  let approved: Customer;
  let writes: string[];

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    const owner = await insertUser(api.db, { role: "seller" });
    await insertShop(api.db, {
      ownerId: owner.id,
      name: "Tienda Suspendida",
      slug: "tienda-suspendida",
      status: "suspendida",
      statusReason: REASON,
    });
    suspended = await signedInAs(owner.id, "seller");
    approved = await signedInAs(catalogue.owner.id, "seller");
    const document = (await api.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    writes = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((call) => !/^(GET|HEAD|OPTIONS) /.test(call));
  });

  /** One call with any valid ids in its path and an empty body. */
  function probe(call: string, caller: Customer) {
    const [method, path] = call.split(" ") as [Method, string];
    return api.app.inject({
      method,
      url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
      headers: caller.headers,
      payload: {},
    });
  }

  it("cada escritura de un vendedor responde 403 con el motivo; las demás son del administrador o de la persona", async () => {
    const personal = Object.values(PERSONAL_WRITES).flat();
    for (const call of [...SELLER_WRITES, ...personal]) expect(writes, call).toContain(call);

    const guarded: string[] = [];
    const unclassified: string[] = [];
    for (const call of writes) {
      const response = await probe(call, suspended);
      const { message } = response.json() as { message?: string };
      if (response.statusCode === 403 && message === SUSPENDED) guarded.push(call);
      // Refused to every seller by role: an admin's call (tests/api/admin-only.test.ts).
      else if (response.statusCode === 403 && message === FORBIDDEN) continue;
      else if (!personal.includes(call)) unclassified.push(`${call} (${response.statusCode})`);
    }
    expect(guarded.sort()).toEqual([...SELLER_WRITES].sort());
    // Only the route registered without the guard on purpose gets through.
    expect(unclassified).toEqual([`${UNGUARDED} (200)`]);
  });

  it("a una tienda aprobada la guarda no le niega nada, y la suspendida sigue leyendo su panel", async () => {
    for (const call of SELLER_WRITES) {
      const response = await probe(call, approved);
      expect(response.json().message, call).not.toBe(SUSPENDED);
    }
    for (const url of [
      "/products-get",
      "/seller/stock-control",
      `/seller/orders/${suspended.id}`,
      `/payment/withdrawal-balance/${suspended.id}`,
      "/seller/payout-method",
    ]) {
      const response = await api.app.inject({ method: "GET", url, headers: suspended.headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });

  describe("pedidos y ofertas de una tienda que el administrador suspende", () => {
    let admin: Customer;

    beforeAll(async () => {
      admin = await signedInUser(api.db, "admin");
      // Tienda Smash gets an owner of its own; Centro Pádel is the one suspended below.
      const smashOwner = await insertUser(api.db, { role: "seller" });
      await api.db.update(shops).set({ ownerId: smashOwner.id }).where(eq(shops.id, catalogue.shops.smash.id));
    });

    const suspend = async () => {
      const response = await api.app.inject({
        method: "POST",
        url: `/admin/shops/${catalogue.shops.centro.id}/suspend`,
        headers: admin.headers,
        payload: { reason: REASON },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const reactivate = async () => {
      const response = await api.app.inject({
        method: "POST",
        url: `/admin/shops/${catalogue.shops.centro.id}/reactivate`,
        headers: admin.headers,
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    it("el vendedor suspendido no mueve su parte pagada a ningún estado y el administrador aún la cancela y reembolsa", async () => {
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
      await payFromWallet(api.app, api.db, customer, orderId);
      const centroPart = (await subOrderIds(api.app, customer, orderId))["Centro Pádel"]!;
      await suspend();
      try {
        // A token issued after the suspension, as the web's refresh gets one.
        const seller = await signedInAs(catalogue.owner.id, "seller");
        for (const status of ["procesando", "cancelado", "entregado"]) {
          const response = await api.app.inject({
            method: "PUT",
            url: `/seller/order-status/update/${centroPart}`,
            headers: seller.headers,
            payload: status === "entregado" ? { status, trackingNumber: "ES123456789" } : { status },
          });
          expect(response.statusCode, `${status}: ${response.body}`).toBe(403);
          expect(response.json()).toEqual({ message: SUSPENDED });
        }
        const [part] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, centroPart));
        expect(part).toMatchObject({ deliveryStatus: "pendiente", paymentStatus: "pagado", deliveredAt: null });

        const cancelled = await api.app.inject({
          method: "PUT",
          url: `/admin/order-status/update/${orderId}`,
          headers: admin.headers,
          payload: { status: "cancelado" },
        });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        const [refunded] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, centroPart));
        expect(refunded).toMatchObject({ deliveryStatus: "cancelado", paymentStatus: "reembolsado" });
      } finally {
        await reactivate();
      }
    });

    it("el vendedor suspendido no acepta ni rechaza ofertas: el precio y el total del pedido no cambian", async () => {
      const vertex = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
      const customer = await signedInUser(api.db);
      const { orderId, part, offerId, totalBefore } = await orderWithOffer(api.app, api.db, customer, vertex.id);

      await suspend();
      try {
        const seller = await signedInAs(catalogue.owner.id, "seller");
        for (const status of ["aceptada", "rechazada"]) {
          const response = await api.app.inject({
            method: "POST",
            url: "/seller/handle-seller-response/",
            headers: seller.headers,
            payload: { offerId, status },
          });
          expect(response.statusCode, `${status}: ${response.body}`).toBe(403);
          expect(response.json()).toEqual({ message: SUSPENDED });
        }
        const [offer] = await api.db.select({ status: offers.status }).from(offers).where(eq(offers.id, offerId));
        expect(offer!.status).toBe("pendiente");
        const [after] = await api.db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
        expect(after!.total).toBe(totalBefore);
        const [unchanged] = await api.db
          .select({ subtotal: shopOrders.subtotal })
          .from(shopOrders)
          .where(eq(shopOrders.id, part.id));
        expect(unchanged!.subtotal).toBe(part.subtotal);
      } finally {
        await reactivate();
      }
    });
  });
});
