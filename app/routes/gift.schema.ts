import { z } from "zod";
import { GIFT_COUPON_CODES, GIFT_VOUCHER_CODES, giftIntents } from "./gift.forms";

/** The page's buttons by the intent they send (parseIntentForm): each sends the code it names, or nothing. */
export const GIFT_FORMS = {
  [giftIntents.coupon]: z.object({ code: z.enum(GIFT_COUPON_CODES) }),
  [giftIntents.voucher]: z.object({ code: z.enum(GIFT_VOUCHER_CODES) }),
  [giftIntents.trialClass]: z.object({}),
};
