import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderPayments, shopOrders, vouchers, walletEntries } from "../../api/src/db/schema";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import {
  creditWallet,
  getOrder,
  makeOverdue,
  placedOrderId,
  putInCart,
  signedInUser,
  stockOf,
  type Customer,
} from "./orders-support";

const PAID = "Pago confirmado.";
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Lucía Pérez" };

/**
 * The catalogue of support.ts; each order below buys a Vertex (Centro Pádel, 20000) and two tubes
 * of Head balls (Tienda Smash, 1400): 21400 with free shipping, commissions 1000 and 70. Each shop
 * has its own seller (one shop per user); the balances below are the two sellers' together.
 */
describe("pagos", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  const ORDER_TOTAL = 21_400;
  const SELLER_CREDIT = 20_000 - 1000 + 1400 - 70;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  async function customerWithOrder(): Promise<{ customer: Customer; orderId: string }> {
    await api.db.execute(sql`update products set stock = 5 where slug = 'pala-bullpadel-vertex-04'`);
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, catalogue.bySlug["pala-bullpadel-vertex-04"]!.id, 1);
    await putInCart(api.db, customer.id, catalogue.bySlug["pelotas-head-padel-pro"]!.id, 2);
    return { customer, orderId: await placedOrderId(api.app, customer) };
  }

  const payWithWallet = (customer: Customer, orderId: string) =>
    api.app.inject({ method: "POST", url: "/payment/wallet", headers: customer.headers, payload: { orderId } });
  const payWithCard = (customer: Customer, orderId: string, card: Partial<typeof CARD> = {}) =>
    api.app.inject({
      method: "POST",
      url: "/payment/card",
      headers: customer.headers,
      payload: { orderId, ...CARD, ...card },
    });
  const walletOf = async (customer: Customer, userId = customer.id) =>
    (await api.app.inject({ method: "GET", url: `/wallet/${userId}`, headers: customer.headers })).json();
  const sellerBalance = async () =>
    (
      await api.db.execute<{ balance: number }>(
        sql`select coalesce(sum(amount), 0)::integer as balance from wallet_entries where user_id in (${catalogue.owner.id}, ${catalogue.smashOwner.id})`,
      )
    ).rows[0]!.balance;

  it("anuncia el modo de tarjeta de prueba sin credenciales de PayPal", async () => {
    expect((await api.app.inject({ method: "GET", url: "/payment/options" })).json()).toEqual({ cardMode: "prueba" });
  });

  it("paga con la cartera una sola vez y abona a la tienda su parte menos la comisión", async () => {
    const { customer, orderId } = await customerWithOrder();
    const sellerBefore = await sellerBalance();

    const short = await payWithWallet(customer, orderId);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: "Saldo insuficiente en la cartera." });

    await creditWallet(api.db, customer.id, 30_000);
    const paid = await payWithWallet(customer, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: PAID,
      order: { _id: orderId, payment_status: "pagado", payment_method: "cartera", price: ORDER_TOTAL },
    });
    expect(paid.json().order.suborders.map((suborder: { payment_status: string }) => suborder.payment_status)).toEqual([
      "pagado",
      "pagado",
    ]);

    const again = await payWithWallet(customer, orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(PAID);
    const wallet = await walletOf(customer);
    expect(wallet.balance).toBe(30_000 - ORDER_TOTAL);
    expect(wallet.entries).toHaveLength(2);
    expect(wallet.entries[0]).toMatchObject({
      amount: -ORDER_TOTAL,
      reason: `Pago del pedido #${orderId.slice(0, 8).toUpperCase()}`,
    });
    expect(await sellerBalance()).toBe(sellerBefore + SELLER_CREDIT);

    // A card payment of a paid order answers as paid and charges nothing.
    expect((await payWithCard(customer, orderId)).statusCode).toBe(200);
    expect(await api.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId))).toHaveLength(1);
    expect(await sellerBalance()).toBe(sellerBefore + SELLER_CREDIT);
  });

  it("paga con la tarjeta de prueba; la rechazada deja el pedido sin pagar", async () => {
    const { customer, orderId } = await customerWithOrder();
    const sellerBefore = await sellerBalance();

    const declined = await payWithCard(customer, orderId, { cardNumber: "4000 0000 0000 0002" });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ message: "Tarjeta rechazada. Usa otra tarjeta o paga con tu cartera." });
    expect((await getOrder(api.app, customer, orderId)).json().order.payment_status).toBe("sin_pagar");

    for (const cardNumber of ["4242 4242 4242 4241", "5555 5555 5555 4444", "12"]) {
      const invalid = await payWithCard(customer, orderId, { cardNumber });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe("Número de tarjeta no válido.");
    }
    // One message each: a number of the wrong shape is not also said to fail its check digit, and a
    // month 13 of a past year is a badly written date, not an expired card.
    expect((await payWithCard(customer, orderId, { cardNumber: "12" })).json().errors).toEqual([
      { field: "cardNumber", message: "Número de tarjeta no válido." },
    ]);
    for (const expiry of ["13/30", "13/20"]) {
      const badExpiry = await payWithCard(customer, orderId, { expiry });
      expect(badExpiry.json().errors).toEqual([
        { field: "expiry", message: "Escribe la fecha de caducidad como MM/AA." },
      ]);
    }
    expect((await payWithCard(customer, orderId, { expiry: "01/24" })).json().message).toBe(
      "La tarjeta está caducada.",
    );
    expect(await sellerBalance()).toBe(sellerBefore);

    const paid = await payWithCard(customer, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: PAID,
      order: { payment_status: "pagado", payment_method: "tarjeta_prueba" },
    });
    expect((await payWithCard(customer, orderId)).statusCode).toBe(200);
    expect(await sellerBalance()).toBe(sellerBefore + SELLER_CREDIT);
    const credits = await api.db
      .select({ reference: walletEntries.reference })
      .from(walletEntries)
      .innerJoin(shopOrders, sql`${walletEntries.reference} = 'venta:' || ${shopOrders.id}`)
      .where(eq(shopOrders.orderId, orderId));
    expect(credits).toHaveLength(2);
  });

  it("no cobra un pedido caducado ni el de otro cliente", async () => {
    const { customer, orderId } = await customerWithOrder();
    await creditWallet(api.db, customer.id, 50_000);
    const stranger = await signedInUser(api.db);
    await creditWallet(api.db, stranger.id, 50_000);

    const foreign = await payWithWallet(stranger, orderId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "Pedido no encontrado." });

    await makeOverdue(api.db, orderId);
    for (const response of [await payWithWallet(customer, orderId), await payWithCard(customer, orderId)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: "El pedido ha caducado." });
    }
    expect((await walletOf(customer)).balance).toBe(50_000);
    expect(await stockOf(api.db, catalogue.bySlug["pala-bullpadel-vertex-04"]!.id)).toBe(5);
  });
});

describe("cartera y vouchers", () => {
  const api = useTestApi();

  const redeem = (customer: Customer, code: string) =>
    api.app.inject({ method: "POST", url: "/wallet/voucher/redeem", headers: customer.headers, payload: { code } });

  it("muestra la cartera a su dueño y a un admin, no a otro usuario", async () => {
    const customer = await signedInUser(api.db);
    await creditWallet(api.db, customer.id, 1500);
    await creditWallet(api.db, customer.id, -500);
    const own = await api.app.inject({ method: "GET", url: `/wallet/${customer.id}`, headers: customer.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().balance).toBe(1000);
    expect(
      own
        .json()
        .entries.map((entry: { amount: number }) => entry.amount)
        .sort(),
    ).toEqual([-500, 1500]);
    expect(Object.keys(own.json().entries[0]).sort()).toEqual(["_id", "amount", "createdAt", "reason"]);

    const stranger = await signedInUser(api.db);
    expect(
      (await api.app.inject({ method: "GET", url: `/wallet/${customer.id}`, headers: stranger.headers })).statusCode,
    ).toBe(403);
    const admin = await signedInUser(api.db, "admin");
    expect(
      (await api.app.inject({ method: "GET", url: `/wallet/${customer.id}`, headers: admin.headers })).json().balance,
    ).toBe(1000);
    const empty = await api.app.inject({ method: "GET", url: `/wallet/${stranger.id}`, headers: stranger.headers });
    expect(empty.json()).toEqual({ balance: 0, pendingSales: 0, available: 0, entries: [] });
  });

  it("no deja cambiar ni borrar un movimiento de la cartera", async () => {
    const customer = await signedInUser(api.db);
    await creditWallet(api.db, customer.id, 1000);
    await expect(
      api.db.update(walletEntries).set({ amount: 1_000_000 }).where(eq(walletEntries.userId, customer.id)),
    ).rejects.toThrow();
    await expect(api.db.delete(walletEntries).where(eq(walletEntries.userId, customer.id))).rejects.toThrow();
    await expect(api.db.execute(sql`truncate wallet_entries`)).rejects.toThrow();
    const [row] = await api.db
      .select({ amount: walletEntries.amount })
      .from(walletEntries)
      .where(eq(walletEntries.userId, customer.id));
    expect(row!.amount).toBe(1000);
  });

  it("los vouchers de la especificación caducaron en 2024, al acabar su último día en Madrid", async () => {
    const customer = await signedInUser(api.db);
    const expiries = await api.db
      .select({ code: vouchers.code, amount: vouchers.amount, expiresAt: vouchers.expiresAt })
      .from(vouchers);
    expect(expiries.map((voucher) => [voucher.code, voucher.amount, voucher.expiresAt.toISOString()]).sort()).toEqual([
      ["VOUCHER1000", 100_000, "2024-08-17T22:00:00.000Z"],
      ["VOUCHER200", 20_000, "2024-08-31T22:00:00.000Z"],
      ["VOUCHER500", 50_000, "2024-09-10T22:00:00.000Z"],
    ]);
    for (const code of ["VOUCHER200", "VOUCHER500", "voucher1000"]) {
      const response = await redeem(customer, code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "Este voucher ha caducado." });
    }
    const unknown = await redeem(customer, "VOUCHER999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Voucher no encontrado." });
  });

  it("un voucher vigente se canjea una vez por usuario", async () => {
    await api.db
      .update(vouchers)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(vouchers.code, "VOUCHER200"));
    const customer = await signedInUser(api.db);
    const redeemed = await redeem(customer, "VOUCHER200");
    expect(redeemed.statusCode).toBe(200);
    // Spanish currency format: a no-break space before the symbol.
    expect(redeemed.json()).toEqual({
      message: "Voucher canjeado: 200,00\u00a0US$ añadidos a tu cartera.",
      balance: 20_000,
    });

    const twice = await redeem(customer, "VOUCHER200");
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: "Ya canjeaste este voucher." });

    const other = await signedInUser(api.db);
    expect((await redeem(other, "VOUCHER200")).json().balance).toBe(20_000);
    expect(
      (await api.app.inject({ method: "POST", url: "/wallet/voucher/redeem", payload: { code: "VOUCHER200" } }))
        .statusCode,
    ).toBe(401);
  });
});
