import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FORBIDDEN } from "#contract/messages";
import {
  COUPON_UPDATED,
  maxUsesBelowUses,
  PROMOTION_CHANGED_WHILE_EDITING,
  VALID_UNTIL_BEFORE_FROM,
  VOUCHER_UPDATED,
  type AdminCoupon,
  type AdminVoucher,
  type PromotionsAnswer,
} from "#contract/promotions";
import { auditLog, coupons, vouchers } from "../../api/src/db/schema";
import { promotionAuditId } from "../../api/src/modules/promotions/service";
import { signedInUser, type Customer } from "./orders-support";
import { useTestApi } from "./support";

/** The coupons and vouchers an admin keeps (issue 12) on PGlite: who may, the store's days, the rules, stale forms and the audit log. */
describe("cupones y vouchers de la administración (PGlite)", () => {
  const api = useTestApi();
  let admin: Customer;
  let seller: Customer;
  let customer: Customer;

  const seeded = { coupons: [] as (typeof coupons.$inferSelect)[], vouchers: [] as (typeof vouchers.$inferSelect)[] };

  beforeAll(async () => {
    admin = await signedInUser(api.db, "admin");
    seller = await signedInUser(api.db, "seller");
    customer = await signedInUser(api.db, "customer");
    seeded.coupons = await api.db.select().from(coupons);
    seeded.vouchers = await api.db.select().from(vouchers);
  });

  // Each test starts from migration 0008's coupons and vouchers.
  beforeEach(async () => {
    for (const row of seeded.coupons) await api.db.update(coupons).set(row).where(eq(coupons.code, row.code));
    for (const row of seeded.vouchers) await api.db.update(vouchers).set(row).where(eq(vouchers.code, row.code));
  });

  const list = async () => {
    const response = await api.app.inject({ method: "GET", url: "/admin/promotions", headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PromotionsAnswer;
  };
  const couponOf = async (code: string) => (await list()).coupons.find((coupon) => coupon.code === code)!;
  const voucherOf = async (code: string) => (await list()).vouchers.find((voucher) => voucher.code === code)!;
  const putCoupon = (code: string, body: Record<string, unknown>, who = admin) =>
    api.app.inject({ method: "PUT", url: `/admin/coupons/${code}`, headers: who.headers, payload: body });
  const putVoucher = (code: string, body: Record<string, unknown>, who = admin) =>
    api.app.inject({ method: "PUT", url: `/admin/vouchers/${code}`, headers: who.headers, payload: body });
  const auditOf = (entityId: string) => api.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  it("responde 403 a vendedores y clientes y 401 sin token; los días de los vouchers son públicos", async () => {
    const coupon = await couponOf("AHORRA20");
    const calls = [
      { method: "GET" as const, url: "/admin/promotions" },
      {
        method: "PUT" as const,
        url: "/admin/coupons/AHORRA20",
        payload: { validFrom: "2026-01-01", validUntil: "2026-12-31", maxUses: 5, version: coupon.version },
      },
      { method: "PUT" as const, url: "/admin/vouchers/VOUCHER200", payload: { expiresOn: "2030-01-01", version: "x" } },
    ];
    for (const call of calls) {
      for (const who of [seller, customer]) {
        const response = await api.app.inject({ ...call, headers: who.headers });
        expect(response.statusCode, call.url).toBe(403);
        expect(response.json()).toEqual({ message: FORBIDDEN });
      }
      expect((await api.app.inject(call)).statusCode, call.url).toBe(401);
    }
    expect(await couponOf("AHORRA20")).toEqual(coupon);

    const publicList = await api.app.inject({ method: "GET", url: "/home/vouchers" });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json()).toEqual({
      vouchers: [
        { code: "VOUCHER200", amount: 20_000, expiresOn: "2024-08-31", expired: true },
        { code: "VOUCHER500", amount: 50_000, expiresOn: "2024-09-10", expired: true },
        { code: "VOUCHER1000", amount: 100_000, expiresOn: "2024-08-17", expired: true },
      ],
    });
  });

  it("lista los cupones con su periodo en días de la tienda, su límite y sus usos, y los vouchers con sus canjes", async () => {
    const { coupons: listed, vouchers: listedVouchers } = await list();
    expect(listed.map((coupon) => coupon.code)).toEqual(["AHORRA20", "REGALO50", "VALE100"]);
    // Madrid midnights since migration 0020: from the first instant of 1 January 2024 to the last of 31 December 2031.
    expect(listed[0]).toMatchObject({
      kind: "porcentaje",
      value: 20,
      validFrom: "2024-01-01",
      validUntil: "2031-12-31",
      maxUses: 1000,
      usedCount: 0,
      validNow: true,
    });
    expect(listed[0]!.auditId).toBe(promotionAuditId("cupon", "AHORRA20"));
    expect(listedVouchers.map((voucher) => [voucher.code, voucher.redemptions, voucher.expired])).toEqual([
      ["VOUCHER200", 0, true],
      ["VOUCHER500", 0, true],
      ["VOUCHER1000", 0, true],
    ]);
  });

  it("fija el periodo de un cupón desde el inicio de su primer día hasta el final del último en Madrid, y escribe la auditoría", async () => {
    const before = await couponOf("REGALO50");
    const response = await putCoupon("regalo50", {
      validFrom: "2026-03-01",
      validUntil: "2026-10-31",
      maxUses: 40,
      version: before.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as { message: string; coupon: AdminCoupon };
    expect(saved.message).toBe(COUPON_UPDATED);
    expect(saved.coupon).toMatchObject({
      code: "REGALO50",
      validFrom: "2026-03-01",
      validUntil: "2026-10-31",
      maxUses: 40,
    });
    expect(saved.coupon.version).not.toBe(before.version);

    const [row] = await api.db.select().from(coupons).where(eq(coupons.code, "REGALO50"));
    // Midnight in Madrid: UTC+1 in March, and the day after the last (1 November, UTC+1 again).
    expect(row!.validFrom.toISOString()).toBe("2026-02-28T23:00:00.000Z");
    expect(row!.validUntil.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(row!.maxUses).toBe(40);

    const entries = await auditOf(promotionAuditId("cupon", "REGALO50"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      action: "cupon.editar",
      entity: "cupon",
      before: { name: "Cupón REGALO50", validFrom: "2024-01-01", validUntil: "2031-12-31", maxUses: 500 },
      after: { name: "Cupón REGALO50", validFrom: "2026-03-01", validUntil: "2026-10-31", maxUses: 40 },
    });
    const logged = await api.app.inject({
      method: "GET",
      url: `/admin/audit?entityId=${promotionAuditId("cupon", "REGALO50")}`,
      headers: admin.headers,
    });
    expect(logged.json().entries[0]).toMatchObject({
      action: "cupon.editar",
      entity: "cupon",
      record: { name: "Cupón REGALO50", ownerId: null },
    });
  });

  it("rechaza días inválidos, un periodo que termina antes de empezar y un límite por debajo de los usos, cada uno junto a su campo", async () => {
    const coupon = await couponOf("VALE100");
    const refusal = async (body: Record<string, unknown>) => {
      const response = await putCoupon("VALE100", {
        validFrom: "2026-01-01",
        validUntil: "2026-12-31",
        maxUses: 10,
        version: coupon.version,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { errors: { field: string; message: string }[] }).errors;
    };
    expect(await refusal({ validFrom: "2026-02-30" })).toEqual([
      { field: "validFrom", message: "Escribe una fecha válida (día, mes y año)." },
    ]);
    expect(await refusal({ validUntil: "31/12/2026" })).toEqual([
      { field: "validUntil", message: "Escribe una fecha válida (día, mes y año)." },
    ]);
    expect(await refusal({ validUntil: "" })).toEqual([
      { field: "validUntil", message: "Indica hasta qué día vale el cupón." },
    ]);
    expect(await refusal({ validFrom: "1999-12-31" })).toEqual([
      { field: "validFrom", message: "La fecha debe estar entre el 01/01/2020 y el 31/12/2099." },
    ]);
    expect(await refusal({ validFrom: "2026-06-02", validUntil: "2026-06-01" })).toEqual([
      { field: "validUntil", message: VALID_UNTIL_BEFORE_FROM },
    ]);
    expect((await refusal({ maxUses: -1 }))[0]!.field).toBe("maxUses");
    expect((await refusal({ maxUses: 2.5 }))[0]!.field).toBe("maxUses");

    await api.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.code, "VALE100"));
    expect(await refusal({ maxUses: 2 })).toEqual([{ field: "maxUses", message: maxUsesBelowUses(3) }]);
    expect(maxUsesBelowUses(3)).toBe(
      "El límite no puede ser menor que los usos ya hechos: el cupón ya se usó 3 veces.",
    );
    // A one-day window and a limit equal to the uses made are fine.
    const same = await putCoupon("VALE100", {
      validFrom: "2026-06-01",
      validUntil: "2026-06-01",
      maxUses: 3,
      version: coupon.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(
      (await auditOf(promotionAuditId("cupon", "VALE100"))).filter((entry) => entry.action === "cupon.editar"),
    ).toHaveLength(1);

    expect(
      (await putCoupon("NOEXISTE", { validFrom: "2026-01-01", validUntil: "2026-12-31", maxUses: 1, version: "x" }))
        .statusCode,
    ).toBe(404);
  });

  it("responde 409 con los valores actuales a un formulario desfasado, y acepta uno que pide lo que ya está guardado", async () => {
    const read = await couponOf("AHORRA20");
    const first = await putCoupon("AHORRA20", {
      validFrom: "2026-01-01",
      validUntil: "2026-12-31",
      maxUses: 900,
      version: read.version,
    });
    expect(first.statusCode).toBe(200);

    // A second admin's form, read before the first saved, would undo that change unseen.
    const stale = await putCoupon("AHORRA20", {
      validFrom: "2026-01-01",
      validUntil: "2027-06-30",
      maxUses: 900,
      version: read.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: PROMOTION_CHANGED_WHILE_EDITING,
      current: (first.json() as { coupon: AdminCoupon }).coupon,
    });

    // The same change from the stale form loses nothing: saved, with no second audit entry.
    const again = await putCoupon("AHORRA20", {
      validFrom: "2026-01-01",
      validUntil: "2026-12-31",
      maxUses: 900,
      version: read.version,
    });
    expect(again.statusCode).toBe(200);
    expect(await auditOf(promotionAuditId("cupon", "AHORRA20"))).toHaveLength(1);
  });

  it("un cupón fuera de su nuevo periodo no se puede aplicar", async () => {
    const coupon = await couponOf("AHORRA20");
    expect(
      (
        await putCoupon("AHORRA20", {
          validFrom: "2020-01-01",
          validUntil: "2021-01-01",
          maxUses: 1000,
          version: coupon.version,
        })
      ).statusCode,
    ).toBe(200);
    const applied = await api.app.inject({
      method: "POST",
      url: "/home/coupon/apply",
      headers: customer.headers,
      payload: { code: "AHORRA20" },
    });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().message).toBe("Este cupón no está vigente.");
  });

  it("hace canjeable un voucher hasta el final de su nuevo último día, una vez por usuario, y escribe la auditoría", async () => {
    const before = await voucherOf("VOUCHER200");
    const response = await putVoucher("VOUCHER200", { expiresOn: "2099-12-31", version: before.version });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as { message: string; voucher: AdminVoucher };
    expect(saved).toMatchObject({
      message: VOUCHER_UPDATED,
      voucher: { code: "VOUCHER200", expiresOn: "2099-12-31", expired: false, redemptions: 0 },
    });
    const [row] = await api.db.select().from(vouchers).where(eq(vouchers.code, "VOUCHER200"));
    expect(row!.expiresAt.toISOString()).toBe("2099-12-31T23:00:00.000Z");

    const publicList = (await api.app.inject({ method: "GET", url: "/home/vouchers" })).json() as {
      vouchers: { code: string; expired: boolean }[];
    };
    expect(publicList.vouchers.find((voucher) => voucher.code === "VOUCHER200")).toEqual({
      code: "VOUCHER200",
      amount: 20_000,
      expiresOn: "2099-12-31",
      expired: false,
    });

    const redeemed = await api.app.inject({
      method: "POST",
      url: "/wallet/voucher/redeem",
      headers: customer.headers,
      payload: { code: "VOUCHER200" },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await voucherOf("VOUCHER200")).redemptions).toBe(1);

    const entries = await api.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, promotionAuditId("voucher", "VOUCHER200")), eq(auditLog.action, "voucher.editar")),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      entity: "voucher",
      before: { name: "Voucher VOUCHER200", expiresOn: "2024-08-31" },
      after: { name: "Voucher VOUCHER200", expiresOn: "2099-12-31" },
    });

    const stale = await putVoucher("VOUCHER200", { expiresOn: "2098-01-01", version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ code: "VOUCHER200", expiresOn: "2099-12-31", redemptions: 1 });

    const bad = await putVoucher("VOUCHER200", { expiresOn: "2026-13-01", version: saved.voucher.version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: "expiresOn", message: "Escribe una fecha válida (día, mes y año)." }]);
    expect((await putVoucher("VOUCHER999", { expiresOn: "2030-01-01", version: "x" })).statusCode).toBe(404);
  });
});
