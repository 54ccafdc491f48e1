import { z } from "zod";

/** Money is integer cents (USD) everywhere; these are the one way it is shown and typed. */

const usd = new Intl.NumberFormat("es-ES", { style: "currency", currency: "USD" });

/** Cents as '1234,50 US$', in the API's messages and on the pages alike. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** Whole dollars below or equal to an amount in cents, for price inputs that count in dollars. */
export function centsToWholeDollarsFloor(cents: number): number {
  return Math.floor(cents / 100);
}

/** Whole dollars above or equal to an amount in cents, so an upper bound never cuts a product off. */
export function centsToWholeDollarsCeil(cents: number): number {
  return Math.ceil(cents / 100);
}

const DOLLAR_AMOUNT = /^\d{1,7}(?:[.,]\d{1,2})?$/;
const AMOUNT_HINT = "Escribe un importe en dólares, por ejemplo 45,50.";

/**
 * An amount a person types in dollars ('45,50' or '45.50'), read as cents; `cents` then checks it
 * (the API's own rule for that amount).
 */
export function typedDollars(missing: string, cents: z.ZodNumber) {
  return z
    .string({ required_error: missing })
    .trim()
    .regex(DOLLAR_AMOUNT, AMOUNT_HINT)
    .transform((amount) => Math.round(Number(amount.replace(",", ".")) * 100))
    .pipe(cents);
}
