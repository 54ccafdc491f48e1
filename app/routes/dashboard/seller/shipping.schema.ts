import { z } from "zod";
import { typedDollars } from "#contract/money";
import { freeShippingFromCents, SHIPPING_FEE_MISSING, shippingFeeCents, shippingMode } from "#contract/shop-shipping";
import { SHIPPING_INTENT } from "./shipping.forms";

/**
 * The shipping form: the amounts typed in dollars ('4,50'), sent in cents with the API's own rules;
 * an own fee is needed only with `propia` (the API checks the same).
 */
export const shippingFormSchema = z
  .object({
    mode: shippingMode,
    shippingFee: typedDollars(SHIPPING_FEE_MISSING, shippingFeeCents).optional(),
    freeShippingFrom: typedDollars("", freeShippingFromCents).optional(),
  })
  .superRefine((value, context) => {
    if (value.mode === "propia" && value.shippingFee === undefined)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["shippingFee"], message: SHIPPING_FEE_MISSING });
  });

/** The page's forms by the intent their button sends (parseIntentForm). */
export const SHIPPING_FORMS = { [SHIPPING_INTENT]: shippingFormSchema };
