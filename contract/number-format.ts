/**
 * Numbers written the Spanish way ('12.345,6'), without Intl. The first Intl formatter a page
 * creates loads the browser's locale data: about 15 ms of main thread on a fast machine, 50–70 ms
 * on a phone, spent while the page hydrates (decision 0020). The output is Intl's own for "es-ES",
 * which tests/unit/number-format.test.ts checks value by value.
 */

/** Rounds half away from zero on the decimal the number prints as (4.35 → 4.4), as Intl does. */
function toUnits(magnitude: number, fractionDigits: number): number {
  return Math.round(Number((magnitude * 10 ** fractionDigits).toPrecision(15)));
}

/**
 * `value` with between `minFractionDigits` and `maxFractionDigits` decimals after a comma, and
 * thousands grouped by dots from five digits on ('1000', '10.000'), as Spanish style guides and
 * Intl's "es" data agree.
 */
export function formatSpanishNumber(value: number, minFractionDigits: number, maxFractionDigits: number): string {
  const scale = 10 ** maxFractionDigits;
  const units = toUnits(Math.abs(value), maxFractionDigits);
  const whole = String(Math.floor(units / scale));
  const fraction = String(units % scale)
    .padStart(maxFractionDigits, "0")
    .replace(/0+$/, "")
    .padEnd(minFractionDigits, "0");
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+$)/g, ".") : whole;
  const sign = value < 0 && units > 0 ? "-" : "";
  return `${sign}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/** A count with its noun in the singular or plural ('1 producto', '3 productos'). */
export function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
