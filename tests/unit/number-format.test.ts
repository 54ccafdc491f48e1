import { describe, expect, it } from "vitest";
import { formatUsd } from "#contract/money-format";
import { formatSpanishNumber } from "#contract/number-format";

// Los números se escriben sin Intl (el navegador tarda en cargar sus datos); Intl es la referencia.
const intlUsd = new Intl.NumberFormat("es-ES", { style: "currency", currency: "USD" });
const intlRating = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });

const cents = [
  0, 1, 5, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 1_234_567, 99_999_999,
  100_000_000, 123_456_789_012,
];

describe("formatUsd", () => {
  it.each([...cents, ...cents.filter((amount) => amount > 0).map((amount) => -amount)])(
    "%i céntimos se escriben como los escribe Intl en es-ES",
    (amount) => {
      expect(formatUsd(amount)).toBe(intlUsd.format(amount / 100));
    },
  );

  it("coincide con Intl de 0 a 20.000,00 US$ en pasos de 1,37 US$", () => {
    for (let amount = 0; amount <= 2_000_000; amount += 137)
      expect(formatUsd(amount)).toBe(intlUsd.format(amount / 100));
  });
});

describe("formatSpanishNumber", () => {
  it.each([
    0, 1, 4, 4.5, 4.25, 4.35, 4.95, 4.96, 3.333, 2.05, 0.05, 0.04, 1000, 9999.95, 12_345.6, 1_234_567.89, -2.45,
  ])("%d con un decimal como mucho se escribe como en Intl", (value) => {
    expect(formatSpanishNumber(value, 0, 1)).toBe(intlRating.format(value));
  });

  it("coincide con Intl en cada media de hasta diez reseñas", () => {
    for (let reviews = 1; reviews <= 10; reviews++)
      for (let total = reviews; total <= reviews * 5; total++)
        expect(formatSpanishNumber(total / reviews, 0, 1)).toBe(intlRating.format(total / reviews));
  });
});
