import { z } from "zod";
import { uuid } from "#contract/fields";
import { DELIVERY_STATUSES } from "#contract/order-labels";
import { trackingNumberInput, trackingNumberRule } from "#contract/orders";
import { ADMIN_RETURN_FORMS } from "~/forms/order-return.schema";
import { adminOrderIntents } from "./order.forms";

/**
 * A status form: what it moves (a shop's part or the whole order, hidden), the status chosen and,
 * to ship, the carrier's tracking number (the API's own rule).
 */
export const adminOrderStatusSchema = z
  .object({
    target: uuid("El pedido no es válido."),
    status: z.enum(DELIVERY_STATUSES, { errorMap: () => ({ message: "Elige el nuevo estado." }) }),
    trackingNumber: trackingNumberInput,
  })
  .superRefine(trackingNumberRule);

/** The page's forms by the intent their button sends (parseIntentForm). */
export const ADMIN_ORDER_FORMS = {
  [adminOrderIntents.part]: adminOrderStatusSchema,
  [adminOrderIntents.order]: adminOrderStatusSchema,
  ...ADMIN_RETURN_FORMS,
};
