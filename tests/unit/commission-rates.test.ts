import { describe, expect, it } from "vitest";
import { formatRate, typedRate } from "#contract/commission-labels";
import { COMMISSION_RATE_INVALID, typedCommissionRate } from "#contract/commission";
import { partCommission, splitByWeight } from "../../api/src/modules/orders/pricing";

describe("tasas de comisión", () => {
  it("se escriben como en español y se leen de lo que escribe el admin", () => {
    expect([formatRate(500), formatRate(750), formatRate(1225), formatRate(0), formatRate(10_000)]).toEqual([
      "5 %",
      "7,5 %",
      "12,25 %",
      "0 %",
      "100 %",
    ]);
    expect(typedRate(750)).toBe("7,5");
    expect(["7,5", "7.5", " 12,25 ", "0", "100"].map((typed) => typedCommissionRate.parse(typed))).toEqual([
      750, 750, 1225, 0, 10_000,
    ]);
    for (const typed of ["7,555", "101", "-1", "5 %", "", "abc"])
      expect(typedCommissionRate.safeParse(typed).success, typed).toBe(false);
    expect(typedCommissionRate.safeParse("7,555").error?.issues[0]?.message).toBe(COMMISSION_RATE_INVALID);
  });

  it("la comisión de una parte es la de cada línea a su tasa, redondeada una vez", () => {
    // One rate: that rate of the whole, as before rates per line.
    expect(partCommission([{ lineTotal: 2500, commissionBp: 500 }], 2500)).toBe(125);
    expect(
      partCommission(
        [
          { lineTotal: 1001, commissionBp: 500 },
          { lineTotal: 999, commissionBp: 500 },
        ],
        2000,
      ),
    ).toBe(100);
    // Two rates on a part a shop coupon took 10 % off: 10 % of 180,00 and 8 % of 91,80.
    expect(
      partCommission(
        [
          { lineTotal: 20_000, commissionBp: 1000 },
          { lineTotal: 10_200, commissionBp: 800 },
        ],
        27_180,
      ),
    ).toBe(1800 + 734);
    expect(partCommission([], 0)).toBe(0);
  });

  it("un reparto por pesos suma siempre el total", () => {
    const shares = splitByWeight([3, 3, 3], 100);
    expect(shares).toEqual([33, 33, 34]);
    expect(splitByWeight([0, 0], 7)).toEqual([0, 7]);
  });
});
