import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  COUPON_ALREADY_ENDED,
  COUPON_CODE_TAKEN,
  STORE_COUPON_CREATED,
  STORE_COUPON_ENDED,
  VOUCHER_ALREADY_ENDED,
  VOUCHER_CODE_TAKEN,
  VOUCHER_ENDED,
  VOUCHER_CREATED,
} from "#contract/coupons-admin";
import { VOUCHER_EXPIRED } from "#contract/wallet";
import { FORBIDDEN } from "#contract/messages";
import { formatUsd } from "#contract/money-format";
import {
  VALID_UNTIL_BEFORE_FROM,
  type AdminCoupon,
  type AdminVoucher,
  type PromotionsAnswer,
} from "#contract/promotions";
import { auditLog, coupons, orders } from "../../api/src/db/schema";
import { promotionAuditId } from "../../api/src/modules/promotions/service";
import {
  applyCoupon,
  placedOrderId,
  putInCart,
  SHIPPING_INFO,
  signedInAs,
  signedInUser,
  type Customer,
} from "./orders-support";
import { insertCatalogue, useTestApi, type Catalogue } from "./support";

const AMOUNT_RANGE = `El importe va de ${formatUsd(1)} a ${formatUsd(100_000)}.`;

/**
 * The store's coupons and vouchers created and ended by an admin (issue 35) on PGlite: who may, the
 * rules of every field (a code taken in any case), the audit log, a shopper using a new coupon, and
 * an ended one refused while the orders placed with it keep their discount.
 */
describe("crear y terminar cupones y vouchers de la administración (PGlite)", () => {
  const api = useTestApi();
  let catalogue: Catalogue;
  let admin: Customer;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
    admin = await signedInUser(api.db, "admin");
  });

  const terms = {
    kind: "porcentaje",
    value: 15,
    validFrom: "2026-01-01",
    validUntil: "2099-12-31",
    maxUses: 100,
    maxUsesPerCustomer: 1,
  };
  const post = (url: string, payload: unknown, who = admin) =>
    api.app.inject({ method: "POST", url, headers: who.headers, payload: payload as Record<string, unknown> });
  const endCoupon = (code: string, who = admin) =>
    api.app.inject({ method: "POST", url: `/admin/coupons/${code}/end`, headers: who.headers });
  const listed = async () =>
    (
      await api.app.inject({ method: "GET", url: "/admin/promotions", headers: admin.headers })
    ).json() as PromotionsAnswer;
  const auditOf = (entity: "cupon" | "voucher", code: string, action: string) =>
    api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, promotionAuditId(entity, code)), eq(auditLog.action, action)));

  /** A shopper with a Vertex (Centro Pádel) in the cart. */
  async function shopperWithCart(): Promise<Customer> {
    const shopper = await signedInUser(api.db);
    await putInCart(api.db, shopper.id, catalogue.bySlug["pala-bullpadel-vertex-04"]!.id, 1);
    return shopper;
  }

  it("solo un administrador crea y termina: 403 a vendedores y clientes, 401 sin token", async () => {
    const seller = await signedInAs(catalogue.owner.id, "seller");
    const customer = await signedInUser(api.db);
    for (const who of [seller, customer]) {
      for (const response of [
        await post("/admin/coupons", { code: "NOPUEDO", ...terms }, who),
        await endCoupon("AHORRA20", who),
        await post("/admin/vouchers", { code: "NOPUEDO", amount: 100, expiresOn: "2099-12-31" }, who),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: FORBIDDEN });
      }
    }
    expect((await api.app.inject({ method: "POST", url: "/admin/coupons", payload: terms })).statusCode).toBe(401);
    expect((await api.db.select().from(coupons).where(eq(coupons.code, "NOPUEDO"))).length).toBe(0);
  });

  it("crea un cupón de la tienda con el código en mayúsculas, lo lista y lo audita", async () => {
    const response = await post("/admin/coupons", { code: " invierno-26 ", ...terms, maxUsesPerCustomer: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const { message, coupon } = response.json() as { message: string; coupon: AdminCoupon };
    expect(message).toBe(STORE_COUPON_CREATED);
    expect(coupon).toMatchObject({
      code: "INVIERNO-26",
      kind: "porcentaje",
      value: 15,
      validFrom: "2026-01-01",
      validUntil: "2099-12-31",
      maxUses: 100,
      maxUsesPerCustomer: 2,
      usedCount: 0,
      endedAt: null,
      validNow: true,
    });
    expect((await listed()).coupons.find((listedCoupon) => listedCoupon.code === "INVIERNO-26")).toEqual(coupon);
    const [row] = await api.db.select().from(coupons).where(eq(coupons.code, "INVIERNO-26"));
    expect(row).toMatchObject({ shopId: null, minSubtotal: 0 });
    const entries = await auditOf("cupon", "INVIERNO-26", "cupon.crear");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      before: null,
      after: { name: "Cupón INVIERNO-26", kind: "porcentaje", value: 15, maxUses: 100, maxUsesPerCustomer: 2 },
    });
  });

  it("rechaza cada dato no válido junto a su campo, y un código ya usado en cualquier mayúscula o minúscula", async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ code: "ab", ...terms }, "code", "El código lleva de 4 a 20 letras sin tilde, números o guiones."],
      [{ code: "CAÑA-10", ...terms }, "code", "El código lleva de 4 a 20 letras sin tilde, números o guiones."],
      [{ code: "ahorra20", ...terms }, "code", COUPON_CODE_TAKEN],
      [{ code: "NUEVO-1", ...terms, value: 95 }, "value", "El porcentaje va de 1 a 90."],
      [{ code: "NUEVO-1", ...terms, kind: "importe", value: 0 }, "value", AMOUNT_RANGE],
      [{ code: "NUEVO-1", ...terms, validUntil: "2025-12-31" }, "validUntil", VALID_UNTIL_BEFORE_FROM],
      [
        { code: "NUEVO-1", ...terms, validFrom: "2026-02-30" },
        "validFrom",
        "Escribe una fecha válida (día, mes y año).",
      ],
      [{ code: "NUEVO-1", ...terms, maxUses: 1.5 }, "maxUses", "Escribe un número entero de usos, de 1 en adelante."],
      [
        { code: "NUEVO-1", ...terms, maxUses: 2, maxUsesPerCustomer: 3 },
        "maxUsesPerCustomer",
        "Los usos por cliente no pueden superar los usos en total.",
      ],
    ];
    for (const [payload, field, message] of refusals) {
      const response = await post("/admin/coupons", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ errors: [{ field, message }] });
    }
    // A shop's code is taken for the store too: one code, one coupon.
    await api.db.insert(coupons).values({
      code: "TIENDA-5",
      kind: "importe",
      value: 500,
      maxUses: 10,
      validFrom: new Date("2026-01-01"),
      validUntil: new Date("2099-01-01"),
      shopId: catalogue.shops.centro.id,
    });
    const shops = await post("/admin/coupons", { code: "tienda-5", ...terms });
    expect(shops.json()).toMatchObject({ errors: [{ field: "code", message: COUPON_CODE_TAKEN }] });
    // A shop's coupon is its seller's to end.
    expect((await endCoupon("TIENDA-5")).statusCode).toBe(404);
    expect((await endCoupon("NOEXISTE")).json()).toEqual({ message: "Cupón no encontrado." });
  });

  it("un cliente usa el cupón nuevo; terminado, no se aplica más y el pedido hecho conserva su descuento", async () => {
    const created = await post("/admin/coupons", { code: "PRIMAVERA", ...terms, value: 10 });
    expect(created.statusCode, created.body).toBe(200);
    const first = await shopperWithCart();
    expect((await applyCoupon(api.app, first, "primavera")).statusCode).toBe(200);
    const orderId = await placedOrderId(api.app, first);
    const [placed] = await api.db.select().from(orders).where(eq(orders.id, orderId));
    expect(placed).toMatchObject({ couponCode: "PRIMAVERA", discount: Math.round(placed!.subtotal * 0.1) });

    // A second shopper has it on the cart when it ends: the cart keeps it, the checkout refuses it.
    const second = await shopperWithCart();
    expect((await applyCoupon(api.app, second, "PRIMAVERA")).statusCode).toBe(200);
    const ended = await endCoupon("PRIMAVERA");
    expect(ended.statusCode, ended.body).toBe(200);
    const { message, coupon } = ended.json() as { message: string; coupon: AdminCoupon };
    expect(message).toBe(STORE_COUPON_ENDED);
    expect(coupon).toMatchObject({ code: "PRIMAVERA", validNow: false, usedCount: 1 });
    expect(coupon.endedAt).not.toBeNull();

    const third = await shopperWithCart();
    const refused = await applyCoupon(api.app, third, "PRIMAVERA");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "Este cupón no está vigente." });
    const checkout = await api.app.inject({
      method: "POST",
      url: "/home/order/palce-order",
      headers: second.headers,
      payload: { userId: second.id, shippingInfo: SHIPPING_INFO },
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().message).toBe(
      "El cupón PRIMAVERA ya no está disponible. Quítalo del carrito para continuar.",
    );

    const [kept] = await api.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({ couponCode: "PRIMAVERA", discount: placed!.discount, total: placed!.total });

    // Ended is final: neither a second end nor a change of its days.
    expect((await endCoupon("PRIMAVERA")).json()).toEqual({ message: COUPON_ALREADY_ENDED });
    const edit = await api.app.inject({
      method: "PUT",
      url: "/admin/coupons/PRIMAVERA",
      headers: admin.headers,
      payload: { validFrom: "2026-01-01", validUntil: "2099-12-30", maxUses: 100, version: coupon.version },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: COUPON_ALREADY_ENDED, current: { code: "PRIMAVERA" } });
    const entries = await auditOf("cupon", "PRIMAVERA", "cupon.terminar");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, before: { endedAt: null } });
    expect((entries[0]!.after as { endedAt: string }).endedAt).toBe(coupon.endedAt);
  });

  it("crea un voucher canjeable hasta el final de su último día; rechaza un código repetido y un importe fuera de rango", async () => {
    const response = await post("/admin/vouchers", { code: "regalo-navidad", amount: 2500, expiresOn: "2099-12-24" });
    expect(response.statusCode, response.body).toBe(200);
    const { message, voucher } = response.json() as { message: string; voucher: AdminVoucher };
    expect(message).toBe(VOUCHER_CREATED);
    expect(voucher).toMatchObject({
      code: "REGALO-NAVIDAD",
      amount: 2500,
      expiresOn: "2099-12-24",
      expired: false,
      redemptions: 0,
    });
    const entries = await auditOf("voucher", "REGALO-NAVIDAD", "voucher.crear");
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      before: null,
      after: { name: "Voucher REGALO-NAVIDAD", amount: 2500, expiresOn: "2099-12-24" },
    });

    const shopper = await signedInUser(api.db);
    const redeemed = await api.app.inject({
      method: "POST",
      url: "/wallet/voucher/redeem",
      headers: shopper.headers,
      payload: { code: "REGALO-NAVIDAD" },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({ balance: 2500 });

    const taken = await post("/admin/vouchers", { code: "Regalo-Navidad", amount: 100, expiresOn: "2099-12-24" });
    expect(taken.json()).toMatchObject({ errors: [{ field: "code", message: VOUCHER_CODE_TAKEN }] });
    for (const amount of [0, 100_001, 12.5]) {
      const refused = await post("/admin/vouchers", { code: "OTRO-VALE", amount, expiresOn: "2099-12-24" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        errors: [{ field: "amount", message: AMOUNT_RANGE }],
      });
    }
    const noDay = await post("/admin/vouchers", { code: "OTRO-VALE", amount: 100, expiresOn: "" });
    expect(noDay.json()).toMatchObject({
      errors: [{ field: "expiresOn", message: "Indica el último día en que se puede canjear el voucher." }],
    });
  });

  it("termina un voucher: nadie puede canjearlo desde entonces, lo canjeado queda, y terminarlo otra vez es 409", async () => {
    expect((await post("/admin/vouchers", { code: "VALE-FIN", amount: 700, expiresOn: "2099-12-24" })).statusCode).toBe(
      200,
    );
    const redeem = async () =>
      api.app.inject({
        method: "POST",
        url: "/wallet/voucher/redeem",
        headers: (await signedInUser(api.db)).headers,
        payload: { code: "VALE-FIN" },
      });
    expect((await redeem()).statusCode).toBe(200);
    const ended = await post("/admin/vouchers/VALE-FIN/end", undefined);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({
      message: VOUCHER_ENDED,
      voucher: { code: "VALE-FIN", expired: true, redemptions: 1 },
    });
    const late = await redeem();
    expect([late.statusCode, late.json().message]).toEqual([400, VOUCHER_EXPIRED]);
    const again = await post("/admin/vouchers/VALE-FIN/end", undefined);
    expect([again.statusCode, again.json().message]).toEqual([409, VOUCHER_ALREADY_ENDED]);
    expect((await post("/admin/vouchers/NO-EXISTE/end", undefined)).statusCode).toBe(404);
    expect(await auditOf("voucher", "VALE-FIN", "voucher.terminar")).toHaveLength(1);
  });
});
