import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  walletBelowPendingSales,
  walletStoredMismatch,
  withdrawalLedgerMismatch,
  withdrawalMissing,
  type BooksAnswer,
} from "#contract/books";
import type { WalletAnswer } from "#contract/wallet";
import { orders as ordersTable, shopOrders, walletEntries, withdrawals } from "../../api/src/db/schema";
import {
  customerWithOrder,
  payFromWallet,
  splitShopOwners,
  subOrderIds,
  type TwoSellers,
} from "./notifications-support";
import { putInCart, SHIPPING_INFO, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import { balancesOf, confirm, reject, savePayout, withdraw } from "./withdrawals-support";

/** A small seeded PRNG (mulberry32): the same seed replays the same mix. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface PlacedOrder {
  customer: Customer;
  orderId: string;
  parts: { centro: string; smash: string };
}

/**
 * Books that balance (issue 12) on PGlite: after every step of a random mix of orders (some with a
 * shop's own coupon and the store's, issue 34), offers,
 * payments, deliveries, cancellations by sellers and admins, withdrawals and decisions on them,
 * every shop's ledger rows add up to what its orders and withdrawals say. The seed is printed; set
 * BOOKS_SEED to replay one.
 */
describe("las cuentas de las tiendas cuadran (PGlite)", () => {
  // Sales are withdrawable once the customer confirms receipt, so the mix reaches withdrawals quickly.
  const api = useTestApi({
    config: { withdrawals: { saleAvailableAfterDays: 0, saleAvailableAfterShipmentDays: 14, minimumCents: 1000 } },
  });
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;

  const books = async (user: Customer = admin): Promise<BooksAnswer> => {
    const response = await api.app.inject({ method: "GET", url: "/admin/books", headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const walletAnswerOf = async (user: Customer): Promise<WalletAnswer> =>
    (await api.app.inject({ method: "GET", url: `/wallet/${user.id}`, headers: user.headers })).json();

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
    for (const seller of [sellers.centro, sellers.smash])
      expect((await savePayout(api.app, seller)).statusCode).toBe(200);
    // Smash's own coupon (issue 34): the shop bears it, so its credit and commission are on the discounted part.
    const coupon = await api.app.inject({
      method: "POST",
      url: "/seller/coupons",
      headers: sellers.smash.headers,
      payload: {
        code: "CUENTAS15",
        kind: "porcentaje",
        value: 15,
        validFrom: "2024-01-01",
        validUntil: "2099-12-31",
        maxUses: 1_000,
        maxUsesPerCustomer: 1,
        minSubtotal: 0,
      },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
  });

  it("solo la administración ve las cuentas", async () => {
    expect(
      (await api.app.inject({ method: "GET", url: "/admin/books", headers: sellers.centro.headers })).statusCode,
    ).toBe(403);
    const customer = await signedInUser(api.db);
    expect((await api.app.inject({ method: "GET", url: "/admin/books", headers: customer.headers })).statusCode).toBe(
      403,
    );
    expect((await api.app.inject({ method: "GET", url: "/admin/books" })).statusCode).toBe(401);
  });

  it("una mezcla al azar de pedidos, ofertas, pagos, entregas, cancelaciones, retiros y compras de los vendedores no deja ninguna diferencia", async () => {
    const seed = Number(process.env.BOOKS_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.info(`Cuentas: semilla ${seed} (repítala con BOOKS_SEED=${seed})`);
    const random = prng(seed);
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
    const orders: PlacedOrder[] = [];
    const pending: string[] = [];
    const sellerOf = (shop: "centro" | "smash") => sellers[shop];
    const shopOf = (): "centro" | "smash" => (random() < 0.5 ? "centro" : "smash");
    const put = (url: string, user: Customer, payload: unknown) =>
      api.app.inject({ method: "PUT", url, headers: user.headers, payload: payload as Record<string, unknown> });
    const post = (url: string, user: Customer, payload: unknown) =>
      api.app.inject({ method: "POST", url, headers: user.headers, payload: payload as Record<string, unknown> });
    const counts: Record<string, number> = {};

    for (let step = 0; step < 90; step++) {
      const roll = random();
      let action: string;
      if (orders.length === 0 || roll < 0.18) {
        // Half the orders carry Smash's own coupon, some the store's too (issue 34).
        const codes = random() < 0.5 ? ["CUENTAS15", ...(random() < 0.4 ? ["AHORRA20"] : [])] : [];
        action = codes.length > 0 ? `pedido con ${codes.join(" y ")}` : "pedido";
        const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue, codes);
        const parts = await subOrderIds(api.app, customer, orderId);
        orders.push({ customer, orderId, parts: { centro: parts["Centro Pádel"]!, smash: parts["Tienda Smash"]! } });
      } else if (roll < 0.28) {
        action = "oferta";
        const order = pick(orders)!;
        const shop = shopOf();
        const [part] = await api.db
          .select({ subtotal: shopOrders.subtotal })
          .from(shopOrders)
          .where(eq(shopOrders.id, order.parts[shop]));
        const proposed = await post("/home/customer/offer", order.customer, {
          shopOrderId: order.parts[shop],
          price: Math.max(1, part!.subtotal - 100),
        });
        if (proposed.statusCode === 201) {
          const answered = await post("/seller/handle-seller-response/", sellerOf(shop), {
            offerId: proposed.json().offer._id,
            status: random() < 0.7 ? "aceptada" : "rechazada",
          });
          expect([200, 409], answered.body).toContain(answered.statusCode);
        } else expect([400, 409], proposed.body).toContain(proposed.statusCode);
      } else if (roll < 0.45) {
        action = "pago";
        const order = pick(orders)!;
        const paying = await post("/payment/wallet", order.customer, { orderId: order.orderId });
        if (paying.statusCode === 400) await payFromWallet(api.app, api.db, order.customer, order.orderId);
        else expect([200, 409], paying.body).toContain(paying.statusCode);
      } else if (roll < 0.6) {
        // Mostly a paid part still on its way (the others are refused): the seller sends it or marks it
        // delivered, or the customer confirms receipt, which makes its money withdrawable.
        const order = pick(orders)!;
        const ready = await api.db
          .select({ id: shopOrders.id, shopId: shopOrders.shopId })
          .from(shopOrders)
          .where(
            and(
              eq(shopOrders.paymentStatus, "pagado"),
              inArray(shopOrders.deliveryStatus, ["pendiente", "procesando", "enviado", "entregado"]),
            ),
          );
        const target = random() < 0.8 ? pick(ready) : undefined;
        const shop = target ? (target.shopId === catalogue.shops.centro.id ? "centro" : "smash") : shopOf();
        const partId = target?.id ?? order.parts[shop];
        const how = random();
        // A seller's own purchase is not among `orders`: its parts only move by their seller here.
        const owner = orders.find((candidate) => Object.values(candidate.parts).includes(partId));
        if (how < 0.4 && owner) {
          const received = await post(`/home/customer/order-received/${partId}`, owner.customer, {});
          expect([200, 409], received.body).toContain(received.statusCode);
          action = `recibido ${received.statusCode}`;
        } else {
          const moved = await put(
            `/seller/order-status/update/${partId}`,
            sellerOf(shop),
            how < 0.8 ? { status: "enviado", trackingNumber: "ES-1234567" } : { status: "entregado" },
          );
          expect([200, 409], moved.body).toContain(moved.statusCode);
          action = `entrega ${moved.statusCode}`;
        }
      } else if (roll < 0.7) {
        const order = pick(orders)!;
        const byAdmin = random() < 0.5;
        const shop = shopOf();
        const cancelled = byAdmin
          ? await put(`/admin/order-status/update/${order.orderId}`, admin, { status: "cancelado" })
          : await put(`/seller/order-status/update/${order.parts[shop]}`, sellerOf(shop), { status: "cancelado" });
        expect([200, 409], cancelled.body).toContain(cancelled.statusCode);
        action = `cancelación ${cancelled.statusCode}`;
      } else if (roll < 0.88) {
        const seller = sellerOf(shopOf());
        const { availableAmount } = await balancesOf(api.app, seller);
        // Sometimes more than available, or under the minimum: refused, and the books must not move.
        const amount =
          availableAmount >= 1000 && random() < 0.7
            ? 1000 + Math.floor(random() * (availableAmount - 999))
            : Math.max(1, Math.floor(random() * (availableAmount + 3000)));
        const requested = await withdraw(api.app, seller, amount);
        action = `retiro ${requested.statusCode}`;
        if (requested.statusCode === 201) pending.push(requested.json().withdrawal._id);
        else expect(requested.statusCode, requested.body).toBe(400);
        expect(amount >= 1000 && amount <= availableAmount ? 201 : 400).toBe(requested.statusCode);
      } else if (roll < 0.93) {
        // A seller buys from the other shop with the wallet: only what is available pays (issue 31).
        const shop = shopOf();
        const buyer = sellerOf(shop);
        const { available } = await walletAnswerOf(buyer);
        await api.db.execute(
          sql`update products set stock = 50 where slug in ('pala-bullpadel-vertex-04', 'pelotas-head-padel-pro')`,
        );
        const product = shop === "centro" ? "pelotas-head-padel-pro" : "pala-bullpadel-vertex-04";
        await putInCart(api.db, buyer.id, catalogue.bySlug[product]!.id, 1);
        const placed = await post("/home/order/palce-order", buyer, { userId: buyer.id, shippingInfo: SHIPPING_INFO });
        expect(placed.statusCode, placed.body).toBe(201);
        const orderId = placed.json().orderId as string;
        const [order] = await api.db
          .select({ total: ordersTable.total })
          .from(ordersTable)
          .where(eq(ordersTable.id, orderId));
        const paying = await post("/payment/wallet", buyer, { orderId });
        expect(paying.statusCode, paying.body).toBe(order!.total <= available ? 200 : 400);
        action = `compra del vendedor ${paying.statusCode}`;
      } else {
        action = "decisión";
        const id = pending.splice(Math.floor(random() * pending.length), 1)[0];
        if (id) {
          const decided = random() < 0.6 ? await confirm(api.app, admin, id) : await reject(api.app, admin, id);
          expect(decided.statusCode, decided.body).toBe(200);
          action = "decisión tomada";
        }
      }
      counts[action] = (counts[action] ?? 0) + 1;
      const answer = await books();
      expect(
        answer.shops.filter((shop) => shop.difference !== 0),
        `semilla ${seed}, paso ${step} (${action})`,
      ).toEqual([]);
      expect(answer.wallets, `semilla ${seed}, paso ${step} (${action})`).toEqual([]);
      expect(answer.withdrawals, `semilla ${seed}, paso ${step} (${action})`).toEqual([]);
      for (const seller of [sellers.centro, sellers.smash]) {
        const balances = await balancesOf(api.app, seller);
        expect(balances.availableAmount, `semilla ${seed}, paso ${step} (${action})`).toBeGreaterThanOrEqual(0);
        expect(balances.amountWithdrawn, `semilla ${seed}, paso ${step} (${action})`).toBe(
          balances.requestedAmount + balances.withdrowAmount,
        );
      }
    }
    console.info(`Cuentas: ${JSON.stringify(counts)}`);
    const final = await books();
    expect(final.unbalanced).toBe(0);
    expect(final.shops.map((shop) => shop.shopName).sort()).toEqual(["Centro Pádel", "Tienda Smash"]);
  });

  it("una fila del libro que no corresponde a nada aparece como diferencia de su tienda", async () => {
    const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, customer, orderId);
    const part = (await subOrderIds(api.app, customer, orderId))["Centro Pádel"]!;
    // A reversal without a cancellation: the ledger says less than the orders do.
    await api.db.insert(walletEntries).values({
      userId: sellers.centro.id,
      amount: -500,
      reason: "Asiento erróneo de prueba",
      reference: `anulacion:${part}`,
    });
    const answer = await books();
    expect(answer.unbalanced).toBe(1);
    expect(answer.shops[0]).toMatchObject({ shopName: "Centro Pádel", difference: -500 });
    expect(answer.shops[0]!.ledger - answer.shops[0]!.expected).toBe(-500);
  });

  it("una cartera cuyo saldo guardado no coincide con sus movimientos aparece, con sus importes", async () => {
    const customer = await signedInUser(api.db);
    await api.db.insert(walletEntries).values({
      userId: customer.id,
      amount: 3000,
      reason: "Saldo de prueba",
      reference: `prueba:${crypto.randomUUID()}`,
    });
    // A stray write to the kept balance, past the trigger that keeps it.
    await api.db.execute(sql`update wallets set balance = balance + 123 where user_id = ${customer.id}`);
    const answer = await books();
    expect(answer.wallets).toEqual([
      expect.objectContaining({
        userId: customer.id,
        ledger: 3000,
        stored: 3123,
        pendingSales: 0,
        problems: [walletStoredMismatch(3123, 3000)],
      }),
    ]);
    expect(answer.unbalanced).toBe(2); // with the stray ledger row of the test before
    await api.db.execute(sql`update wallets set balance = balance - 123 where user_id = ${customer.id}`);
  });

  it("una cartera con menos dinero que sus ventas aún no disponibles aparece", async () => {
    const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
    await payFromWallet(api.app, api.db, customer, orderId);
    const balance = (await walletAnswerOf(sellers.smash)).balance;
    const { pendingAmount } = await balancesOf(api.app, sellers.smash);
    expect(pendingAmount).toBeGreaterThan(100);
    // Spent before the rule: everything but 100, less than the sales not yet available.
    const spent = balance - 100;
    await api.db.insert(walletEntries).values({
      userId: sellers.smash.id,
      amount: -spent,
      reason: "Compra anterior a la regla",
      reference: `prueba:${crypto.randomUUID()}`,
    });
    const flagged = (await books()).wallets.find((row) => row.userId === sellers.smash.id);
    expect(flagged).toMatchObject({ ledger: 100, stored: 100, pendingSales: pendingAmount });
    expect(flagged!.problems).toEqual([walletBelowPendingSales(100, pendingAmount)]);
    // Given back, so the next test reads only its own withdrawals.
    await api.db.insert(walletEntries).values({
      userId: sellers.smash.id,
      amount: spent,
      reason: "Devolución de prueba",
      reference: `prueba:${crypto.randomUUID()}`,
    });
  });

  it("un retiro cuyos movimientos no cuadran con su estado, o movimientos de un retiro que no existe, aparecen", async () => {
    // The random mix may have left little to withdraw: deliver sales, received, until there is enough.
    while ((await balancesOf(api.app, sellers.centro)).availableAmount < 2000) {
      const { customer, orderId } = await customerWithOrder(api.app, api.db, catalogue);
      await payFromWallet(api.app, api.db, customer, orderId);
      const part = (await subOrderIds(api.app, customer, orderId))["Centro Pádel"]!;
      const sent = await api.app.inject({
        method: "PUT",
        url: `/seller/order-status/update/${part}`,
        headers: sellers.centro.headers,
        payload: { status: "enviado", trackingNumber: "ES-1234567" },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const received = await api.app.inject({
        method: "POST",
        url: `/home/customer/order-received/${part}`,
        headers: customer.headers,
      });
      expect(received.statusCode, received.body).toBe(200);
    }
    const requested = await withdraw(api.app, sellers.centro, 1000);
    expect(requested.statusCode, requested.body).toBe(201);
    const id = requested.json().withdrawal._id as string;
    // Marked rejected without giving the money back: its entries still hold the amount.
    await api.db.update(withdrawals).set({ status: "rechazado", reason: "Prueba" }).where(eq(withdrawals.id, id));
    const stray = crypto.randomUUID();
    await api.db.insert(walletEntries).values({
      userId: sellers.centro.id,
      amount: 700,
      reason: "Retiro rechazado fantasma",
      reference: `retiro-rechazado:${stray}`,
    });
    const answer = await books();
    expect(answer.withdrawals).toEqual([
      {
        withdrawalId: id,
        userId: sellers.centro.id,
        shopName: "Centro Pádel",
        amount: 1000,
        status: "rechazado",
        expected: 0,
        ledger: -1000,
        problem: withdrawalLedgerMismatch(-1000, 0, "rechazado"),
      },
      {
        withdrawalId: stray,
        userId: sellers.centro.id,
        shopName: null,
        amount: null,
        status: null,
        expected: 0,
        ledger: 700,
        problem: withdrawalMissing(700),
      },
    ]);
  });
});
