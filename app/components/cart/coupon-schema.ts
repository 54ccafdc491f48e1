import { z } from "zod";

/** The cart's coupon field, checked in the browser and again by the /card action (the API checks the code). */
export const couponSchema = z.object({
  code: z
    .string({ required_error: "Escriba el código del cupón." })
    .trim()
    .min(1, "Escriba el código del cupón.")
    .max(40, "Cupón no encontrado.")
    .transform((code) => code.toUpperCase()),
});

export const couponIntents = { apply: "apply-coupon", remove: "remove-coupon" } as const;
