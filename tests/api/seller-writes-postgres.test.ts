import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { shopSuspendedNoWrites } from "#contract/shops";
import { offers, orders, payoutMethods, shopOrders, shops, withdrawals } from "../../api/src/db/schema";
import { customerWithOrder, payFromWallet, subOrderIds } from "./notifications-support";
import { orderWithOffer, signedInAs, signedInUser, stockOf, type Customer } from "./orders-support";
import { insertCatalogue, insertUser, useTestApi, type Catalogue } from "./support";
import { receivedDaysAgo, PAGO_MOVIL, savePayout, withdraw } from "./withdrawals-support";

/**
 * Issue 31, item 1, on a real PostgreSQL: an admin suspends a shop while its seller's write is on
 * its way. The write has passed the check before its body (the suspension is not committed yet),
 * so only its transaction can still refuse it: it takes the shop's row first and waits for the
 * suspension, then sees it and changes nothing. No seller write is applied after the suspension
 * committed: orders, offers, money and stock alike.
 */
const REASON = "Documentación caducada.";

describe("escrituras del vendedor durante una suspensión en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 8 });
  let catalogue: Catalogue;
  let seller: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    seller = await signedInAs(catalogue.owner.id, "seller");
    // Tienda Smash gets an owner of its own; Centro Pádel is the one suspended.
    const smashOwner = await insertUser(api.db, { role: "seller" });
    await api.db.update(shops).set({ ownerId: smashOwner.id }).where(eq(shops.id, catalogue.shops.smash.id));
  });

  /**
   * Suspends Centro Pádel as the admin's call does (its row FOR UPDATE, then the new status) in a
   * transaction held open until `write` is waiting on a lock (or already answered), then commits;
   * reactivates the shop afterwards. Answers the write's response.
   */
  async function suspendedDuring<T>(write: () => Promise<T>): Promise<T> {
    let pending: Promise<T> | undefined;
    let settled = false;
    await api.db.transaction(async (tx) => {
      await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, catalogue.shops.centro.id)).for("update");
      await tx
        .update(shops)
        .set({ status: "suspendida", statusReason: REASON })
        .where(eq(shops.id, catalogue.shops.centro.id));
      pending = write().finally(() => {
        settled = true;
      });
      for (let attempt = 0; !settled; attempt++) {
        const waiting = await api.db.execute<{ count: number }>(
          sql`select count(*)::integer as count from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if (waiting.rows[0]!.count > 0) break;
        if (attempt > 500) throw new Error("la escritura no llegó a esperar a la suspensión");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    try {
      return await pending!;
    } finally {
      await api.db
        .update(shops)
        .set({ status: "aprobada", statusReason: null })
        .where(eq(shops.id, catalogue.shops.centro.id));
    }
  }

  const expectSuspended = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toEqual({ message: shopSuspendedNoWrites(REASON) });
  };

  it("marcar entregada una parte pagada espera a la suspensión y no se aplica", async () => {
    const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, customer, orderId);
    const centroPart = (await subOrderIds(api.app, customer, orderId))["Centro Pádel"]!;
    const response = await suspendedDuring(() =>
      api.app.inject({
        method: "PUT",
        url: `/seller/order-status/update/${centroPart}`,
        headers: seller.headers,
        payload: { status: "entregado", trackingNumber: "ES123456789" },
      }),
    );
    expectSuspended(response);
    const [part] = await api.db.select().from(shopOrders).where(eq(shopOrders.id, centroPart));
    expect(part).toMatchObject({ deliveryStatus: "pendiente", deliveredAt: null, trackingNumber: null });
  });

  it("aceptar una oferta espera a la suspensión y no cambia el precio", async () => {
    const customer = await signedInUser(api.db);
    await api.db.execute(sql`update products set stock = 50 where slug = 'pala-bullpadel-vertex-04'`);
    const { orderId, offerId, totalBefore } = await orderWithOffer(
      api.app,
      api.db,
      customer,
      catalogue.bySlug["pala-bullpadel-vertex-04"]!.id,
    );

    const response = await suspendedDuring(() =>
      api.app.inject({
        method: "POST",
        url: "/seller/handle-seller-response/",
        headers: seller.headers,
        payload: { offerId, status: "aceptada" },
      }),
    );
    expectSuspended(response);
    const [offer] = await api.db.select({ status: offers.status }).from(offers).where(eq(offers.id, offerId));
    expect(offer!.status).toBe("pendiente");
    const [after] = await api.db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
    expect(after!.total).toBe(totalBefore);
  });

  it("pedir un retiro o cambiar los datos de cobro espera a la suspensión y no se aplica", async () => {
    expect((await savePayout(api.app, seller)).statusCode).toBe(200);
    const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, customer, orderId);
    const centroPart = (await subOrderIds(api.app, customer, orderId))["Centro Pádel"]!;
    await receivedDaysAgo(api.db, centroPart, 30);

    expectSuspended(await suspendedDuring(() => withdraw(api.app, seller, 1000)));
    expect(await api.db.select().from(withdrawals).where(eq(withdrawals.userId, seller.id))).toEqual([]);

    const changed = { kind: "pago_movil", bank: "Mercantil", phone: "0424 765 43 21", idDocument: "v87654321" };
    expectSuspended(await suspendedDuring(() => savePayout(api.app, seller, changed)));
    const [method] = await api.db.select().from(payoutMethods).where(eq(payoutMethods.userId, seller.id));
    expect(method!.details).toMatchObject({ bank: PAGO_MOVIL.bank });
  });

  it("cambiar el stock espera a la suspensión y no se aplica", async () => {
    const product = catalogue.bySlug["pelotas-bullpadel-premium-pro"]!;
    const [row] = await api.db
      .execute<{
        stock: number;
        stock_version: number;
      }>(sql`select stock, stock_version from products where id = ${product.id}`)
      .then((result) => result.rows);
    const response = await suspendedDuring(() =>
      api.app.inject({
        method: "POST",
        url: "/update-stock",
        headers: seller.headers,
        payload: { productId: product.id, sellerId: seller.id, stockVersion: row!.stock_version, newStock: 40 },
      }),
    );
    expectSuspended(response);
    expect(await stockOf(api.db, product.id)).toBe(row!.stock);
  });
});
