import { returnEndpoints, type OrderReturn, type ReturnablePart } from "#contract/returns";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { answerRefused } from "~/forms/form-answer.server";
import { orderReturnIntents } from "~/forms/order-return.forms";
import type { SELLER_RETURN_FORMS, CUSTOMER_RETURN_FORMS } from "~/forms/order-return.schema";
import type { AccountClient, RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import { redirectWithFlash } from "./session.server";
import { dateTime } from "./times.server";

/** A return with its moments already written for people. */
export type ListedReturn = OrderReturn & {
  askedAt: string;
  answeredOn: string | null;
  receivedOn: string | null;
  /** When an admin may answer in the shop's place, and whether that moment has come. */
  adminMayAnswerOn: string;
  adminMayAnswer: boolean;
  /** An accepted return's: when an admin may mark it received in the shop's place, and whether that moment has come. */
  adminMayReceiveOn: string | null;
  adminMayReceive: boolean;
};

export type ListedReturnablePart = ReturnablePart & { returnableUntilOn: string | null };

export interface OrderReturns {
  returns: ListedReturn[];
  parts: ListedReturnablePart[];
}

/**
 * An order's returns and what is left to return (`GET /returns/order/{orderId}`), or null when they
 * cannot be read: the page says so there and shows the rest of the order.
 */
export async function loadOrderReturns(account: AccountClient, orderId: string): Promise<OrderReturns | null> {
  try {
    const { returns, parts } = await account.call(returnEndpoints.list, { params: { orderId } });
    const now = Date.now();
    return {
      returns: returns.map((orderReturn) => ({
        ...orderReturn,
        askedAt: dateTime(orderReturn.createdAt),
        answeredOn: orderReturn.answeredAt ? dateTime(orderReturn.answeredAt) : null,
        receivedOn: orderReturn.receivedAt ? dateTime(orderReturn.receivedAt) : null,
        adminMayAnswerOn: dateTime(orderReturn.adminMayAnswerAt),
        adminMayAnswer: Date.parse(orderReturn.adminMayAnswerAt) <= now,
        adminMayReceiveOn: orderReturn.adminMayReceiveAt ? dateTime(orderReturn.adminMayReceiveAt) : null,
        adminMayReceive: orderReturn.adminMayReceiveAt !== null && Date.parse(orderReturn.adminMayReceiveAt) <= now,
      })),
      parts: parts.map((part) => ({
        ...part,
        returnableUntilOn: part.returnableUntil ? dateTime(part.returnableUntil) : null,
      })),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudieron cargar las devoluciones del pedido", error);
    return null;
  }
}

type Reply = (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;

type ReturnForms = typeof CUSTOMER_RETURN_FORMS & typeof SELLER_RETURN_FORMS;

/** A parsed return form of a page, as parseIntentForm hands it over. */
export type ReturnForm = {
  [Intent in keyof ReturnForms]: { intent: Intent; value: z.output<ReturnForms[Intent]>; reply: Reply };
}[keyof ReturnForms];

/** The form a return form's answer belongs to: the part for a request, the return otherwise. */
export function returnFormTarget(formData: FormData): string {
  return String(formData.get("returnId") ?? formData.get("shopOrderId") ?? "");
}

/**
 * Sends a return form as the customer, the shop's seller or an admin (`by`), then back to `back`
 * with a flash. A refusal is said beside the form, what was typed kept; a conflict (409: answered,
 * received or the window closed meanwhile) becomes the form's notice and the page reads the order again.
 */
export async function sendReturnForm(
  args: RequestArgs,
  account: AccountClient,
  by: "cliente" | "tienda" | "admin",
  form: ReturnForm,
  back: string,
) {
  const target =
    form.intent === orderReturnIntents.request ? form.value.shopOrderId : (form.value as { returnId: string }).returnId;
  try {
    const { message } = await sendReturn(account, by, form);
    return redirectWithFlash(args.context, back, { kind: "success", message });
  } catch (error) {
    if (form.intent === orderReturnIntents.request)
      return answerRefused(error, form, { fields: ["reason"], target, pageErrors: [401] });
    // The answer form's one text is the API's instructions or reason.
    const fieldNames = { instructions: "text", reason: "text" };
    return answerRefused(error, form, { fields: ["instructions", "reason"], fieldNames, target, pageErrors: [401] });
  }
}

function sendReturn(account: AccountClient, by: "cliente" | "tienda" | "admin", form: ReturnForm) {
  const answerCall = by === "admin" ? returnEndpoints.adminAnswer : returnEndpoints.sellerAnswer;
  const receivedCall = by === "admin" ? returnEndpoints.adminReceived : returnEndpoints.sellerReceived;
  switch (form.intent) {
    case orderReturnIntents.request:
      return account.call(returnEndpoints.request, { body: form.value });
    case orderReturnIntents.accept:
      return account.call(answerCall, {
        params: { id: form.value.returnId },
        body: { decision: "aceptar", instructions: form.value.text },
      });
    case orderReturnIntents.refuse:
      return account.call(answerCall, {
        params: { id: form.value.returnId },
        body: { decision: "rechazar", reason: form.value.text },
      });
    case orderReturnIntents.received:
      return account.call(receivedCall, { params: { id: form.value.returnId }, body: null });
  }
}
