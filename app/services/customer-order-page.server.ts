import { dateTime, deadline } from "./times.server";
import { answer, answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { orderDetailsIntents } from "~/routes/dashboard/order-details.forms";
import { offerFormSchema, ORDER_DETAILS_FORMS, receiptFormSchema } from "~/routes/dashboard/order-details.schema";
import { refusalOf } from "./account.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import {
  confirmReceipt,
  getCustomerOrder,
  getOrderOffers,
  presentCustomerOrder,
  proposeOffer,
  type ListedOffer,
} from "./customer-orders.server";
import { redirectWithFlash } from "./session.server";
import { ORDER_MESSAGE_INTENT } from "~/forms/order-message.forms";
import { orderMessageFormSchema } from "~/forms/order-message.schema";
import { loadOrderThreads, sendOrderMessage } from "./order-messages.server";
import { orderReturnIntents } from "~/forms/order-return.forms";
import { RETURN_FORM_SCHEMAS } from "~/forms/order-return.schema";
import { loadOrderReturns, returnFormTarget, sendReturnForm } from "./order-returns.server";

/**
 * /dashboard/order/details/{orderId}: the user's own order (anything else is the 404 page) with
 * the offers on each shop's part. Offers are read on their own: when they cannot be loaded the
 * rest of the order still shows.
 */
export async function loadCustomerOrderPage(account: AccountClient, orderId: string | undefined) {
  const order = await getCustomerOrder(account, orderId);
  // Each read on its own, once the order is known to be the user's: neither waits for the other.
  const [offers, messages, returns] = await Promise.all([
    getOrderOffers(account, order._id),
    loadOrderThreads(account, order._id),
    loadOrderReturns(account, order._id),
  ]);
  return {
    order: presentCustomerOrder(order),
    placedAt: dateTime(order.createdAt),
    paidAt: order.paidAt ? dateTime(order.paidAt) : null,
    payBefore: deadline(order.expiresAt),
    offers: offers
      ? offers.map(
          (offer): ListedOffer => ({
            ...offer,
            madeAt: dateTime(offer.createdAt),
            answerBy: `${dateTime(offer.expiresAt)} (${deadline(offer.expiresAt).left})`,
          }),
        )
      : null,
    // One for the forms of each kind, whatever the shop's part.
    constraints: formConstraints({ offer: offerFormSchema, receipt: receiptFormSchema }),
    messages,
    messageConstraint: formConstraints({ message: orderMessageFormSchema }).message,
    returns,
    returnConstraints: formConstraints(RETURN_FORM_SCHEMAS),
  };
}

/**
 * An offer on one unpaid part of the user's own order, or «Lo he recibido» on a sent one; each
 * part's form is told apart by its id. A refused confirmation (already confirmed, cancelled
 * meanwhile) is said beside its form, and the page reads the order again.
 */
export async function customerOrderAction(args: RequestArgs, account: AccountClient, orderId: string | undefined) {
  const order = await getCustomerOrder(account, orderId);
  const form = await parseIntentForm(args.request, ORDER_DETAILS_FORMS, { target: returnFormTarget });
  if (!form.ok) return form.answer;
  switch (form.intent) {
    case orderDetailsIntents.proposeOffer: {
      const target = form.value.shopOrderId;
      if (!order.suborders.some((suborder) => suborder._id === target)) throw new Response(null, { status: 400 });
      try {
        const { message } = await proposeOffer(account, form.value);
        return redirectWithFlash(args.context, new URL(args.request.url).pathname, { kind: "success", message });
      } catch (error) {
        if (error instanceof Response) throw error;
        // Every refusal (not lower, one pending, order paid meanwhile) is about the price typed.
        const { status, formErrors } = refusalOf(error, []);
        return answer(
          { intent: form.intent, target, result: form.reply({ fieldErrors: { price: formErrors } }) },
          status,
        );
      }
    }
    case orderDetailsIntents.confirmReceipt: {
      const target = form.value.shopOrderId;
      if (!order.suborders.some((suborder) => suborder._id === target)) throw new Response(null, { status: 400 });
      try {
        const { message } = await confirmReceipt(account, target);
        return redirectWithFlash(args.context, new URL(args.request.url).pathname, { kind: "success", message });
      } catch (error) {
        return answerRefused(error, form, { fields: [], target });
      }
    }
    case ORDER_MESSAGE_INTENT: {
      if (!order.suborders.some((suborder) => suborder._id === form.value.shopOrderId))
        throw new Response(null, { status: 400 });
      return sendOrderMessage(args, account, "cliente", form, new URL(args.request.url).pathname);
    }
    case orderReturnIntents.request: {
      if (!order.suborders.some((suborder) => suborder._id === form.value.shopOrderId))
        throw new Response(null, { status: 400 });
      return sendReturnForm(args, account, "cliente", form, new URL(args.request.url).pathname);
    }
  }
}
