import { z } from "zod";
import { endpoint, noInput } from "./http";
import { objectExpected } from "./fields";
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from "./limits";
import { INVALID_ORDER, orderDetail } from "./orders";

/**
 * Paying an order (the /payment page, SPEC.md section 7 "Wallet and payments"): from the wallet, or
 * by card through PayPal when the API has its credentials, otherwise in the labelled test-card mode.
 */

export const PAYMENT_CONFIRMED = "Pago confirmado.";
export const INVALID_CARD_NUMBER = "Número de tarjeta no válido.";

// ---- Inputs -------------------------------------------------------------------------------------

const orderId = z.string({ required_error: "Falta el pedido.", invalid_type_error: INVALID_ORDER }).uuid(INVALID_ORDER);

/** The Luhn check digit test every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const CARD_NUMBER_SHAPE = /^\d{12,19}$/;
const EXPIRY_SHAPE = /^(0[1-9]|1[0-2])\/\d{2}$/;

/** Whether a card expiring at the end of MM/AA is still valid this month. */
function notExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split("/").map(Number);
  return (
    2000 + year! > now.getUTCFullYear() || (2000 + year! === now.getUTCFullYear() && month! >= now.getUTCMonth() + 1)
  );
}

export const orderPaymentBody = z.object({ orderId }, objectExpected("Envía el pedido que quieres pagar."));
export type OrderPaymentBody = z.infer<typeof orderPaymentBody>;

export const paypalCaptureBody = z.object(
  {
    orderId,
    paypalOrderId: z
      .string({ required_error: "Falta el pago de PayPal.", invalid_type_error: "El pago de PayPal no es válido." })
      .regex(/^[A-Za-z0-9-]{1,64}$/, "El pago de PayPal no es válido."),
  },
  objectExpected("Envía el pedido y el pago de PayPal."),
);

/** The test-card form (the web's omits `orderId`, which comes from the page's address). */
export const cardPaymentBody = z.object(
  {
    orderId,
    // Spaces and dashes are how people copy a card number; only the digits count.
    cardNumber: z
      .string({ required_error: "Escribe el número de la tarjeta.", invalid_type_error: INVALID_CARD_NUMBER })
      .transform((number) => number.replace(/[\s-]/g, ""))
      .pipe(
        z
          .string()
          .regex(CARD_NUMBER_SHAPE, INVALID_CARD_NUMBER)
          // Zod runs refinements after a failed pattern too: one message, not the same twice.
          .refine((number) => !CARD_NUMBER_SHAPE.test(number) || passesLuhn(number), INVALID_CARD_NUMBER),
      ),
    expiry: z
      .string({
        required_error: "Escribe la fecha de caducidad (MM/AA).",
        invalid_type_error: "Escribe la fecha de caducidad (MM/AA).",
      })
      .trim()
      .regex(EXPIRY_SHAPE, "Escribe la fecha de caducidad como MM/AA.")
      // A month 13 is no date, not an expired card: only a well-written date is checked for expiry.
      .refine((expiry) => !EXPIRY_SHAPE.test(expiry) || notExpired(expiry), "La tarjeta está caducada."),
    cvc: z
      .string({
        required_error: "Escribe el código de seguridad (CVC).",
        invalid_type_error: "El código de seguridad (CVC) no es válido.",
      })
      .trim()
      .regex(/^\d{3,4}$/, "El código de seguridad (CVC) no es válido."),
    holder: z
      .string({
        required_error: "Escribe el nombre del titular.",
        invalid_type_error: "Escribe el nombre del titular.",
      })
      .trim()
      .min(NAME_MIN_LENGTH, "Escribe el nombre del titular como aparece en la tarjeta.")
      .max(NAME_MAX_LENGTH, `El nombre del titular no puede superar los ${NAME_MAX_LENGTH} caracteres.`),
  },
  objectExpected("Envía los datos de la tarjeta."),
);
export type CardPaymentBody = z.infer<typeof cardPaymentBody>;

// ---- Answers ------------------------------------------------------------------------------------

/** A confirmed payment (or one already made: paying twice never charges twice) and the order as it is now. */
export const paymentAnswer = z.object({ message: z.string(), order: orderDetail });
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

/** How /payment takes a card: through PayPal, or in the labelled test-card mode without credentials. */
export const cardMode = z.enum(["paypal", "prueba"]);
export type CardMode = z.infer<typeof cardMode>;

export const paymentOptionsAnswer = z.object({ cardMode });
export type PaymentOptionsAnswer = z.infer<typeof paymentOptionsAnswer>;

/** Where to send the customer to approve the payment on PayPal. */
export const payPalApprovalAnswer = z.object({ approveUrl: z.string() });
export type PayPalApprovalAnswer = z.infer<typeof payPalApprovalAnswer>;

// ---- Calls --------------------------------------------------------------------------------------

/** Bearer calls on the caller's own order, except the options, which anyone may read. */
export const paymentEndpoints = {
  options: endpoint({ method: "GET", path: "/payment/options", query: noInput, answer: paymentOptionsAnswer }),
  wallet: endpoint({ method: "POST", path: "/payment/wallet", body: orderPaymentBody, answer: paymentAnswer }),
  /** Test-card mode only. */
  card: endpoint({ method: "POST", path: "/payment/card", body: cardPaymentBody, answer: paymentAnswer }),
  /** PayPal mode only. */
  paypalCreate: endpoint({
    method: "POST",
    path: "/payment/paypal/create",
    body: orderPaymentBody,
    answer: payPalApprovalAnswer,
  }),
  /** PayPal mode only: confirms once PayPal reports a COMPLETED capture of this order's amount. */
  paypalCapture: endpoint({
    method: "POST",
    path: "/payment/paypal/capture",
    body: paypalCaptureBody,
    answer: paymentAnswer,
  }),
};
