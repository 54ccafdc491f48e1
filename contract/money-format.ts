/**
 * Money is integer cents (USD) everywhere; these are the one way it is shown. Apart from money.ts
 * and without zod, so a page that only shows prices does not load the schema library.
 */
import { formatSpanishNumber } from "./number-format";

/** Cents as '1234,50 US$' (a no-break space before the symbol), in the API's messages and on the pages alike. */
export function formatUsd(cents: number): string {
  return `${formatSpanishNumber(cents / 100, 2, 2)}\u00a0US$`;
}

/** Whole dollars below or equal to an amount in cents, for price inputs that count in dollars. */
export function centsToWholeDollarsFloor(cents: number): number {
  return Math.floor(cents / 100);
}

/** Whole dollars above or equal to an amount in cents, so an upper bound never cuts a product off. */
export function centsToWholeDollarsCeil(cents: number): number {
  return Math.ceil(cents / 100);
}
