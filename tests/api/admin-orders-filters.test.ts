import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ORDERS_CSV_MAX, ADMIN_ORDERS_CSV_TOO_MANY } from "#contract/admin-order-labels";
import type { AdminOrdersAnswer } from "#contract/admin-orders";
import { FORBIDDEN } from "#contract/messages";
import { orders } from "../../api/src/db/schema";
import { customerWithOrder, payFromWallet } from "./notifications-support";
import { placedOrderId, putInCart, signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

/**
 * The admin's orders filtered (issue 35) on PGlite: payment, delivery («sin enviar» included), shop
 * and store days, each alone and together with the search, every refusal beside its field, and the
 * CSV's call: every matching order, refused past its cap.
 */
describe("filtros y CSV de los pedidos de la administración (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let admin: Customer;
  /** Paid, both shops, placed 11/03/2026 00:30 in Madrid (23:30 UTC the day before). */
  let paidUnsent: string;
  /** Paid, both shops, sent; placed 20/03/2026. */
  let paidSent: string;
  /** Unpaid, Centro Pádel only, placed 10/03/2026 23:30 in Madrid. */
  let unpaidCentro: string;

  const setPlaced = (orderId: string, at: string) =>
    api.db
      .update(orders)
      .set({ createdAt: new Date(at) })
      .where(eq(orders.id, orderId));

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
    const first = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, first.customer, first.orderId);
    paidUnsent = first.orderId;
    const second = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, second.customer, second.orderId);
    paidSent = second.orderId;
    await api.db.update(orders).set({ deliveryStatus: "enviado" }).where(eq(orders.id, paidSent));
    const buyer = await signedInUser(api.db);
    await putInCart(api.db, buyer.id, catalogue.bySlug["pala-bullpadel-vertex-04"]!.id, 1);
    unpaidCentro = await placedOrderId(api.app, buyer);
    await setPlaced(paidUnsent, "2026-03-10T23:30:00Z");
    await setPlaced(paidSent, "2026-03-20T12:00:00Z");
    await setPlaced(unpaidCentro, "2026-03-10T22:30:00Z");
  });

  const get = (url: string, who = admin) => api.app.inject({ method: "GET", url, headers: who.headers });
  const listed = async (filters: Record<string, string>) => {
    const response = await get(`/admin/orders?${new URLSearchParams(filters)}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AdminOrdersAnswer).orders.map((order) => order._id);
  };

  it("filtra por pago, por entrega y «pagados sin enviar»", async () => {
    expect(await listed({ paymentStatus: "pagado" })).toEqual([paidSent, paidUnsent]);
    expect(await listed({ paymentStatus: "sin_pagar" })).toEqual([unpaidCentro]);
    expect(await listed({ paymentStatus: "reembolsado" })).toEqual([]);
    expect(await listed({ deliveryStatus: "enviado" })).toEqual([paidSent]);
    expect(await listed({ deliveryStatus: "sin_enviar" })).toEqual([paidUnsent, unpaidCentro]);
    expect(await listed({ paymentStatus: "pagado", deliveryStatus: "sin_enviar" })).toEqual([paidUnsent]);
    // Empty values are no filter, as a GET form sends them.
    expect(await listed({ paymentStatus: "", deliveryStatus: "", shopId: "", from: "", to: "" })).toHaveLength(3);
  });

  it("filtra por tienda y lista todas las tiendas para el filtro", async () => {
    expect(await listed({ shopId: catalogue.shops.smash.id })).toEqual([paidSent, paidUnsent]);
    expect(await listed({ shopId: catalogue.shops.centro.id })).toEqual([paidSent, paidUnsent, unpaidCentro]);
    const answer = (await get("/admin/orders")).json() as AdminOrdersAnswer;
    expect(answer.shops.map((shop) => shop.name)).toEqual(["Centro Pádel", "Tienda Smash"]);
  });

  it("filtra por días enteros de la tienda (Madrid), y junto con la búsqueda y la paginación", async () => {
    expect(await listed({ from: "2026-03-11", to: "2026-03-11" })).toEqual([paidUnsent]);
    expect(await listed({ to: "2026-03-10" })).toEqual([unpaidCentro]);
    expect(await listed({ from: "2026-03-11" })).toEqual([paidSent, paidUnsent]);
    expect(await listed({ from: "2026-03-12", to: "2026-03-31", paymentStatus: "pagado" })).toEqual([paidSent]);
    const number = paidUnsent.slice(0, 8);
    expect(await listed({ searchValue: number, from: "2026-03-11" })).toEqual([paidUnsent]);
    expect(await listed({ searchValue: number, to: "2026-03-10" })).toEqual([]);
    const paged = (
      await get(`/admin/orders?${new URLSearchParams({ paymentStatus: "pagado", parPage: "1", page: "2" })}`)
    ).json() as AdminOrdersAnswer;
    expect(paged).toMatchObject({ totalOrder: 2, page: 2 });
    expect(paged.orders.map((order) => order._id)).toEqual([paidUnsent]);
  });

  it("rechaza cada filtro no válido con su mensaje junto al campo, nunca un 500", async () => {
    const refusals: [Record<string, string>, string, string][] = [
      [{ paymentStatus: "regalado" }, "paymentStatus", "Elige un estado de pago de la lista."],
      [{ deliveryStatus: "perdido" }, "deliveryStatus", "Elige un estado de entrega de la lista."],
      [{ shopId: "tienda-smash" }, "shopId", "Elige una tienda de la lista."],
      [{ from: "2026-02-30" }, "from", "Escribe una fecha válida (día, mes y año)."],
      [{ to: "11/03/2026" }, "to", "Escribe una fecha válida (día, mes y año)."],
      [{ from: "1999-12-31" }, "from", "La fecha debe estar entre el 01/01/2020 y el 31/12/2099."],
      [{ from: "2026-03-12", to: "2026-03-11" }, "to", "El último día no puede ser anterior al primero."],
    ];
    for (const [filters, field, message] of refusals) {
      for (const path of ["/admin/orders", "/admin/orders/export"]) {
        const response = await get(`${path}?${new URLSearchParams(filters)}`);
        expect(response.statusCode, `${path} ${JSON.stringify(filters)}`).toBe(400);
        expect(response.json()).toMatchObject({ message, errors: [{ field, message }] });
      }
    }
    // The days' order is judged even when another filter is wrong too (decision 0025).
    const both = await get(
      `/admin/orders?${new URLSearchParams({ paymentStatus: "x", from: "2026-03-12", to: "2026-03-01" })}`,
    );
    expect((both.json() as { errors: { field: string }[] }).errors.map((error) => error.field).sort()).toEqual([
      "paymentStatus",
      "to",
    ]);
  });

  it("la exportación da todos los pedidos filtrados, sin páginas, solo a administradores", async () => {
    const seller = await signedInAs(catalogue.owner.id, "seller");
    const refused = await get("/admin/orders/export", seller);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FORBIDDEN });
    expect((await api.app.inject({ method: "GET", url: "/admin/orders/export" })).statusCode).toBe(401);

    const all = await get("/admin/orders/export?parPage=1");
    expect(all.statusCode, all.body).toBe(200);
    const rows = (all.json() as { orders: AdminOrdersAnswer["orders"] }).orders;
    expect(rows.map((order) => order._id)).toEqual([paidSent, paidUnsent, unpaidCentro]);
    expect(rows[1]).toMatchObject({ payment_status: "pagado", delivery_status: "pendiente", shopCount: 2 });
    const unsent = (
      await get(
        `/admin/orders/export?${new URLSearchParams({ paymentStatus: "pagado", deliveryStatus: "sin_enviar" })}`,
      )
    ).json() as { orders: { _id: string }[] };
    expect(unsent.orders.map((order) => order._id)).toEqual([paidUnsent]);
  });

  it(`rechaza una exportación de más de ${ADMIN_ORDERS_CSV_MAX} pedidos y acepta la acotada`, async () => {
    // Copies of the paid order, placed in April: one more than a download holds.
    await api.db.execute(sql`
      insert into orders
      select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
        'id', gen_random_uuid(), 'created_at', timestamptz '2026-04-15 10:00:00+00'))).*
      from orders o, generate_series(1, ${ADMIN_ORDERS_CSV_MAX + 1})
      where o.id = ${paidUnsent}`);
    const tooMany = await get("/admin/orders/export");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: ADMIN_ORDERS_CSV_TOO_MANY });
    const march = await get(`/admin/orders/export?${new URLSearchParams({ to: "2026-03-31" })}`);
    expect(march.statusCode).toBe(200);
    expect((march.json() as { orders: unknown[] }).orders).toHaveLength(3);
  });
});
