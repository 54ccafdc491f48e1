import { COUPON_APPLIED, COUPON_SAVED_FOR_EMPTY_CART } from "#contract/coupons";
import { INVALID_REQUEST, NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { parseIntentForm } from "~/forms/form-answer.server";
import { GIFT_VOUCHER_CODES, giftIntents } from "~/routes/gift.forms";
import { GIFT_FORMS } from "~/routes/gift.schema";
import { ApiError } from "./api.server";
import type { RequestArgs } from "./auth.server";
import { applyCoupon, redeemVoucher, signInPath } from "./coupons.server";
import { logError } from "./log.server";
import { getPublicVouchers } from "./promotions.server";
import { redirectWithFlash } from "./session.server";
import { getCounts, getShopper } from "./shopper.server";
import { bookedMessage, bookTrialClass, getTrialClass } from "./trial-class.server";

/** The spec writes dates day-month-year with hyphens. */
function spanishDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}-${month}-${year}`;
}

/**
 * The vouchers' last days come from the API (an admin moves them on /dashboard/admin/coupons),
 * which also says whether each has passed, so the page and its hydration agree; a voucher is good
 * through its last day. The trial class's free places come from the API, with the user's booking
 * when signed in. The coupons and vouchers still show when either cannot be reached.
 */
export async function loadGift(args: RequestArgs) {
  const shopper = getShopper(args);
  const [expiries, trialClass] = await Promise.all([
    getPublicVouchers(args.context.api).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      logError("No se pudieron cargar las fechas de los vouchers", error);
      return [];
    }),
    getTrialClass(args.context.api, shopper).catch((error: unknown) => {
      if (error instanceof Response) throw error;
      logError("No se pudo cargar la clase de prueba", error);
      return null;
    }),
  ]);
  return {
    voucherExpiries: Object.fromEntries(
      GIFT_VOUCHER_CODES.map((code) => {
        const expiry = expiries.find((candidate) => candidate.code === code);
        return [
          code,
          expiry
            ? { expiresOn: expiry.expiresOn, expiresOnText: spanishDay(expiry.expiresOn), expired: expiry.expired }
            : null,
        ];
      }),
    ),
    trialClass,
  };
}

const SIGN_IN_MESSAGES = {
  [giftIntents.voucher]: "Inicia sesión para canjear un voucher.",
  [giftIntents.trialClass]: "Inicia sesión para reservar tu plaza en la clase de prueba.",
};

/**
 * 'Usar Cupón' puts the coupon on the user's cart and goes to it; 'Canjear Voucher' credits the
 * wallet; 'Reserva tu plaza' books the next trial class (DESIGN.md section 3). Plain POST forms, a
 * redirect with a flash either way. A coupon goes on any cart, a visitor's too; a voucher and a
 * booking need a signed-in user, so a visitor is sent to sign in and brought back here.
 */
export async function giftAction(args: RequestArgs) {
  const shopper = getShopper(args);
  const form = await parseIntentForm(args.request, GIFT_FORMS);
  // The buttons send only the page's own codes: another one was not sent from this page.
  if (!form.ok) return redirectWithFlash(args.context, "/gift", { kind: "error", message: INVALID_REQUEST });
  try {
    switch (form.intent) {
      case giftIntents.coupon: {
        await applyCoupon(shopper, form.value.code);
        // Said as it is: «Cupón aplicado.» above «Tu carrito está vacío.» read as a contradiction.
        const { cart } = await getCounts(shopper);
        return redirectWithFlash(args.context, "/card", {
          kind: "success",
          message: cart > 0 ? COUPON_APPLIED : COUPON_SAVED_FOR_EMPTY_CART,
        });
      }
      case giftIntents.trialClass: {
        if (!shopper.user) return signInFirst(args, form.intent);
        const booked = await bookTrialClass(shopper);
        return redirectWithFlash(args.context, "/gift#prueba-gratis", {
          kind: "success",
          message: bookedMessage(booked),
        });
      }
      case giftIntents.voucher: {
        if (!shopper.user) return signInFirst(args, form.intent);
        const { message } = await redeemVoucher(shopper, form.value.code);
        return redirectWithFlash(args.context, "/gift", { kind: "success", message });
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500)
      return redirectWithFlash(args.context, "/gift", { kind: "error", message: error.message });
    logError(`La acción ${form.intent} falló`, error);
    return redirectWithFlash(args.context, "/gift", { kind: "error", message: NETWORK_OR_SERVER_ERROR });
  }
}

function signInFirst(args: RequestArgs, intent: keyof typeof SIGN_IN_MESSAGES) {
  return redirectWithFlash(args.context, signInPath("/gift"), { kind: "error", message: SIGN_IN_MESSAGES[intent] });
}
