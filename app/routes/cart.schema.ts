import { couponBody } from "#contract/coupons";

/** The cart's coupon field, checked in the browser and again by the /card action with the API's own schema. */
export const couponSchema = couponBody;
