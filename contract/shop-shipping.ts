import { z } from "zod";
import { objectExpected } from "./fields";
import { endpoint, noInput } from "./http";
import { formatUsd } from "./money-format";
import { SHIPPING_MODES } from "./shop-shipping-labels";

/** A shop's own shipping (issue 34): its fee per order part and, if it wants, free shipping from a subtotal. */

export const SHIPPING_FEE_MISSING = "Escribe la tarifa de envío de tu tienda.";
export const SHIPPING_SAVED = "Envío guardado.";

/** The fee, in cents: 0 (always free) to 1 000 $. */
export const shippingFeeCents = z
  .number({ invalid_type_error: "La tarifa no es válida." })
  .int("La tarifa no es válida.")
  .min(0, "La tarifa no puede ser negativa.")
  .max(100_000, `La tarifa no puede superar ${formatUsd(100_000)}.`);

/** The part's subtotal from which shipping is free, in cents. */
export const freeShippingFromCents = z
  .number({ invalid_type_error: "El importe no es válido." })
  .int("El importe no es válido.")
  .min(1, "El envío gratis debe empezar en un importe mayor que cero.")
  .max(10_000_000, "El importe no es válido.");

export const shippingMode = z.enum(SHIPPING_MODES, {
  errorMap: () => ({ message: "Elige si usas la tarifa general o una propia." }),
});

/**
 * `tienda`: the store's rule (the fees are ignored and cleared); `propia`: the shop's fee, and free
 * shipping from `freeShippingFrom` of its part's subtotal when given.
 */
export const shopShippingBody = z
  .object(
    {
      mode: shippingMode,
      shippingFee: shippingFeeCents.nullable().default(null),
      freeShippingFrom: freeShippingFromCents.nullable().default(null),
    },
    objectExpected("Envía cómo cobras el envío."),
  )
  .superRefine((body, context) => {
    if (body.mode === "propia" && body.shippingFee === null)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["shippingFee"], message: SHIPPING_FEE_MISSING });
  });
export type ShopShippingBody = z.infer<typeof shopShippingBody>;

export const shopShippingAnswer = z.object({
  mode: shippingMode,
  /** Null with the store's rule. */
  shippingFee: z.number().int().nullable(),
  freeShippingFrom: z.number().int().nullable(),
  /** The store's rule, for the page to say what `tienda` means. */
  store: z.object({ shippingFee: z.number().int(), freeShippingThreshold: z.number().int() }),
});
export type ShopShippingAnswer = z.infer<typeof shopShippingAnswer>;

export const shopShippingSavedAnswer = z.object({ message: z.string(), shipping: shopShippingAnswer });

/** The seller's own shop (bearer, sellers only). */
export const shopShippingEndpoints = {
  get: endpoint({ method: "GET", path: "/seller/shipping", query: noInput, answer: shopShippingAnswer }),
  save: endpoint({ method: "PUT", path: "/seller/shipping", body: shopShippingBody, answer: shopShippingSavedAnswer }),
};
