import { z } from "zod";
import { shippingInfoInput } from "#contract/orders";
import { shippingIntents } from "./shipping.forms";

/**
 * Nombre completo, Dirección, Provincia, Ciudad, Zona/Área, Código postal, Teléfono, checked by
 * the contract's schema the API validates with (the same Spanish messages in the browser, in the
 * web's action and in the API); and, hidden, the cart lines and the total of the summary beside
 * the form, which the API checks are still what it would order. Only the page writes them, so a
 * value that is not a number is left for the API to compute without the check rather than
 * refused beside a field the shopper cannot see.
 */
export const shippingSchema = shippingInfoInput.extend({
  items: z.array(z.string()).default([]),
  expectedTotal: z.number().optional().catch(undefined),
});

export const SHIPPING_FIELDS = ["name", "address", "province", "city", "area", "postCode", "phone"] as const;

/** The page's form by the intent its button sends (parseIntentForm). */
export const SHIPPING_FORMS = { [shippingIntents.placeOrder]: shippingSchema };
