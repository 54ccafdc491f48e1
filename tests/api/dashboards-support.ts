import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INVALID_DASHBOARD_PERIOD, type AdminDashboardAnswer, type SellerDashboardAnswer } from "#contract/dashboards";
import { FORBIDDEN } from "#contract/messages";
import type { DeliveryStatus, PaymentStatus } from "#contract/order-labels";
import {
  images,
  offers,
  orderItems,
  orders,
  payoutMethods,
  products,
  shopOrders,
  shops,
  withdrawals,
} from "../../api/src/db/schema";
import { SHIPPING_INFO, signedInAs, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertShop, insertUser, useTestApi, type Catalogue } from "./support";

/**
 * The seller's and the admin's dashboards (issue 12), with exact figures for a known set of orders,
 * on PGlite (dashboards.test.ts) and on PostgreSQL 15 (dashboards-postgres.test.ts): the period's
 * arithmetic in the store's time zone is SQL, so both engines must agree. The clock is fixed at 2026-04-02 12:00 in Madrid (10:00 UTC, summer time), so the
 * 7-day period starts on 27 March at midnight in Madrid (23:00 UTC the day before, winter time: the
 * period crosses the change to summer time on 29 March) and the 30-day one on 4 March.
 */

const NOW = new Date("2026-04-02T10:00:00.000Z");
/** Midnight of 27 March in Madrid: where the 7-day period starts. */
const FROM_7 = "2026-03-26T23:00:00.000Z";
const PREVIOUS_FROM_7 = "2026-03-19T23:00:00.000Z";
const FROM_30 = "2026-03-03T23:00:00.000Z";
const PREVIOUS_FROM_30 = "2026-02-01T23:00:00.000Z";

interface PartFixture {
  shop: "centro" | "smash";
  shipping: number;
  payment: PaymentStatus;
  delivery: DeliveryStatus;
  /** Product slug, size ('' without), units, unit price. */
  lines: [string, string, number, number][];
}

/** The suite on an API of its own on `engine`. */
export function describeDashboards(engine: "PGlite" | "PostgreSQL") {
  describe(`paneles del vendedor y de la administración (${engine})`, () => {
    // Only Date is faked: the API reads "now" from it, while PGlite and Fastify keep their timers.
    beforeAll(() => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(NOW);
    });
    afterAll(() => {
      vi.useRealTimers();
    });
    const api = useTestApi({ engine });
    let catalogue: Catalogue;
    let centro: Customer;
    let smash: Customer;
    let admin: Customer;
    let customer: Customer;
    const parts: Record<string, { orderId: string; centro?: string; smash?: string }> = {};

    /** One order, paid at `paidAt` (null: unpaid), with a part per shop and what a coupon took off; created five minutes before its payment. */
    async function insertOrder(
      key: string,
      paidAt: string | null,
      createdAt: string,
      fixtures: PartFixture[],
      discount = 0,
    ) {
      const subtotals = fixtures.map((part) => part.lines.reduce((sum, [, , units, price]) => sum + units * price, 0));
      const subtotal = subtotals.reduce((sum, value) => sum + value, 0);
      const shipping = fixtures.reduce((sum, part) => sum + part.shipping, 0);
      const everyPart = (status: PaymentStatus) => fixtures.every((part) => part.payment === status);
      const [order] = await api.db
        .insert(orders)
        .values({
          userId: customer.id,
          shippingInfo: SHIPPING_INFO,
          subtotal,
          shippingFee: shipping,
          discount,
          total: subtotal + shipping - discount,
          paymentStatus: paidAt === null ? "sin_pagar" : everyPart("reembolsado") ? "reembolsado" : "pagado",
          deliveryStatus: fixtures.every((part) => part.delivery === "cancelado") ? "cancelado" : "pendiente",
          paidAt: paidAt === null ? null : new Date(paidAt),
          // Far ahead, so the expiry the dashboards run first leaves the unpaid one alone.
          expiresAt: new Date("2099-01-01T00:00:00.000Z"),
          createdAt: new Date(createdAt),
        })
        .returning({ id: orders.id });
      parts[key] = { orderId: order!.id };
      for (const [index, part] of fixtures.entries()) {
        const [row] = await api.db
          .insert(shopOrders)
          .values({
            orderId: order!.id,
            shopId: catalogue.shops[part.shop].id,
            subtotal: subtotals[index]!,
            shippingFee: part.shipping,
            total: subtotals[index]! + part.shipping,
            commission: Math.round(subtotals[index]! * 0.05),
            paymentStatus: part.payment,
            deliveryStatus: part.delivery,
            createdAt: new Date(createdAt),
          })
          .returning({ id: shopOrders.id });
        parts[key]![part.shop] = row!.id;
        for (const [slug, size, quantity, unitPrice] of part.lines) {
          const product = catalogue.bySlug[slug]!;
          await api.db.insert(orderItems).values({
            shopOrderId: row!.id,
            productId: product.id,
            name: product.name,
            size,
            quantity,
            unitPrice,
            commissionBp: 500,
          });
        }
      }
    }

    const get = (url: string, who?: Customer) => api.app.inject({ method: "GET", url, headers: who?.headers ?? {} });
    const sellerDashboard = async (who: Customer, query = ""): Promise<SellerDashboardAnswer> => {
      const response = await get(`/seller/get-dashboard-index-data${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const adminDashboard = async (query = ""): Promise<AdminDashboardAnswer> => {
      const response = await get(`/admin/get-dashboard-index-data${query}`, admin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    beforeAll(async () => {
      catalogue = await insertCatalogue(api.db);
      centro = await signedInAs(catalogue.owner.id, "seller");
      smash = await signedInAs(catalogue.smashOwner.id, "seller");
      admin = await signedInUser(api.db, "admin");
      customer = await signedInUser(api.db);

      // This period (7 days): two paid parts of Centro Pádel (one still to prepare), one of Tienda Smash.
      await insertOrder(
        "a",
        "2026-04-02T07:00:00.000Z",
        "2026-04-02T06:55:00.000Z",
        [
          {
            shop: "centro",
            shipping: 500,
            payment: "pagado",
            delivery: "pendiente",
            lines: [["pala-bullpadel-vertex-04", "", 1, 20000]],
          },
          {
            shop: "smash",
            shipping: 500,
            payment: "pagado",
            delivery: "enviado",
            lines: [["pelotas-head-padel-pro", "", 2, 700]],
          },
        ],
        2000,
      );
      // Paid at the very first instant of the 7-day period.
      await insertOrder("b", FROM_7, "2026-03-26T22:55:00.000Z", [
        {
          shop: "centro",
          shipping: 0,
          payment: "pagado",
          delivery: "entregado",
          lines: [["pala-nox-at10-genius", "", 1, 27000]],
        },
      ]);
      // A second earlier: the previous 7 days.
      await insertOrder(
        "c",
        "2026-03-26T22:59:59.000Z",
        "2026-03-26T22:54:59.000Z",
        [
          {
            shop: "centro",
            shipping: 500,
            payment: "pagado",
            delivery: "procesando",
            lines: [["zapatillas-asics-gel-padel-pro-5", "42", 1, 10200]],
          },
        ],
        1000,
      );
      // Before the previous 7 days, inside the 30.
      await insertOrder("d", "2026-03-19T22:00:00.000Z", "2026-03-19T21:55:00.000Z", [
        {
          shop: "centro",
          shipping: 500,
          payment: "pagado",
          delivery: "entregado",
          lines: [["zapatillas-joma-slam", "44", 2, 4200]],
        },
      ]);
      // Refunded (cancelled after payment): never a sale.
      await insertOrder("e", "2026-04-01T10:00:00.000Z", "2026-04-01T09:55:00.000Z", [
        {
          shop: "centro",
          shipping: 500,
          payment: "reembolsado",
          delivery: "cancelado",
          lines: [["pala-bullpadel-vertex-04", "", 1, 20000]],
        },
      ]);
      // Unpaid: no sale yet, but an offer waits on each shop's part.
      await insertOrder("f", null, "2026-04-01T12:00:00.000Z", [
        {
          shop: "centro",
          shipping: 500,
          payment: "sin_pagar",
          delivery: "pendiente",
          lines: [["pala-bullpadel-vertex-04", "", 1, 20000]],
        },
        {
          shop: "smash",
          shipping: 500,
          payment: "sin_pagar",
          delivery: "pendiente",
          lines: [["pala-head-delta-pro", "", 1, 9000]],
        },
      ]);
      // Tienda Smash alone, paid exactly 48 hours ago and still not prepared.
      await insertOrder("h", "2026-03-31T10:00:00.000Z", "2026-03-31T09:55:00.000Z", [
        {
          shop: "smash",
          shipping: 500,
          payment: "pagado",
          delivery: "pendiente",
          lines: [["zapatillas-bullpadel-hack-hybrid", "40", 1, 9000]],
        },
      ]);
      // The previous 30 days.
      await insertOrder("i", "2026-02-15T12:00:00.000Z", "2026-02-15T11:55:00.000Z", [
        {
          shop: "centro",
          shipping: 500,
          payment: "pagado",
          delivery: "entregado",
          lines: [["pala-bullpadel-vertex-04", "", 1, 20000]],
        },
      ]);

      // The deadline on the database's clock, which the sweep reads: Date is faked here, PostgreSQL's clock is not.
      await api.db.insert(offers).values([
        {
          shopOrderId: parts.f!.centro!,
          customerId: customer.id,
          price: 15000,
          createdAt: new Date("2026-04-01T12:10:00.000Z"),
          expiresAt: sql`now() + interval '24 hours'`,
        },
        {
          shopOrderId: parts.f!.smash!,
          customerId: customer.id,
          price: 8000,
          expiresAt: sql`now() + interval '24 hours'`,
        },
        {
          shopOrderId: parts.a!.centro!,
          customerId: customer.id,
          price: 18000,
          status: "rechazada",
          expiresAt: sql`now() + interval '24 hours'`,
        },
      ]);

      // Low stock: Vertex (5 at a threshold of 5) and two sizes of the Asics; another shop's and a deleted product do not count.
      const setProduct = (slug: string, values: Partial<typeof products.$inferInsert>) =>
        api.db.update(products).set(values).where(eq(products.id, catalogue.bySlug[slug]!.id));
      await setProduct("pala-bullpadel-vertex-04", { lowStockThreshold: 5 });
      await setProduct("zapatillas-asics-gel-padel-pro-5", { lowStockThreshold: 1 });
      await setProduct("pala-head-delta-pro", { lowStockThreshold: 5 });
      await setProduct("pelotas-bullpadel-premium-pro", {
        lowStockThreshold: 5,
        archivedAt: new Date("2026-03-01T00:00:00.000Z"),
      });

      // A shop request waiting, and a suspended shop whose product is off sale.
      await insertShop(api.db, {
        ownerId: (await insertUser(api.db)).id,
        name: "Solicitud Pendiente",
        slug: "solicitud-pendiente",
        status: "pendiente",
      });
      const suspendedOwner = await insertUser(api.db, { role: "seller" });
      await insertShop(api.db, {
        ownerId: suspendedOwner.id,
        name: "Tienda Suspendida",
        slug: "tienda-suspendida",
        status: "suspendida",
      });

      const payout = { kind: "transferencia", details: { banco: "Banco de Prueba" } };
      await api.db.insert(withdrawals).values([
        { userId: catalogue.owner.id, shopId: catalogue.shops.centro.id, amount: 3000, payout },
        { userId: catalogue.smashOwner.id, shopId: catalogue.shops.smash.id, amount: 2000, payout },
        { userId: catalogue.owner.id, shopId: catalogue.shops.centro.id, amount: 9000, payout, status: "confirmado" },
      ]);
    });

    it("el vendedor ve los últimos 7 días frente a los 7 anteriores: solo partes pagadas de su tienda, por la fecha de pago", async () => {
      const answer = await sellerDashboard(centro, "?period=7");
      expect(answer.period).toEqual({ days: 7, from: FROM_7, to: NOW.toISOString(), previousFrom: PREVIOUS_FROM_7 });
      // A (20500, pending) and B (27000, at the first instant); not E (refunded), F (unpaid) nor Tienda Smash's parts.
      expect(answer).toMatchObject({
        totalSale: 47500,
        totalOrder: 2,
        totalPendingOrder: 1,
        commission: 2350,
        netEarnings: 45150,
      });
      // C, one second before the period; D is older than both.
      expect(answer.previous).toEqual({
        totalSale: 10700,
        totalOrder: 1,
        totalPendingOrder: 0,
        commission: 510,
        netEarnings: 10190,
      });
      expect(answer.salesByDay).toEqual([
        { day: "2026-03-27", sale: 27000, orders: 1 },
        { day: "2026-03-28", sale: 0, orders: 0 },
        { day: "2026-03-29", sale: 0, orders: 0 },
        { day: "2026-03-30", sale: 0, orders: 0 },
        { day: "2026-03-31", sale: 0, orders: 0 },
        { day: "2026-04-01", sale: 0, orders: 0 },
        { day: "2026-04-02", sale: 20500, orders: 1 },
      ]);
      expect(answer.bestSellers.map(({ name, units, sale }) => [name, units, sale])).toEqual([
        ["Pala Nox AT10 Genius", 1, 27000],
        ["Pala Bullpadel Vertex 04", 1, 20000],
      ]);
      // Four products on sale: the deleted one is left out.
      expect(answer.totalProduct).toBe(4);
    });

    it("con 30 días (el periodo por omisión) cuenta también C y D, y compara con febrero", async () => {
      const answer = await sellerDashboard(centro);
      expect(answer.period).toEqual({ days: 30, from: FROM_30, to: NOW.toISOString(), previousFrom: PREVIOUS_FROM_30 });
      expect(answer).toMatchObject({
        totalSale: 67100,
        totalOrder: 4,
        totalPendingOrder: 1,
        commission: 3280,
        netEarnings: 63820,
      });
      expect(answer.previous).toEqual({
        totalSale: 20500,
        totalOrder: 1,
        totalPendingOrder: 0,
        commission: 1000,
        netEarnings: 19500,
      });
      expect(answer.salesByDay).toHaveLength(30);
      expect(answer.salesByDay[0]!.day).toBe("2026-03-04");
      expect(answer.salesByDay.reduce((sum, day) => sum + day.sale, 0)).toBe(67100);
      expect(answer.bestSellers.map(({ name, units }) => [name, units])).toEqual([
        ["Zapatillas Joma Slam", 2],
        ["Pala Nox AT10 Genius", 1],
        ["Pala Bullpadel Vertex 04", 1],
        ["Zapatillas Asics Gel Padel Pro 5", 1],
      ]);
    });

    it("pedidos recientes y tareas del vendedor: por preparar, ofertas pendientes y stock bajo", async () => {
      const answer = await sellerDashboard(centro, "?period=90");
      expect(answer.recentOrders.map((order) => order._id)).toEqual([
        parts.a!.centro,
        parts.f!.centro,
        parts.e!.centro,
        parts.b!.centro,
        parts.c!.centro,
      ]);
      expect(answer.recentOrders[0]).toMatchObject({
        total: 20500,
        commission: 1000,
        sellerNet: 19500,
        payment_status: "pagado",
        delivery_status: "pendiente",
      });
      expect(answer.todo.toPrepare).toBe(1);
      expect(answer.todo.pendingOffers.total).toBe(1);
      expect(answer.todo.pendingOffers.offers).toEqual([
        expect.objectContaining({
          subOrderId: parts.f!.centro,
          price: 15000,
          currentSubtotal: 20000,
          createdAt: "2026-04-01T12:10:00.000Z",
        }),
      ]);
      expect(answer.todo.lowStock).toEqual({
        total: 2,
        products: [
          {
            productId: catalogue.bySlug["pala-bullpadel-vertex-04"]!.id,
            name: "Pala Bullpadel Vertex 04",
            stock: 5,
            lowStockThreshold: 5,
            lowSizes: [],
          },
          {
            productId: catalogue.bySlug["zapatillas-asics-gel-padel-pro-5"]!.id,
            name: "Zapatillas Asics Gel Padel Pro 5",
            stock: 3,
            lowStockThreshold: 1,
            lowSizes: [
              { size: "40", stock: 0 },
              { size: "41", stock: 1 },
            ],
          },
        ],
      });
    });

    it("otra tienda ve solo lo suyo", async () => {
      const answer = await sellerDashboard(smash, "?period=7");
      // A's Tienda Smash part (1900) and H (9500, still to prepare).
      expect(answer).toMatchObject({
        totalSale: 11400,
        totalOrder: 2,
        totalPendingOrder: 1,
        commission: 520,
        netEarnings: 10880,
      });
      expect(answer.previous.totalSale).toBe(0);
      expect(answer.todo.toPrepare).toBe(1);
      expect(answer.todo.pendingOffers.offers.map((offer) => offer.subOrderId)).toEqual([parts.f!.smash]);
      expect(answer.todo.lowStock.products.map((product) => product.name)).toEqual(["Pala Head Delta Pro"]);
      expect(answer.recentOrders.map((order) => order._id)).toEqual([parts.a!.smash, parts.f!.smash, parts.h!.smash]);
    });

    it("una tienda ve sus primeros pasos hasta hacerlos: perfil, cobro, producto y envío", async () => {
      expect((await sellerDashboard(smash, "?period=7")).onboarding).toEqual({
        profile: false,
        payout: false,
        product: true,
        shipping: false,
      });
      // The store's shipping rule, confirmed on the shipping screen, counts as chosen.
      const shipping = await api.app.inject({
        method: "PUT",
        url: "/seller/shipping",
        headers: smash.headers,
        payload: { mode: "tienda" },
      });
      expect(shipping.statusCode, shipping.body).toBe(200);
      await api.db.insert(payoutMethods).values({
        userId: smash.id,
        kind: "transferencia",
        details: { holder: "Tienda Smash", bank: "Banco de Prueba", account: "01020000000000000001" },
      });
      // A description alone is not a profile: the logo is what shoppers see first.
      await api.db
        .update(shops)
        .set({ description: "Palas y zapatillas." })
        .where(eq(shops.id, catalogue.shops.smash.id));
      expect((await sellerDashboard(smash, "?period=7")).onboarding).toEqual({
        profile: false,
        payout: true,
        product: true,
        shipping: true,
      });
      const [logo] = await api.db.insert(images).values({ width: 400, height: 400 }).returning();
      await api.db.update(shops).set({ logoImageId: logo!.id }).where(eq(shops.id, catalogue.shops.smash.id));
      expect((await sellerDashboard(smash, "?period=7")).onboarding).toEqual({
        profile: true,
        payout: true,
        product: true,
        shipping: true,
      });
      // Another shop's steps are its own.
      expect((await sellerDashboard(centro, "?period=7")).onboarding.profile).toBe(false);
    });

    it("la administración ve toda la tienda: ventas, comisión ganada y tareas", async () => {
      const answer = await adminDashboard("?period=7");
      // A (both parts, one order), B and H; C is the previous period.
      // The shops' sales are before the coupons, which the store bears: A's 20.00 is said apart.
      expect(answer).toMatchObject({
        totalSale: 58900,
        totalOrder: 3,
        totalPendingOrder: 2,
        commission: 2870,
        couponDiscounts: 2000,
        totalProduct: 9,
        totalSeller: 2,
      });
      expect(answer.previous).toEqual({
        totalSale: 10700,
        totalOrder: 1,
        totalPendingOrder: 0,
        commission: 510,
        couponDiscounts: 1000,
      });
      expect(answer.salesByDay.filter((day) => day.sale > 0)).toEqual([
        { day: "2026-03-27", sale: 27000, orders: 1 },
        { day: "2026-03-31", sale: 9500, orders: 1 },
        { day: "2026-04-02", sale: 22400, orders: 1 },
      ]);
      expect(answer.bestSellers.map(({ name, units }) => [name, units])).toEqual([
        ["Pelotas Head Padel Pro", 2],
        ["Pala Nox AT10 Genius", 1],
        ["Pala Bullpadel Vertex 04", 1],
        ["Zapatillas Bullpadel Hack Hybrid", 1],
      ]);
      expect(answer.recentOrders.map((order) => order._id)).toEqual([
        parts.a!.orderId,
        parts.f!.orderId,
        parts.e!.orderId,
        parts.h!.orderId,
        parts.b!.orderId,
      ]);
      expect(answer.todo.shopRequests).toBe(1);
      expect(answer.todo.withdrawals).toEqual({ total: 2, amount: 5000 });
      // H was paid exactly 48 hours ago; A's Centro Pádel part only 3 hours ago.
      expect(answer.todo.unprepared).toEqual({
        hours: 48,
        total: 1,
        parts: [
          {
            subOrderId: parts.h!.smash,
            orderId: parts.h!.orderId,
            number: expect.any(String),
            shopName: "Tienda Smash",
            paidAt: "2026-03-31T10:00:00.000Z",
            hoursWaiting: 48,
          },
        ],
      });
    });

    it("un vendedor con la tienda suspendida ve su panel; sin tienda aprobada, 403", async () => {
      const suspended = await api.db.query.shops.findFirst({
        where: (shop, { eq: equals }) => equals(shop.slug, "tienda-suspendida"),
      });
      const answer = await sellerDashboard(await signedInAs(suspended!.ownerId, "seller"));
      expect(answer).toMatchObject({ totalSale: 0, totalOrder: 0, totalProduct: 0, recentOrders: [] });
      const pending = await api.db.query.shops.findFirst({
        where: (shop, { eq: equals }) => equals(shop.slug, "solicitud-pendiente"),
      });
      const refused = await get("/seller/get-dashboard-index-data", await signedInAs(pending!.ownerId, "seller"));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(FORBIDDEN);
    });

    it("cada panel es solo para su papel: 403 a los demás, 401 sin sesión, 400 a otro periodo", async () => {
      for (const who of [customer, admin]) {
        const response = await get("/seller/get-dashboard-index-data", who);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(FORBIDDEN);
      }
      for (const who of [customer, centro]) {
        const response = await get("/admin/get-dashboard-index-data", who);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(FORBIDDEN);
      }
      expect((await get("/seller/get-dashboard-index-data")).statusCode).toBe(401);
      expect((await get("/admin/get-dashboard-index-data")).statusCode).toBe(401);
      const odd = await get("/admin/get-dashboard-index-data?period=15", admin);
      expect(odd.statusCode).toBe(400);
      expect(odd.json().message).toBe(INVALID_DASHBOARD_PERIOD);
    });
  });
}
