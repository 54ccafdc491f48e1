const usdFormatter = new Intl.NumberFormat("es-ES", { style: "currency", currency: "USD" });

/** The one way money is shown: integer cents (USD) in Spanish style, e.g. 1234,50 US$. */
export function formatPrice(cents: number): string {
  return usdFormatter.format(cents / 100);
}

/** Whole dollars below or equal to an amount in cents, for price inputs that count in dollars. */
export function centsToWholeDollarsFloor(cents: number): number {
  return Math.floor(cents / 100);
}

/** Whole dollars above or equal to an amount in cents, so the upper bound never cuts a product off. */
export function centsToWholeDollarsCeil(cents: number): number {
  return Math.ceil(cents / 100);
}
