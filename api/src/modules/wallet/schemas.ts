import { z } from "zod";

export type { VoucherRedeemedAnswer, WalletAnswer } from "./contract.js";

/** An empty body arrives as null, not undefined: one text serves both cases. */
const objectExpected = (message: string) => ({ required_error: message, invalid_type_error: message });

export const walletParams = z.object({ id: z.string({ required_error: "El usuario no es válido." }).uuid("El usuario no es válido.") });

export const voucherBody = z.object(
  {
    code: z
      .string({ required_error: "Escriba el código del voucher.", invalid_type_error: "Escriba el código del voucher." })
      .trim()
      .min(1, "Escriba el código del voucher.")
      .max(40, "Voucher no encontrado.")
      .toUpperCase(),
  },
  objectExpected("Escriba el código del voucher."),
);
