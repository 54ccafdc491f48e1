import { typedDollars } from "#contract/money";
import { OFFER_PRICE_MISSING, offerBody, offerPrice } from "#contract/offers";
import { voucherBody } from "#contract/wallet";

// The customer dashboard's forms. Their intents are in dashboard-intents.ts, which pages import without loading zod.

/**
 * The offer form: the price is typed in dollars ('45,50' or '45.50') and sent to the API in cents,
 * checked by the API's own price rule; the API checks it is below the shop's current subtotal.
 */
export const offerFormSchema = offerBody.extend({ price: typedDollars(OFFER_PRICE_MISSING, offerPrice) });

/** The wallet's voucher form, checked by the API's own schema. */
export const voucherFormSchema = voucherBody;
