import { z } from "zod";
import { couponBody } from "#contract/coupons";
import { SHOPPER_FORMS } from "~/forms/shopper.schema";
import { couponIntents } from "./cart.forms";

/** The cart's coupon field, checked in the browser and again by the /card action with the API's own schema. */
export const couponSchema = couponBody;

/** The page's forms by the intent their button sends (parseIntentForm): the lines' buttons and the coupon's. */
export const CART_FORMS = {
  ...SHOPPER_FORMS,
  [couponIntents.apply]: couponSchema,
  [couponIntents.remove]: z.object({}),
  [couponIntents.removeShop]: z.object({ code: z.string().trim().min(1).max(40) }),
};
