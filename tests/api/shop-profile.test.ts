import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import {
  SHOP_IMAGE_INVALID,
  VACATION_DATE_PAST,
  VACATION_DATE_TOO_FAR,
  type ShopProfile,
} from "#contract/shop-profile";
import { shopOnVacation, shopOnVacationNoCart, VACATION_MAX_DAYS } from "#contract/shop-profile-labels";
import { SHOP_PHONE_INVALID, shopSuspendedNoWrites } from "#contract/shops";
import { auditLog, cartItems, orders, shops } from "../../api/src/db/schema";
import { splitShopOwners, type TwoSellers } from "./notifications-support";
import { placeOrder, putInCart, signedInUser, type Customer } from "./orders-support";
import { EXE, fieldParts, multipart, PNG, type Part } from "./shop-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/** YYYY-MM-DD `days` after today in store time (Europe/Madrid), as the API counts. */
function storeDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Issue 34, the shop's profile and vacation: Tienda Smash (Venezuela) fills its profile and goes away. */
describe("perfil y vacaciones de la tienda", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let sellers: TwoSellers;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    sellers = await splitShopOwners(api.db, catalogue);
  });

  const saveProfile = (caller: Customer, parts: Part[]) => {
    const body = multipart(parts);
    return api.app.inject({
      method: "PUT",
      url: "/seller/profile",
      headers: { ...caller.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const readProfile = async (caller: Customer) => {
    const response = await api.app.inject({ method: "GET", url: "/seller/profile", headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ShopProfile;
  };
  const vacation = (caller: Customer, payload: Record<string, unknown>) =>
    api.app.inject({ method: "PUT", url: "/seller/vacation", headers: caller.headers, payload });
  const publicShop = async () => {
    const response = await api.app.inject({ method: "GET", url: "/home/shop/tienda-smash" });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().shop;
  };
  const auditOf = (action: string) =>
    api.db
      .select({ before: auditLog.before, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, catalogue.shops.smash.id)))
      .orderBy(auditLog.createdAt);

  const texts = {
    description: "Tienda de pádel en Caracas.\r\nDesde 2019 <b>sin HTML</b>.",
    returnPolicy: "30 días para devolver.",
    shippingPolicy: "Envíos en 48 horas.",
    contactEmail: "hola@smash.example",
    contactPhone: "0212 285 4410",
  };

  it("un perfil nuevo está vacío", async () => {
    const profile = await readProfile(sellers.smash);
    expect(profile).toMatchObject({
      name: "Tienda Smash",
      logo: null,
      banner: null,
      description: "",
      contactEmail: null,
      vacation: null,
      today: storeDay(0),
      latestReturn: storeDay(VACATION_MAX_DAYS),
    });
  });

  it("guarda logo, portada, textos y contacto al momento, y lo audita", async () => {
    const saved = await saveProfile(sellers.smash, [
      ...fieldParts(texts),
      { name: "logo", filename: "logo.png", content: PNG, type: "image/png" },
      { name: "banner", filename: "portada.png", content: PNG, type: "image/png" },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = saved.json().profile as ShopProfile;
    expect(saved.json().message).toBe("Perfil de la tienda guardado.");
    expect(profile).toMatchObject({
      // Line breaks kept as \n; the text is kept as written: pages show it as text, never as HTML.
      description: "Tienda de pádel en Caracas.\nDesde 2019 <b>sin HTML</b>.",
      returnPolicy: texts.returnPolicy,
      shippingPolicy: texts.shippingPolicy,
      contactEmail: texts.contactEmail,
      // The shop's country's rule, in international form.
      contactPhone: "+58 212 2854410",
    });
    expect(profile.logo).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.banner).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readProfile(sellers.smash)).toEqual(profile);
    const logo = await api.app.inject({ method: "GET", url: `/images/${profile.logo}/200.webp` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/webp");
    // The banner is kept in the banner widths.
    expect((await api.app.inject({ method: "GET", url: `/images/${profile.banner}/1232.webp` })).statusCode).toBe(200);

    const shop = await publicShop();
    expect(shop).toMatchObject({
      logo: profile.logo,
      banner: profile.banner,
      description: profile.description,
      contactPhone: profile.contactPhone,
      vacation: null,
    });

    const [entry] = (await auditOf("tienda.perfil")).slice(-1);
    expect(entry).toMatchObject({
      actorId: sellers.smash.id,
      before: { logo: null, description: "", contactEmail: null },
      after: { logo: profile.logo, description: profile.description, contactEmail: texts.contactEmail },
    });

    // Without files, the images stay; removing one takes it off.
    const kept = await saveProfile(sellers.smash, [...fieldParts({ ...texts, removeBanner: "on" })]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().profile).toMatchObject({ logo: profile.logo, banner: null });
  });

  it("rechaza cada campo que no vale, con su mensaje, y no cambia nada", async () => {
    const before = await readProfile(sellers.smash);
    const refused = await saveProfile(sellers.smash, [
      ...fieldParts({
        ...texts,
        description: "x".repeat(2_001),
        contactEmail: "no-es-un-correo",
        contactPhone: "+34 914 350 218",
      }),
      { name: "logo", filename: "logo.png", content: EXE, type: "image/png" },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "description", message: "La descripción no puede superar los 2000 caracteres." },
      { field: "contactEmail", message: "Escribe un correo electrónico válido, por ejemplo nombre@dominio.com." },
      { field: "contactPhone", message: SHOP_PHONE_INVALID.VE },
    ]);
    const notAnImage = await saveProfile(sellers.smash, [
      ...fieldParts(texts),
      { name: "logo", filename: "logo.png", content: EXE, type: "image/png" },
    ]);
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().errors).toEqual([{ field: "logo", message: SHOP_IMAGE_INVALID }]);
    expect(await readProfile(sellers.smash)).toEqual(before);
  });

  it("solo el vendedor de una tienda que vende cambia su perfil", async () => {
    const customer = await signedInUser(api.db);
    expect((await saveProfile(customer, fieldParts(texts))).json()).toEqual({ message: FORBIDDEN });
    expect((await vacation(customer, { on: false })).statusCode).toBe(403);
    await api.db
      .update(shops)
      .set({ status: "suspendida", statusReason: "Documentación caducada." })
      .where(eq(shops.id, catalogue.shops.smash.id));
    try {
      const refused = await vacation(sellers.smash, { on: true, until: storeDay(3) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(shopSuspendedNoWrites("Documentación caducada."));
    } finally {
      await api.db
        .update(shops)
        .set({ status: "aprobada", statusReason: null })
        .where(eq(shops.id, catalogue.shops.smash.id));
    }
  });

  it("la fecha de vuelta debe ser futura y no pasar del máximo", async () => {
    const past = await vacation(sellers.smash, { on: true, until: storeDay(0) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: "until", message: VACATION_DATE_PAST }]);
    const far = await vacation(sellers.smash, { on: true, until: storeDay(VACATION_MAX_DAYS + 1) });
    expect(far.json().errors).toEqual([{ field: "until", message: VACATION_DATE_TOO_FAR }]);
    expect((await vacation(sellers.smash, { on: true, until: "2026-02-30" })).statusCode).toBe(400);
    expect((await readProfile(sellers.smash)).vacation).toBeNull();
  });

  it("de vacaciones: se ve, no se compra; al volver (o al quitarlas) se compra otra vez", async () => {
    const product = await insertOwnBalls(api.db, catalogue, "pelotas-vacaciones", {
      shopId: catalogue.shops.smash.id,
      stock: 10,
    });
    const customer = await signedInUser(api.db);
    // Already in the cart before the vacation.
    const lineId = await putInCart(api.db, customer.id, product.id, 1);
    const until = storeDay(5);
    const started = await vacation(sellers.smash, { on: true, until, note: "Volvemos con pelotas nuevas." });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().profile.vacation).toEqual({ until, note: "Volvemos con pelotas nuevas." });

    const detail = await api.app.inject({ method: "GET", url: "/home/get-product/pelotas-vacaciones" });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().product).toMatchObject({ available: true, shop: { vacationUntil: until } });
    expect((await publicShop()).vacation).toEqual({ until, note: "Volvemos con pelotas nuevas." });

    const other = await signedInUser(api.db);
    const added = await api.app.inject({
      method: "POST",
      url: "/home/product/add-to-card",
      headers: other.headers,
      payload: { userId: other.id, productId: product.id, quantity: 1 },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(shopOnVacationNoCart("Tienda Smash", until));

    // Nor raised in a cart that holds it already.
    const raised = await api.app.inject({
      method: "PUT",
      url: `/home/product/quantity-inc/${lineId}`,
      headers: customer.headers,
    });
    expect(raised.statusCode).toBe(400);
    expect(raised.json().message).toBe(shopOnVacationNoCart("Tienda Smash", until));

    const cart = await api.app.inject({
      method: "GET",
      url: `/home/product/get-card-product/${customer.id}`,
      headers: customer.headers,
    });
    expect(cart.json().card_products).toMatchObject([{ shopName: "Tienda Smash", vacationUntil: until }]);

    const ordersBefore = (await api.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const refused = await placeOrder(api.app, customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(shopOnVacation("Tienda Smash", until));
    // Nothing half-written: no order, the cart line still there.
    expect((await api.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(ordersBefore);
    expect(await api.db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toHaveLength(1);

    // The return date reached: the vacation is over on its own (nothing else changed).
    await api.db
      .update(shops)
      .set({ vacationUntil: storeDay(0) })
      .where(eq(shops.id, catalogue.shops.smash.id));
    expect((await readProfile(sellers.smash)).vacation).toBeNull();
    expect((await publicShop()).vacation).toBeNull();
    expect((await placeOrder(api.app, customer)).statusCode).toBe(201);

    // Turned on again, then off by the seller: buying works again.
    await putInCart(api.db, customer.id, product.id, 1);
    expect((await vacation(sellers.smash, { on: true, until })).statusCode).toBe(200);
    expect((await placeOrder(api.app, customer)).statusCode).toBe(409);
    const ended = await vacation(sellers.smash, { on: false });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      message: "Modo vacaciones desactivado: tu tienda vuelve a vender.",
      profile: { vacation: null },
    });
    expect((await placeOrder(api.app, customer)).statusCode).toBe(201);

    const entries = await auditOf("tienda.vacaciones");
    expect(entries.slice(-2)).toEqual([
      {
        actorId: sellers.smash.id,
        before: { vacationUntil: storeDay(0), vacationNote: "Volvemos con pelotas nuevas." },
        after: { vacationUntil: until, vacationNote: null },
      },
      {
        actorId: sellers.smash.id,
        before: { vacationUntil: until, vacationNote: null },
        after: { vacationUntil: null, vacationNote: null },
      },
    ]);
  });
});
