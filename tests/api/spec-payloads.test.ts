import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { NEUTRAL_REJECTION_REASON } from "#contract/shops";
import { CONFIRMED_WITHOUT_REFERENCE } from "#contract/withdrawals";
import { auditLog, categories, shopOrders } from "../../api/src/db/schema";
import { splitShopOwners, type TwoSellers } from "./notifications-support";
import { placedOrderId, putInCart, SHIPPING_INFO, signedInUser, type Customer } from "./orders-support";
import { apply, appliedRequest, fieldParts, PDF } from "./shop-support";
import { insertCatalogue, insertImage, uniqueRif, useTestApi, type Catalogue } from "./support";
import { paidSale, receivedDaysAgo, savePayout, withdraw } from "./withdrawals-support";

/**
 * Issue 32: SPEC.md section 7's payloads, sent exactly as the section writes them (no field of our
 * richer forms), each get a 2xx with the section's answer fields. The rules the web's forms add are
 * tested where those forms are; here only what another client sends.
 */
describe("la API acepta las llamadas de la sección 7 tal como están escritas (PGlite)", () => {
  const api = useTestApi({
    config: { withdrawals: { saleAvailableAfterDays: 0, saleAvailableAfterShipmentDays: 14, minimumCents: 1000 } },
  });
  let catalogue: Catalogue;
  let sellers: TwoSellers;
  let admin: Customer;

  const send = (method: "POST" | "PUT", url: string, user: Customer, payload: Record<string, unknown>) =>
    api.app.inject({ method, url, headers: user.headers, payload });
  const get = (url: string, user: Customer) => api.app.inject({ method: "GET", url, headers: user.headers });
  const auditOf = (entityId: string) => api.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
    admin = await signedInUser(api.db, "admin");
  });

  it("POST /request-auth-shop/{userId}: multipart con shopName, rif, location, phone y documents", async () => {
    const applicant = await signedInUser(api.db);
    const rif = uniqueRif();
    const answer = await apply(api.app, applicant, [
      ...fieldParts({
        shopName: "Pádel Caracas",
        rif,
        location: "Av. Francisco de Miranda, local 3, Caracas",
        phone: "0212-285-4410",
      }),
      { name: "documents", filename: "rif.pdf", content: PDF, type: "application/pdf" },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ token: expect.any(String), request: { status: "pendiente" } });
    expect(answer.json().request).toMatchObject({
      shopName: "Pádel Caracas",
      country: "VE",
      address: "Av. Francisco de Miranda, local 3, Caracas",
      location: "Av. Francisco de Miranda, local 3, Caracas, Venezuela",
    });
    // A tax id of no country, with no country to check it against, is refused next to the field.
    const other = await signedInUser(api.db);
    const refused = await apply(api.app, other, [
      ...fieldParts({ shopName: "Pádel Nada", rif: "X-1", location: "Calle 1, local 2", phone: "0212-285-4410" }),
      { name: "documents", filename: "rif.pdf", content: PDF, type: "application/pdf" },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: "country", message: "Elige el país de la tienda." }]);
  });

  it("POST /shop/approved/{userId} con {approved: false}", async () => {
    const applicant = await signedInUser(api.db);
    const request = await appliedRequest(api.app, applicant);
    const answer = await send("POST", `/shop/approved/${applicant.id}`, admin, { approved: false });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ message: expect.any(String), request: { status: "rechazada" } });
    const [entry] = await auditOf(request._id).then((rows) => rows.filter((row) => row.action === "tienda.rechazar"));
    expect(entry).toMatchObject({ reason: NEUTRAL_REJECTION_REASON, after: { reasonGiven: false } });
  });

  it("POST /payment/request-confirm con {paymentId}", async () => {
    const { centroPart } = await paidSale(api.app, api.db, catalogue);
    await receivedDaysAgo(api.db, centroPart, 0);
    expect((await savePayout(api.app, sellers.centro)).statusCode).toBe(200);
    const requested = await withdraw(api.app, sellers.centro, 1000);
    expect(requested.statusCode, requested.body).toBe(201);
    const paymentId = requested.json().withdrawal._id as string;

    const answer = await send("POST", "/payment/request-confirm", admin, { paymentId });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: expect.any(String),
      withdrawal: { _id: paymentId, status: "confirmado", reference: null },
    });
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, paymentId), eq(auditLog.action, "retiro.confirmar")));
    expect(entry).toMatchObject({ reason: CONFIRMED_WITHOUT_REFERENCE, after: { reference: null } });
  });

  it("PUT /seller/order-status/update/{id} y PUT /admin/order-status/update/{id} con {status: 'enviado'}", async () => {
    const bySeller = await paidSale(api.app, api.db, catalogue);
    const sent = await send("PUT", `/seller/order-status/update/${bySeller.centroPart}`, sellers.centro, {
      status: "enviado",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: expect.any(String) });
    const byAdmin = await paidSale(api.app, api.db, catalogue);
    const shipped = await send("PUT", `/admin/order-status/update/${byAdmin.orderId}`, admin, { status: "enviado" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const parts = await api.db
      .select({ status: shopOrders.deliveryStatus, trackingNumber: shopOrders.trackingNumber })
      .from(shopOrders)
      .where(inArray(shopOrders.id, [bySeller.centroPart, byAdmin.centroPart]));
    expect(parts).toEqual([
      { status: "enviado", trackingNumber: null },
      { status: "enviado", trackingNumber: null },
    ]);
    // The customer's notice says it was sent, with no number to follow.
    const order = await api.app.inject({
      method: "GET",
      url: `/home/customer/get-order/${bySeller.orderId}`,
      headers: bySeller.customer.headers,
    });
    const part = order.json().order.suborders.find((suborder: { _id: string }) => suborder._id === bySeller.centroPart);
    expect(part).toMatchObject({ delivery_status: "enviado", trackingNumber: null });
  });

  it("POST /update-stock con {productId, newStock, sizes, sellerId}", async () => {
    const product = catalogue.bySlug["pala-bullpadel-vertex-04"]!;
    const answer = await send("POST", "/update-stock", sellers.centro, {
      productId: product.id,
      newStock: 17,
      sizes: [],
      sellerId: sellers.centro.id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ message: expect.any(String), product: { _id: product.id, stock: 17 } });
    // Applied to the stock as it was, and recorded as such: in the movements and in the audit log.
    const { movements } = (await get(`/seller/stock/${product.id}`, sellers.centro)).json();
    expect(movements[0]).toMatchObject({ kind: "ajuste", stockAfter: 17, withoutVersion: true });
    const [entry] = await auditOf(product.id).then((rows) => rows.filter((row) => row.action === "stock.ajustar"));
    expect(entry).toMatchObject({ after: { stock: 17, withoutVersion: true } });

    // The web's form sends the version it read: its save is not marked.
    const { product: now } = (await get(`/seller/stock/${product.id}`, sellers.centro)).json();
    const versioned = await send("POST", "/update-stock", sellers.centro, {
      productId: product.id,
      newStock: 12,
      sellerId: sellers.centro.id,
      stockVersion: now.stockVersion,
    });
    expect(versioned.statusCode, versioned.body).toBe(200);
    const after = (await get(`/seller/stock/${product.id}`, sellers.centro)).json();
    expect(after.movements[0]).toMatchObject({ stockAfter: 12, withoutVersion: false });
  });
});

/** Issue 32: answers that carry image ids carry their absolute addresses too, from PUBLIC_API_URL. */
describe("las respuestas con imágenes llevan sus direcciones (PGlite)", () => {
  const api = useTestApi({ config: { publicApiUrl: "https://api.mercadopadel.test" } });
  const urlOf = (id: string) => `https://api.mercadopadel.test/images/${id}/800.webp`;

  it("productos, categorías, carrito, pedidos y perfil", async () => {
    const catalogue = await insertCatalogue(api.db);
    const imageId = await insertImage(api.db);
    await api.db.update(categories).set({ imageId }).where(eq(categories.slug, "palas"));
    const get = (url: string, user?: Customer) => api.app.inject({ method: "GET", url, headers: user?.headers ?? {} });

    const listing = (await get("/home/query-products?category=palas")).json();
    expect(listing.products.length).toBeGreaterThan(0);
    for (const product of listing.products as { images: string[]; imageUrls: string[] }[]) {
      expect(product.images.length).toBeGreaterThan(0);
      expect(product.imageUrls).toEqual(product.images.map(urlOf));
    }
    const detail = (await get("/home/get-product/pala-bullpadel-vertex-04")).json();
    expect(detail.product.imageUrls).toEqual(detail.product.images.map(urlOf));
    const { categorys } = (await get("/home/get-categorys")).json();
    const palas = categorys.find((category: { slug: string }) => category.slug === "palas");
    expect(palas).toMatchObject({ image: imageId, imageUrl: urlOf(imageId) });
    expect(categorys.find((category: { slug: string }) => category.slug !== "palas")).toMatchObject({
      image: null,
      imageUrl: null,
    });

    const customer = await signedInUser(api.db);
    await putInCart(api.db, customer.id, catalogue.bySlug["pala-bullpadel-vertex-04"]!.id, 1);
    const orderId = await placedOrderId(api.app, customer, { userId: customer.id, shippingInfo: SHIPPING_INFO });
    const order = (await get(`/home/customer/get-order/${orderId}`, customer)).json();
    const line = order.order.suborders[0].products[0] as { image: string; imageUrl: string };
    expect(line.imageUrl).toBe(urlOf(line.image));
    const profile = (await get(`/user/profile/${customer.id}`, customer)).json();
    expect(profile.profileData).toMatchObject({ image: null, imageUrl: null });
  });
});
