import { z } from "zod";
import { MAX_PAGE } from "./limits";

/**
 * Building blocks of the calls' schemas. Every one carries its Spanish message, so a value the
 * API refuses and a form field the browser flags read the same.
 */

/** An empty body arrives as null, not undefined: one text serves both cases. */
export function objectExpected(message: string) {
  return { required_error: message, invalid_type_error: message };
}

/** A record's id (UUID); absent, mistyped and malformed ids all get `invalid`. */
export function uuid(invalid: string) {
  return z.string({ required_error: invalid, invalid_type_error: invalid }).uuid(invalid);
}

/** Query strings carry empty values for unset fields (`?color=`): those mean "no filter". */
export function blankToUndefined(value: unknown) {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * An optional whole number from the query string. Only plain digits are accepted, so "1e3",
 * "-1", "1.5" and repeated keys get the field's own Spanish message instead of a coerced value.
 */
export function queryInteger(options: { min: number; max: number; message: string }) {
  const { min, max, message } = options;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: message })
      .trim()
      .regex(/^\d{1,12}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .optional(),
  );
}

/** A page number of the query string (from 1), `fallback` when absent. */
export function queryPage(fallback = 1, message = "La página debe ser un número entero mayor o igual que 1.") {
  return queryInteger({ min: 1, max: MAX_PAGE, message }).transform((page) => page ?? fallback);
}

/** How many items a page holds, from 1 to `max`, `fallback` when absent. */
export function queryPageSize(
  max: number,
  fallback: number,
  message = `La cantidad por página debe ser un número entero entre 1 y ${max}.`,
) {
  return queryInteger({ min: 1, max, message }).transform((size) => size ?? fallback);
}

/** An optional text from the query string, trimmed; empty means absent. */
export function queryText(options: { max: number; message: string }) {
  return z.preprocess(
    blankToUndefined,
    z.string({ invalid_type_error: options.message }).trim().max(options.max, options.message).optional(),
  );
}

/** Whether YYYY-MM-DD names a day that exists (no 31 of April). */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** An optional calendar day from the query string (YYYY-MM-DD, as a date input sends it); empty means absent. */
export function queryDay(message: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: message })
      .trim()
      .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && isCalendarDay(day), message)
      .optional(),
  );
}

/** An optional choice from the query string; empty means absent. */
export function queryChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(blankToUndefined, z.enum(values, { errorMap: () => ({ message }) }).optional());
}

/** A required text, trimmed, with its message when missing and when too long. */
export function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ required_error: missing, invalid_type_error: missing }).trim().min(1, missing).max(max, tooLong);
}

/** A code typed by a person (coupon, voucher): trimmed, upper-cased; a long one cannot exist. */
export function typedCode(missing: string, unknown: string, max: number) {
  return z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(max, unknown)
    .toUpperCase();
}

/** An ISO 8601 date and time, as every answer writes dates. */
export const isoDateTime = z.string().describe("date-time");
