import { describe, expect, it } from "vitest";
import { clockTime, longDateTime, shortDateTime } from "#contract/store-time";

describe("hora de la tienda", () => {
  // 14:05 UTC in November is 15:05 in Madrid, whatever the server's own zone.
  const paidAt = "2026-11-22T14:05:00.000Z";

  it("el plazo de pago, la fecha del pedido y la de la notificación dicen la misma hora", () => {
    expect(clockTime(paidAt)).toBe("15:05");
    expect(longDateTime(paidAt)).toMatch(/15:05/);
    expect(shortDateTime(paidAt)).toBe("22/11/2026, 15:05");
  });

  it("una hora cerca de medianoche cae en el día de Madrid", () => {
    expect(longDateTime("2026-11-22T23:30:00.000Z")).toBe("23 de noviembre de 2026 a las 00:30");
  });
});
