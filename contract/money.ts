import { z } from "zod";

/** Money is integer cents (USD) everywhere; these are the one way it is typed (money-format.ts shows it). */

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
