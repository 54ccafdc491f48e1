import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  maxUsesBelowUses,
  PROMOTION_CHANGED_WHILE_EDITING,
  type AdminCoupon,
  type AdminVoucher,
  type PromotionsAnswer,
} from "#contract/promotions";
import { auditLog, coupons, orders, walletEntries } from "../../api/src/db/schema";
import { promotionAuditId } from "../../api/src/modules/promotions/service";
import { VOUCHER_ALREADY_REDEEMED } from "#contract/wallet";
import { placeOrder, putCouponOnCart, putInCart, signedInUser, type Customer } from "./orders-support";
import { insertCatalogue, insertOwnBalls, useTestApi, type Catalogue } from "./support";

/**
 * Coupons and vouchers changed by admins on a real PostgreSQL (issue 12): the row lock and the form's
 * version, not luck, decide between admins saving at once and between a lower limit and orders using
 * the coupon at the same moment; the ledger's unique reference credits a voucher once per customer.
 */
describe("cupones y vouchers de la administración en PostgreSQL", () => {
  const api = useTestApi({ engine: "PostgreSQL", poolSize: 40 });
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = await insertCatalogue(api.db);
  });

  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (count, response) => ({ ...count, [response.statusCode]: (count[response.statusCode] ?? 0) + 1 }),
      {},
    );

  async function couponOf(admin: Customer, code: string): Promise<AdminCoupon> {
    const answer = (
      await api.app.inject({ method: "GET", url: "/admin/promotions", headers: admin.headers })
    ).json() as PromotionsAnswer;
    return answer.coupons.find((coupon) => coupon.code === code)!;
  }

  async function voucherOf(admin: Customer, code: string): Promise<AdminVoucher> {
    const answer = (
      await api.app.inject({ method: "GET", url: "/admin/promotions", headers: admin.headers })
    ).json() as PromotionsAnswer;
    return answer.vouchers.find((voucher) => voucher.code === code)!;
  }

  /**
   * Ten admins save one promotion read once, each with other values: one change wins, the other nine
   * get 409 with the values it left, and the audit log has one entry with them.
   */
  async function tenAdminsSaveAtOnce<Kind extends "coupon" | "voucher">(
    kind: Kind,
    code: string,
    payloadOf: (index: number) => Record<string, unknown>,
  ) {
    const admins = await Promise.all(Array.from({ length: 10 }, () => signedInUser(api.db, "admin")));
    const readOne = () => (kind === "coupon" ? couponOf(admins[0]!, code) : voucherOf(admins[0]!, code));
    const read = await readOne();
    const responses = await Promise.all(
      admins.map((admin, index) =>
        api.app.inject({
          method: "PUT",
          url: `/admin/${kind}s/${code}`,
          headers: admin.headers,
          payload: { ...payloadOf(index), version: read.version },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 409: 9 });
    const winner = (
      responses.find((response) => response.statusCode === 200)!.json() as Record<Kind, AdminCoupon | AdminVoucher>
    )[kind];
    for (const response of responses.filter((response) => response.statusCode === 409)) {
      expect(response.json()).toEqual({ message: PROMOTION_CHANGED_WHILE_EDITING, current: winner });
    }
    expect(await readOne()).toEqual(winner);
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, promotionAuditId(kind === "coupon" ? "cupon" : "voucher", code)));
    expect(entries).toHaveLength(1);
    return { winner, audited: entries[0]!.after };
  }

  it("diez admins que guardan a la vez el mismo cupón leído una vez: un cambio y nueve 409 con los valores que dejó", async () => {
    const { winner, audited } = await tenAdminsSaveAtOnce("coupon", "AHORRA20", (index) => ({
      validFrom: "2026-01-01",
      validUntil: "2026-12-31",
      maxUses: 100 + index,
    }));
    expect(audited).toMatchObject({ maxUses: (winner as AdminCoupon).maxUses });
  });

  it("un límite más bajo guardado mientras veinte pedidos usan el cupón nunca deja que los usos lo superen", async () => {
    const admin = await signedInUser(api.db, "admin");
    await api.db.update(coupons).set({ maxUses: 20, usedCount: 0 }).where(eq(coupons.code, "VALE100"));
    const product = await insertOwnBalls(api.db, catalogue, "pelotas-limite-cupon", { price: 15_000, stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(api.db)));
    for (const buyer of buyers) {
      await putInCart(api.db, buyer.id, product.id, 1);
      await putCouponOnCart(api.db, buyer.id, "VALE100");
    }
    const read = await couponOf(admin, "VALE100");

    const [change, ...placed] = await Promise.all([
      api.app.inject({
        method: "PUT",
        url: "/admin/coupons/VALE100",
        headers: admin.headers,
        payload: { validFrom: read.validFrom, validUntil: read.validUntil, maxUses: 10, version: read.version },
      }),
      ...buyers.map((buyer) => placeOrder(api.app, buyer)),
    ]);
    const [coupon] = await api.db.select().from(coupons).where(eq(coupons.code, "VALE100"));
    const withCoupon = await api.db.select({ id: orders.id }).from(orders).where(eq(orders.couponCode, "VALE100"));
    const ordered = placed.filter((response) => response.statusCode === 201).length;
    expect(ordered).toBe(withCoupon.length);
    expect(coupon!.usedCount).toBe(ordered);
    expect(coupon!.usedCount).toBeLessThanOrEqual(coupon!.maxUses);
    if (change!.statusCode === 200) {
      // Saved before the uses passed 10: the orders after it stopped at 10.
      expect(coupon!.maxUses).toBe(10);
      expect(statuses(placed)).toEqual({ 201: 10, 409: 10 });
    } else {
      // Saved after: refused beside the limit with the uses it saw, the limit kept, every order served.
      expect(change!.statusCode).toBe(400);
      const refusal = change!.json() as { errors: { field: string; message: string }[] };
      expect(refusal.errors).toHaveLength(1);
      expect(refusal.errors[0]!.field).toBe("maxUses");
      const seen = Number(/ya se usó (\d+) veces/.exec(refusal.errors[0]!.message)?.[1]);
      expect(refusal.errors[0]!.message).toBe(maxUsesBelowUses(seen));
      expect(seen).toBeGreaterThan(10);
      expect(coupon!.maxUses).toBe(20);
      expect(statuses(placed)).toEqual({ 201: 20 });
    }
  });

  it("diez admins que cambian a la vez la caducidad del mismo voucher leído una vez: un cambio, una entrada de auditoría y nueve 409", async () => {
    const { winner, audited } = await tenAdminsSaveAtOnce("voucher", "VOUCHER500", (index) => ({
      expiresOn: `2090-01-${String(index + 10)}`,
    }));
    expect(audited).toMatchObject({ expiresOn: (winner as AdminVoucher).expiresOn });
  });

  it("un cliente que canjea diez veces a la vez el mismo voucher recibe su importe una vez; otros cinco a la vez, una vez cada uno", async () => {
    const admin = await signedInUser(api.db, "admin");
    const read = await voucherOf(admin, "VOUCHER1000");
    expect(
      (
        await api.app.inject({
          method: "PUT",
          url: "/admin/vouchers/VOUCHER1000",
          headers: admin.headers,
          payload: { expiresOn: "2099-12-31", version: read.version },
        })
      ).statusCode,
    ).toBe(200);
    const [eager, ...others] = await Promise.all(Array.from({ length: 6 }, () => signedInUser(api.db)));
    const redeem = (customer: Customer) =>
      api.app.inject({
        method: "POST",
        url: "/wallet/voucher/redeem",
        headers: customer.headers,
        payload: { code: "VOUCHER1000" },
      });

    const [eagerAnswers, otherAnswers] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => redeem(eager!))),
      Promise.all(others.map(redeem)),
    ]);
    expect(statuses(eagerAnswers)).toEqual({ 200: 1, 409: 9 });
    for (const refused of eagerAnswers.filter((response) => response.statusCode === 409))
      expect(refused.json().message).toBe(VOUCHER_ALREADY_REDEEMED);
    expect(statuses(otherAnswers)).toEqual({ 200: 5 });
    for (const customer of [eager!, ...others]) {
      const credits = await api.db
        .select({ amount: walletEntries.amount })
        .from(walletEntries)
        .where(eq(walletEntries.userId, customer.id));
      expect(credits).toEqual([{ amount: 100_000 }]);
    }
    expect((await voucherOf(admin, "VOUCHER1000")).redemptions).toBe(6);
  });
});
