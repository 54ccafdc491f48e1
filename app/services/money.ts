/** The one way money is shown, the same as in the API's messages: integer cents (USD), e.g. 1234,50 US$. */
export { formatUsd as formatPrice } from "../../api/src/modules/wallet/contract";

/** Whole dollars below or equal to an amount in cents, for price inputs that count in dollars. */
export function centsToWholeDollarsFloor(cents: number): number {
  return Math.floor(cents / 100);
}

/** Whole dollars above or equal to an amount in cents, so the upper bound never cuts a product off. */
export function centsToWholeDollarsCeil(cents: number): number {
  return Math.ceil(cents / 100);
}
