import { z } from "zod";

export type { PaymentAnswer, PaymentOptionsAnswer, PayPalApprovalAnswer } from "./contract.js";

export const INVALID_CARD_NUMBER = "Número de tarjeta no válido.";

/** An empty body arrives as null, not undefined: one text serves both cases. */
const objectExpected = (message: string) => ({ required_error: message, invalid_type_error: message });

const orderId = z.string({ required_error: "Falta el pedido.", invalid_type_error: "El pedido no es válido." }).uuid("El pedido no es válido.");

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

/** Whether a card expiring at the end of MM/AA is still valid this month. */
function notExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split("/").map(Number);
  return 2000 + year! > now.getUTCFullYear() || (2000 + year! === now.getUTCFullYear() && month! >= now.getUTCMonth() + 1);
}

export const orderPaymentBody = z.object({ orderId }, objectExpected("Envíe el pedido que desea pagar."));

export const paypalCaptureBody = z.object(
  {
    orderId,
    paypalOrderId: z
      .string({ required_error: "Falta el pago de PayPal.", invalid_type_error: "El pago de PayPal no es válido." })
      .regex(/^[A-Za-z0-9-]{1,64}$/, "El pago de PayPal no es válido."),
  },
  objectExpected("Envíe el pedido y el pago de PayPal."),
);

export const cardPaymentBody = z.object(
  {
    orderId,
    // Spaces and dashes are how people copy a card number; only the digits count.
    cardNumber: z
      .string({ required_error: "Escriba el número de la tarjeta.", invalid_type_error: INVALID_CARD_NUMBER })
      .transform((number) => number.replace(/[\s-]/g, ""))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, INVALID_CARD_NUMBER)
          .refine(passesLuhn, INVALID_CARD_NUMBER),
      ),
    expiry: z
      .string({ required_error: "Escriba la fecha de caducidad (MM/AA).", invalid_type_error: "Escriba la fecha de caducidad (MM/AA)." })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, "Escriba la fecha de caducidad como MM/AA.")
      .refine((expiry) => notExpired(expiry), "La tarjeta está caducada."),
    cvc: z
      .string({ required_error: "Escriba el código de seguridad (CVC).", invalid_type_error: "El código de seguridad (CVC) no es válido." })
      .trim()
      .regex(/^\d{3,4}$/, "El código de seguridad (CVC) no es válido."),
    holder: z
      .string({ required_error: "Escriba el nombre del titular.", invalid_type_error: "Escriba el nombre del titular." })
      .trim()
      .min(2, "Escriba el nombre del titular como aparece en la tarjeta.")
      .max(80, "El nombre del titular no puede superar los 80 caracteres."),
  },
  objectExpected("Envíe los datos de la tarjeta."),
);
export type CardPaymentBody = z.infer<typeof cardPaymentBody>;
