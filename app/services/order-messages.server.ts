import { dateTime } from "./times.server";
import { orderMessageEndpoints, type OrderMessageBody, type OrderMessageThread } from "#contract/order-messages";
import type { SubmissionResult } from "@conform-to/react";
import { answer } from "~/forms/form-answer.server";
import { ORDER_MESSAGE_INTENT } from "~/forms/order-message.forms";
import { refusalOf } from "./account.server";
import { forbidden } from "./admin.server";
import { ApiError } from "./api.server";
import type { AccountClient, RequestArgs } from "./auth.server";
import { logError } from "./log.server";
import { redirectWithFlash } from "./session.server";

/** A thread with each message's time already written for people. */
export type ListedOrderThread = Omit<OrderMessageThread, "messages"> & {
  messages: (OrderMessageThread["messages"][number] & { writtenAt: string })[];
};

/**
 * The message threads of an order the account may read (`GET /order-messages/{orderId}`), or null
 * when they cannot be read: the page says so there and shows the rest of the order.
 */
export async function loadOrderThreads(account: AccountClient, orderId: string): Promise<ListedOrderThread[] | null> {
  try {
    const { threads } = await account.call(orderMessageEndpoints.list, { params: { orderId } });
    return threads.map((thread) => ({
      ...thread,
      messages: thread.messages.map((message) => ({ ...message, writtenAt: dateTime(message.createdAt) })),
    }));
  } catch (error) {
    if (error instanceof Response) throw error;
    logError("No se pudieron cargar los mensajes del pedido", error);
    return null;
  }
}

/**
 * Sends a parsed message form as the customer or the shop's seller, then back to `back` with a
 * flash. Every refusal (too many messages, the shop suspended, the API unreachable) is said beside
 * the text, which is kept; a session gone bad (401) is the 403 page.
 */
export async function sendOrderMessage(
  args: RequestArgs,
  account: AccountClient,
  side: "cliente" | "tienda",
  form: {
    value: OrderMessageBody;
    reply: (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;
  },
  back: string,
) {
  const call = side === "cliente" ? orderMessageEndpoints.customerWrite : orderMessageEndpoints.sellerWrite;
  try {
    const { message } = await account.call(call, { body: form.value });
    return redirectWithFlash(args.context, back, { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw forbidden();
    const { status, formErrors, fieldErrors } = refusalOf(error, ["body"]);
    const body = [...(fieldErrors.body ?? []), ...formErrors];
    return answer(
      {
        intent: ORDER_MESSAGE_INTENT,
        target: form.value.shopOrderId,
        result: form.reply({ formErrors: [], fieldErrors: { body } }),
      },
      status,
    );
  }
}
