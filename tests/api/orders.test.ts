import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { couponRedemptions, coupons, orders, shopOrders } from "../../api/src/db/schema";
import { CART_CHANGED_WHILE_REVIEWING, orderTotalChanged } from "#contract/orders";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";
import {
  applyCoupon,
  cartLineCount,
  getOrder,
  makeOverdue,
  placedOrderId,
  placeOrder,
  putInCart,
  SHIPPING_INFO,
  signedInUser,
  stockOf,
} from "./orders-support";

/**
 * The catalogue of support.ts with shipping free from 500 USD: Centro Pádel sells the Vertex
 * (20000) and the Asics (10200, size 42 has 2), Tienda Smash the Head balls (700, 50 in stock).
 */
describe("pedidos", () => {
  const FREE_SHIPPING_FROM = 50_000;
  const api = useTestApi({
    config: { cart: { shippingFeeCents: 500, freeShippingThresholdCents: FREE_SHIPPING_FROM } },
  });
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  const product = (slug: string) => catalogue.bySlug[slug]!;
  const vertex = () => product("pala-bullpadel-vertex-04");
  const asics = () => product("zapatillas-asics-gel-padel-pro-5");
  const balls = () => product("pelotas-head-padel-pro");

  async function resetStock() {
    await api.db.execute(sql`update products set stock = 5 where slug = 'pala-bullpadel-vertex-04'`);
    await api.db.execute(sql`update products set stock = 50 where slug = 'pelotas-head-padel-pro'`);
    await api.db.execute(sql`update product_sizes set stock = 2 where size = '42' and product_id = ${asics().id}`);
  }

  /** A customer whose cart holds a Vertex, Asics size 42 and two tubes of balls: two shops, 31600. */
  async function customerWithCart() {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, vertex().id, 1);
    await putInCart(api.db, customer.id, asics().id, 1, "42");
    await putInCart(api.db, customer.id, balls().id, 2);
    return customer;
  }

  it("crea un pedido con un subpedido por tienda, precios del servidor, envío y comisión, y toma el stock", async () => {
    await resetStock();
    const customer = await customerWithCart();
    const response = await placeOrder(api.app, customer, {
      price: 1,
      products: [{ productId: vertex().id, price: 1, quantity: 1 }],
      items: 4,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message, orderId } = response.json();
    expect(message).toBe("Pedido realizado.");

    const { order } = (await getOrder(api.app, customer, orderId)).json();
    expect(order).toMatchObject({
      _id: orderId,
      subtotal: 31_600,
      discount: 0,
      couponCode: null,
      shipping_fee: 1000,
      price: 32_600,
      delivery_status: "pendiente",
      payment_status: "sin_pagar",
      payment_method: null,
      expired: false,
      shippingInfo: SHIPPING_INFO,
    });
    const minutesLeft = (Date.parse(order.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    expect(order.suborders).toMatchObject([
      {
        shopName: "Centro Pádel",
        subtotal: 30_200,
        shipping_fee: 500,
        price: 30_700,
        payment_status: "sin_pagar",
        products: [
          { name: "Pala Bullpadel Vertex 04", size: null, quantity: 1, unitPrice: 20_000, lineTotal: 20_000 },
          { name: "Zapatillas Asics Gel Padel Pro 5", size: "42", quantity: 1, unitPrice: 10_200, lineTotal: 10_200 },
        ],
      },
      {
        shopName: "Tienda Smash",
        subtotal: 1400,
        shipping_fee: 500,
        price: 1900,
        products: [{ name: "Pelotas Head Padel Pro", quantity: 2, unitPrice: 700 }],
      },
    ]);
    expect(order.suborders[0].products[0].image).toBe(vertex().imageIds[0]);

    const commissions = await api.db
      .select({ subtotal: shopOrders.subtotal, commission: shopOrders.commission })
      .from(shopOrders)
      .where(eq(shopOrders.orderId, orderId));
    expect(commissions.sort((a, b) => a.subtotal - b.subtotal)).toEqual([
      { subtotal: 1400, commission: 70 },
      { subtotal: 30_200, commission: 1510 },
    ]);
    expect(await stockOf(api.db, vertex().id)).toBe(4);
    expect(await stockOf(api.db, asics().id, "42")).toBe(1);
    expect(await stockOf(api.db, asics().id)).toBe(2);
    expect(await stockOf(api.db, balls().id)).toBe(48);
    expect(await cartLineCount(api.db, customer.id)).toBe(0);
  });

  it("no cobra envío desde el umbral de envío gratis", async () => {
    await resetStock();
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, vertex().id, 2);
    await putInCart(api.db, customer.id, asics().id, 1, "42");
    const orderId = await placedOrderId(api.app, customer);
    const { order } = (await getOrder(api.app, customer, orderId)).json();
    expect(order).toMatchObject({ subtotal: 50_200, shipping_fee: 0, price: 50_200 });
    expect(order.suborders[0].shipping_fee).toBe(0);
  });

  it("pide solo las líneas indicadas en items y deja el resto en el carrito", async () => {
    await resetStock();
    const customer = await signedInUser(api.db);
    const ballsLine = await putInCart(api.db, customer.id, balls().id, 3);
    await putInCart(api.db, customer.id, vertex().id, 1);
    const orderId = await placedOrderId(api.app, customer, { items: [ballsLine] });
    const { order } = (await getOrder(api.app, customer, orderId)).json();
    expect(order.suborders).toHaveLength(1);
    expect(order.suborders[0].products).toMatchObject([{ name: "Pelotas Head Padel Pro", quantity: 3 }]);
    expect(await cartLineCount(api.db, customer.id)).toBe(1);
    expect(await stockOf(api.db, vertex().id)).toBe(5);
  });

  it("una línea confirmada en items que se agotó, o que ya no está en el carrito, rechaza el pedido sin tocar nada", async () => {
    await resetStock();
    const customer = await signedInUser(api.db);
    const ballsLine = await putInCart(api.db, customer.id, balls().id, 1);
    const vertexLine = await putInCart(api.db, customer.id, vertex().id, 1);
    // Another shopper took the last Vertex after this one's summary was drawn.
    await api.db.execute(sql`update products set stock = 0 where slug = 'pala-bullpadel-vertex-04'`);
    const ordersBefore = (await api.db.select({ id: orders.id }).from(orders)).length;

    const soldOut = await placeOrder(api.app, customer, { items: [ballsLine, vertexLine] });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ message: "No hay stock suficiente de «Pala Bullpadel Vertex 04»." });

    const gone = await placeOrder(api.app, customer, { items: [ballsLine, randomUUID()] });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ message: CART_CHANGED_WHILE_REVIEWING });
    // Every confirmed line gone while the cart holds others: the cart changed, it is not empty.
    const allGone = await placeOrder(api.app, customer, { items: [randomUUID()] });
    expect(allGone.statusCode).toBe(409);
    expect(allGone.json()).toEqual({ message: CART_CHANGED_WHILE_REVIEWING });

    expect((await api.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect(await stockOf(api.db, balls().id)).toBe(50);
    expect(await cartLineCount(api.db, customer.id)).toBe(2);
  });

  it("con un total confirmado distinto del que calcula el servidor no hace el pedido y dice el total nuevo", async () => {
    await resetStock();
    const customer = await signedInUser(api.db);
    const ballsLine = await putInCart(api.db, customer.id, balls().id, 2);
    // Two tubes (1400) and one shop's shipping (500): 1900. The shopper saw one tube, 1200.
    const changed = await placeOrder(api.app, customer, { items: [ballsLine], expectedTotal: 1200 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ message: orderTotalChanged("19,00\u00a0US$") });
    expect(await stockOf(api.db, balls().id)).toBe(50);
    expect(await cartLineCount(api.db, customer.id)).toBe(1);

    const bad = await placeOrder(api.app, customer, { items: [ballsLine], expectedTotal: "1900" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("El total confirmado no es válido.");

    const orderId = await placedOrderId(api.app, customer, { items: [ballsLine], expectedTotal: 1900 });
    expect((await getOrder(api.app, customer, orderId)).json().order).toMatchObject({ price: 1900 });
  });

  it("deja en el carrito las líneas agotadas y rechaza un carrito vacío o sin nada disponible", async () => {
    await resetStock();
    const customer = await signedInUser(api.db);
    const hack = await putInCart(api.db, customer.id, product("pala-bullpadel-hack-03").id, 1);
    await putInCart(api.db, customer.id, balls().id, 1);
    const orderId = await placedOrderId(api.app, customer);
    expect((await getOrder(api.app, customer, orderId)).json().order.suborders[0].products).toMatchObject([
      { name: "Pelotas Head Padel Pro" },
    ]);
    expect(await cartLineCount(api.db, customer.id)).toBe(1);

    const soldOut = await placeOrder(api.app, customer, { items: [hack] });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ message: "No hay stock suficiente de «Pala Bullpadel Hack 03»." });
    expect(await cartLineCount(api.db, customer.id)).toBe(1);

    const empty = await signedInUser(api.db);
    expect((await placeOrder(api.app, empty)).json()).toEqual({ message: "Tu carrito está vacío." });
  });

  it("con stock insuficiente no cambia nada y nombra el producto", async () => {
    await resetStock();
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, balls().id, 1);
    // The cart lowers a line to the stock when it is shown; one that was not shown since can be short.
    await putInCart(api.db, customer.id, asics().id, 3, "42");
    const ordersBefore = (await api.db.select({ id: orders.id }).from(orders)).length;

    const response = await placeOrder(api.app, customer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "No hay stock suficiente de «Zapatillas Asics Gel Padel Pro 5»." });
    expect((await api.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect(await stockOf(api.db, balls().id)).toBe(50);
    expect(await stockOf(api.db, asics().id, "42")).toBe(2);
    expect(await cartLineCount(api.db, customer.id)).toBe(2);
  });

  it("exige sesión, el propio usuario y datos de envío válidos", async () => {
    const customer = await customerWithCart();
    const other = await signedInUser(api.db);

    const anonymous = await api.app.inject({
      method: "POST",
      url: "/home/order/palce-order",
      payload: { userId: customer.id, shippingInfo: SHIPPING_INFO },
    });
    expect(anonymous.statusCode).toBe(401);

    const forged = await placeOrder(api.app, customer, { userId: other.id });
    expect(forged.statusCode).toBe(403);

    const invalid = await placeOrder(api.app, customer, {
      shippingInfo: { ...SHIPPING_INFO, phone: "llámame", city: " " },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        { field: "shippingInfo.city", message: "Escribe la ciudad." },
        { field: "shippingInfo.phone", message: "Escribe un teléfono válido, por ejemplo +58 412 555 0000." },
      ]),
    );
    // A postal code without a digit and a city without a letter are no address a parcel reaches.
    const nowhere = await placeOrder(api.app, customer, {
      shippingInfo: { ...SHIPPING_INFO, postCode: "abc", city: "1" },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual([
      { field: "shippingInfo.city", message: "Escribe el nombre de la ciudad." },
      { field: "shippingInfo.postCode", message: "El código postal no es válido." },
    ]);
    const missing = await placeOrder(api.app, customer, { shippingInfo: undefined });
    expect(missing.json().message).toBe("Completa los datos de envío.");
    expect(await cartLineCount(api.db, customer.id)).toBe(3);
  });

  it("muestra el pedido a su cliente y a un admin; a otro usuario le dice que no existe", async () => {
    await resetStock();
    const customer = await customerWithCart();
    const orderId = await placedOrderId(api.app, customer);
    const stranger = await signedInUser(api.db);
    const admin = await signedInUser(api.db, "admin");

    const hidden = await getOrder(api.app, stranger, orderId);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: "Pedido no encontrado." });
    expect((await getOrder(api.app, admin, orderId)).json().order._id).toBe(orderId);
    expect((await api.app.inject({ method: "GET", url: `/home/order/${orderId}` })).statusCode).toBe(401);
    expect((await getOrder(api.app, customer, "no-es-un-id")).statusCode).toBe(400);
  });

  it("un pedido sin pagar caduca una vez, devuelve su stock y su cupón", async () => {
    await resetStock();
    const customer = await customerWithCart();
    expect((await applyCoupon(api.app, customer, "AHORRA20")).statusCode).toBe(200);
    const orderId = await placedOrderId(api.app, customer);
    expect(await stockOf(api.db, asics().id, "42")).toBe(1);
    const usedBefore = (
      await api.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, "AHORRA20"))
    )[0]!.used;

    await makeOverdue(api.db, orderId);
    const { order } = (await getOrder(api.app, customer, orderId)).json();
    expect(order).toMatchObject({ expired: true, delivery_status: "cancelado", payment_status: "sin_pagar" });
    expect(order.suborders.map((suborder: { delivery_status: string }) => suborder.delivery_status)).toEqual([
      "cancelado",
      "cancelado",
    ]);
    expect(await stockOf(api.db, vertex().id)).toBe(5);
    expect(await stockOf(api.db, asics().id, "42")).toBe(2);
    expect(await stockOf(api.db, asics().id)).toBe(3);
    expect(await stockOf(api.db, balls().id)).toBe(50);
    expect(
      (await api.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, "AHORRA20")))[0]!.used,
    ).toBe(usedBefore - 1);
    expect(await api.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId))).toEqual([]);

    // Idempotent: calling the function again gives nothing back twice.
    const again = await api.db.execute(sql`select * from expire_unpaid_orders()`);
    expect(again.rows).toEqual([]);
    expect(await stockOf(api.db, balls().id)).toBe(50);
    // The coupon use came back with the stock: the customer may use it again.
    expect((await applyCoupon(api.app, customer, "AHORRA20")).statusCode).toBe(200);
  });
});

describe("cupones", () => {
  const api = useTestApi();
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  const balls = () => catalogue.bySlug["pelotas-head-padel-pro"]!;
  const vertex = () => catalogue.bySlug["pala-bullpadel-vertex-04"]!;

  it("aplica, muestra y quita el cupón del carrito", async () => {
    const customer = await signedInUser(api.db);
    const applied = await applyCoupon(api.app, customer, " ahorra20 ");
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({
      message: "Cupón aplicado.",
      coupon: { code: "AHORRA20", kind: "porcentaje", value: 20 },
      shopName: null,
    });
    // Applying the same coupon again changes nothing.
    expect((await applyCoupon(api.app, customer, "AHORRA20")).statusCode).toBe(200);
    const shown = await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers });
    expect(shown.json()).toEqual({
      coupon: { code: "AHORRA20", kind: "porcentaje", value: 20 },
      discount: 0,
      shopCoupons: [],
      shopDiscount: 0,
    });

    const removed = await api.app.inject({ method: "DELETE", url: "/home/coupon", headers: customer.headers });
    expect(removed.json()).toEqual({ message: "Cupón quitado del carrito." });
    expect((await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers })).json()).toEqual({
      coupon: null,
      discount: 0,
      shopCoupons: [],
      shopDiscount: 0,
    });
    expect((await api.app.inject({ method: "GET", url: "/home/coupon" })).statusCode).toBe(401);
  });

  it("un visitante aplica un cupón a su carrito y lo conserva al iniciar sesión, salvo si ya lo usó", async () => {
    const guest = { authorization: `Guest ${randomUUID()}` };
    const applied = await api.app.inject({
      method: "POST",
      url: "/home/coupon/apply",
      headers: guest,
      payload: { code: "AHORRA20" },
    });
    expect(applied.statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url: "/home/coupon", headers: guest })).json().coupon.code).toBe(
      "AHORRA20",
    );
    expect(
      (await api.app.inject({ method: "GET", url: "/home/coupon", headers: { authorization: "Guest no-es-un-id" } }))
        .statusCode,
    ).toBe(401);

    const customer = await signedInUser(api.db);
    const merge = (guestHeader: { authorization: string }) =>
      api.app.inject({
        method: "POST",
        url: "/home/product/merge-guest-lists",
        headers: customer.headers,
        payload: { guestId: guestHeader.authorization.slice("Guest ".length) },
      });
    expect((await merge(guest)).statusCode).toBe(200);
    expect(
      (await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers })).json().coupon.code,
    ).toBe("AHORRA20");
    expect((await api.app.inject({ method: "GET", url: "/home/coupon", headers: guest })).json()).toEqual({
      coupon: null,
      discount: 0,
      shopCoupons: [],
      shopDiscount: 0,
    });

    // Once the user has used AHORRA20, a visitor's AHORRA20 does not follow them into their cart.
    await putInCart(api.db, customer.id, balls().id, 1);
    await placedOrderId(api.app, customer);
    const laterGuest = { authorization: `Guest ${randomUUID()}` };
    expect(
      (
        await api.app.inject({
          method: "POST",
          url: "/home/coupon/apply",
          headers: laterGuest,
          payload: { code: "AHORRA20" },
        })
      ).statusCode,
    ).toBe(200);
    expect((await merge(laterGuest)).statusCode).toBe(200);
    expect((await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers })).json()).toEqual({
      coupon: null,
      discount: 0,
      shopCoupons: [],
      shopDiscount: 0,
    });
  });

  it("rechaza un código inventado, uno fuera de plazo y un segundo cupón", async () => {
    const customer = await signedInUser(api.db);
    const forged = await applyCoupon(api.app, customer, "AHORRA99");
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ message: "Cupón no encontrado." });
    expect((await applyCoupon(api.app, customer, "")).statusCode).toBe(400);

    expect((await applyCoupon(api.app, customer, "REGALO50")).statusCode).toBe(200);
    const stacked = await applyCoupon(api.app, customer, "VALE100");
    expect(stacked.statusCode).toBe(409);
    expect(stacked.json()).toEqual({ message: "Ya tienes un cupón en tu carrito. Quítalo para usar otro." });
    expect(
      (await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers })).json().coupon.code,
    ).toBe("REGALO50");

    await api.db
      .update(coupons)
      .set({ validUntil: new Date("2024-12-31T00:00:00Z") })
      .where(eq(coupons.code, "VALE100"));
    const other = await signedInUser(api.db);
    const outdated = await applyCoupon(api.app, other, "VALE100");
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json()).toEqual({ message: "Este cupón no está vigente." });
    await api.db
      .update(coupons)
      .set({ validUntil: new Date("2032-01-01T00:00:00Z") })
      .where(eq(coupons.code, "VALE100"));
  });

  it("descuenta el cupón una sola vez por usuario y nunca deja el total negativo", async () => {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, balls().id, 2);
    await applyCoupon(api.app, customer, "VALE100");
    const orderId = await placedOrderId(api.app, customer);
    const { order } = (await getOrder(api.app, customer, orderId)).json();
    expect(order).toMatchObject({
      subtotal: 1400,
      discount: 1400,
      couponCode: "VALE100",
      shipping_fee: 500,
      price: 500,
    });
    // The coupon left the cart with the order.
    expect((await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers })).json()).toEqual({
      coupon: null,
      discount: 0,
      shopCoupons: [],
      shopDiscount: 0,
    });

    const reused = await applyCoupon(api.app, customer, "VALE100");
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: "Ya usaste este cupón." });
  });

  it("aplica el porcentaje sobre los productos, no sobre el envío", async () => {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, vertex().id, 1);
    await putInCart(api.db, customer.id, balls().id, 1);
    await applyCoupon(api.app, customer, "AHORRA20");
    const preview = await api.app.inject({ method: "GET", url: "/home/coupon", headers: customer.headers });
    expect(preview.json().discount).toBe(4140);
    const orderId = await placedOrderId(api.app, customer);
    const { order } = (await getOrder(api.app, customer, orderId)).json();
    // 20700 of products reach the free-shipping threshold (10000).
    expect(order).toMatchObject({ subtotal: 20_700, discount: 4140, shipping_fee: 0, price: 16_560 });
  });

  it("rechaza el pedido si el cupón se agotó desde que se aplicó, sin tocar nada", async () => {
    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, balls().id, 1);
    await applyCoupon(api.app, customer, "REGALO50");
    await api.db.execute(sql`update coupons set max_uses = used_count where code = 'REGALO50'`);
    const stockBefore = (
      await api.db.execute<{ stock: number }>(sql`select stock from products where id = ${balls().id}`)
    ).rows[0]!.stock;

    const response = await placeOrder(api.app, customer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "El cupón REGALO50 ya no está disponible. Quítalo del carrito para continuar.",
    });
    expect(await cartLineCount(api.db, customer.id)).toBe(1);
    expect(
      (await api.db.execute<{ stock: number }>(sql`select stock from products where id = ${balls().id}`)).rows[0]!
        .stock,
    ).toBe(stockBefore);
  });
});
