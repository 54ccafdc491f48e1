import { data, redirect } from "@remix-run/node";
import { deadline } from "./times.server";
import { NETWORK_ERROR } from "#contract/messages";
import { ORDER_PLACED } from "#contract/orders";
import { PAYMENT_CONFIRMED } from "#contract/payments";
import type { FormAnswer } from "~/forms/form-answer";
import { answer, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { paymentIntents } from "~/routes/payment.forms";
import { CARD_FIELDS, cardSchema, PAYMENT_FORMS } from "~/routes/payment.schema";
import { shippingIntents } from "~/routes/shipping.forms";
import { SHIPPING_FIELDS, SHIPPING_FORMS, shippingSchema } from "~/routes/shipping.schema";
import { refusalOf } from "./account.server";
import { ApiError } from "./api.server";
import { requireAccount, type RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import {
  capturePayPalPayment,
  getCardMode,
  getCouponPreview,
  getOwnOrder,
  getWalletFunds,
  payWithTestCard,
  payWithWallet,
  placeOrder,
  presentOrder,
  startPayPalPayment,
} from "./orders.server";
import { getOwnProfile } from "./profile.server";
import { redirectWithFlash } from "./session.server";
import { getCart, getShopper } from "./shopper.server";

/** The checkout's pages: /shipping (the address, then the order is placed) and /payment. */

// ---- /shipping ----------------------------------------------------------------------------------

/** The API names a refused field `shippingInfo.phone`; the form calls it `phone`. */
const API_FIELD_NAMES = Object.fromEntries(SHIPPING_FIELDS.map((field) => [`shippingInfo.${field}`, field]));

/** The cart to order, its coupon, and the profile's address to start the form with. Signed-in only. */
export async function loadShipping(args: RequestArgs) {
  const account = requireAccount(args);
  const shopper = getShopper(args);
  // The coupon's preview after the cart: reading the cart lowers lines that hold more than is left,
  // and a percentage worked out on the old quantities would show a total the order then refuses.
  const [cart, profile] = await Promise.all([getCart(shopper), getOwnProfile(account)]);
  const coupon = await getCouponPreview(account);
  return {
    cart,
    constraints: formConstraints({ shipping: shippingSchema }),
    coupon: coupon.coupon ? { code: coupon.coupon.code, discount: coupon.discount } : null,
    // The shops' own coupons (issue 34): what each takes off its shop's products, by shop.
    shopCoupons: coupon.shopCoupons.map(({ code, shopId, discount }) => ({ code, shopId, discount })),
    shopDiscount: coupon.shopDiscount,
    defaults: {
      name: profile.name,
      phone: profile.phone,
      address: profile.address.line,
      province: profile.address.province,
      city: profile.address.city,
      area: profile.address.area,
      postCode: profile.address.postCode,
    },
  };
}

/** Places the order of the lines shown, then to its payment with a flash. */
export async function shippingAction(args: RequestArgs) {
  const account = requireAccount(args);
  const form = await parseIntentForm(args.request, SHIPPING_FORMS);
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case shippingIntents.placeOrder:
      try {
        const { items, expectedTotal, ...shippingInfo } = form.value;
        const { orderId, message } = await placeOrder(account, { shippingInfo, items, expectedTotal });
        return redirectWithFlash(args.context, `/payment?${new URLSearchParams({ orderId })}`, {
          kind: "success",
          message: message || ORDER_PLACED,
        });
      } catch (error) {
        if (error instanceof Response) throw error;
        // Short stock, an empty cart, a coupon no longer valid, a total changed since the summary was
        // drawn: said above the form, values kept, and the summary beside it drawn anew.
        const { status, formErrors, fieldErrors } = refusalOf(error, SHIPPING_FIELDS, API_FIELD_NAMES);
        return answer({ intent: form.intent, result: form.reply({ formErrors, fieldErrors }) }, status);
      }
  }
}

// ---- /payment -----------------------------------------------------------------------------------

function confirmPath(orderId: string): string {
  return `/order/confirm/${encodeURIComponent(orderId)}`;
}

/** The API's message of a refused payment, or the network one. */
function paymentRefusal(error: unknown): { status: number; message: string } {
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  logError("El pago falló", error);
  return { status: 503, message: NETWORK_ERROR };
}

/**
 * /payment?orderId= (SPEC.md section 2, DESIGN.md section 3). Only the order's owner reaches it;
 * a paid order goes to its confirmation. PayPal sends the customer back here with `token` (its
 * order id) to capture, or with `cancelado=1`.
 */
export async function loadPayment(args: RequestArgs) {
  const account = requireAccount(args);
  const url = new URL(args.request.url);
  const orderId = url.searchParams.get("orderId");
  // Without an order there is nothing to pay here: the user's orders say which one waits, as /order/summary does.
  if (!orderId) throw redirect("/dashboard/my-orders");
  const order = await getOwnOrder(account, orderId);
  let notice: string | null = null;
  let captured = false;

  // PayPal adds its `token` to the cancel address too, so a cancelled payment is told apart first.
  const paypalOrderId = url.searchParams.get("token");
  if (url.searchParams.get("cancelado") === "1" && order.payment_status === "sin_pagar") {
    notice = "Cancelaste el pago con PayPal: tu pedido sigue sin pagar.";
  } else if (paypalOrderId && order.payment_status === "sin_pagar" && !order.expired) {
    try {
      await capturePayPalPayment(account, order._id, paypalOrderId);
      captured = true;
    } catch (error) {
      if (error instanceof Response) throw error;
      notice = paymentRefusal(error).message;
    }
  }

  // Thrown, not returned: the page's data type stays the page's.
  if (captured)
    throw await redirectWithFlash(args.context, confirmPath(order._id), {
      kind: "success",
      message: PAYMENT_CONFIRMED,
    });
  if (order.payment_status === "pagado") throw await redirect(confirmPath(order._id));

  const payable = order.payment_status === "sin_pagar" && !order.expired && order.delivery_status !== "cancelado";
  const [cardMode, wallet] = payable
    ? await Promise.all([getCardMode(args.context.api), getWalletFunds(account)])
    : [null, null];
  return {
    order: presentOrder(order),
    payBefore: deadline(order.expiresAt),
    payable,
    cardMode,
    constraints: formConstraints({ card: cardSchema }),
    wallet,
    notice,
  };
}

/** The card form's answer: a new `attempt` each time, the key that draws the form anew. */
type CardAnswer = FormAnswer & { attempt: string };

/** Pays the order of the page's address with the wallet, the test card, or through PayPal. */
export async function paymentAction(args: RequestArgs) {
  const account = requireAccount(args);
  // The order must be the user's own: an unknown or foreign one is the 404 page here too.
  const { _id: orderId } = await getOwnOrder(account, new URL(args.request.url).searchParams.get("orderId"));
  // The card's code is never sent back; its number only when the card was not refused by the API.
  const form = await parseIntentForm(args.request, PAYMENT_FORMS, { hideFields: ["cvc"] });
  // Each answer to the card form renews it, so the browser (scripts on too) shows only what the server sent back.
  const attempt = crypto.randomUUID();
  if (!form.ok) {
    if (form.intent !== paymentIntents.payWithCard) return form.answer;
    return data<CardAnswer>({ ...form.answer.data, attempt }, { status: 400 });
  }
  switch (form.intent) {
    case paymentIntents.payWithWallet:
      try {
        await payWithWallet(account, orderId);
      } catch (error) {
        if (error instanceof Response) throw error;
        const { status, message } = paymentRefusal(error);
        return answer({ intent: form.intent, result: null, notice: message }, status);
      }
      return redirectWithFlash(args.context, confirmPath(orderId), { kind: "success", message: PAYMENT_CONFIRMED });
    case paymentIntents.payWithCard:
      try {
        await payWithTestCard(account, { orderId, ...form.value });
      } catch (error) {
        if (error instanceof Response) throw error;
        // A declined card is said above the form; the number and code are never sent back.
        const { status, formErrors, fieldErrors } = refusalOf(error, CARD_FIELDS);
        const result = form.reply({ formErrors, fieldErrors, hideFields: ["cardNumber", "cvc"] });
        return data<CardAnswer>({ intent: form.intent, result, attempt }, { status });
      }
      return redirectWithFlash(args.context, confirmPath(orderId), { kind: "success", message: PAYMENT_CONFIRMED });
    case paymentIntents.payWithPayPal: {
      let approveUrl: string;
      try {
        approveUrl = await startPayPalPayment(account, orderId);
      } catch (error) {
        if (error instanceof Response) throw error;
        const { status, message } = paymentRefusal(error);
        return answer({ intent: form.intent, result: null, notice: message }, status);
      }
      return redirect(approveUrl);
    }
  }
}
